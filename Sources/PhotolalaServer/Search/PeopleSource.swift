import Foundation
import Hummingbird
import Logging
import PhotolalaKit

/// The People view: the people named in the served Apple Photos libraries, as folders whose
/// tiles give how many photos each is in and show the newest; a person's grid holds their
/// photos. Built on the search index, which holds the names Photos recorded for each face.
///
/// A person's folder id is their name as Photos has it; the root is `~`.
struct PeopleSource: SearchResultItems {
    /// The id the page opens it under.
    static let id = "people"
    static let rootFolderID = "~"

    let search: ServedSearch
    /// Brings the index up to date with the served sources (``ServedSources/updateSearchIndex()``).
    let updateIndex: @Sendable () async -> Int
    var logger = Logger(label: "photolala.people")

    var summary: PhotoSourceSummary {
        PhotoSourceSummary(
            kind: "people", name: "People", configured: true, capabilities: [.sorting, .grouping, .preview, .star], rootFolder: Self.rootFolderID)
    }

    /// The root's people, most photos first; a person's folder has none within.
    /// - Throws: ``ServerError`` 404 for a name no photo has.
    func folder(_ folderID: String) async throws -> PhotoFolder {
        let name = Self.name(folderID)
        _ = await updateIndex()
        let people = try search.people(Self.everyone)
        let root = PhotoFolder.Reference(id: Self.rootFolderID, name: "People")
        guard let name else {
            let folders = people.map { PhotoFolder.Reference(id: $0.label, name: $0.label, kind: "person") }
            return PhotoFolder(id: Self.rootFolderID, name: "People", breadcrumb: [root], folders: folders, kind: "people")
        }
        guard people.contains(where: { $0.label == name }) else { throw ServerError(.notFound, "No photo of '\(name)'.") }
        return PhotoFolder(id: name, name: name, breadcrumb: [root, PhotoFolder.Reference(id: name, name: name)], folders: [], kind: "people")
    }

    /// How many photos the person is in, and the newest of them as their tile's cover, framed
    /// on their face.
    func folderSummary(of folderID: String) async throws -> FolderSummary {
        let name = Self.name(folderID)
        let query = Self.query(name)
        let count = try search.people(query).first { $0.label == name }?.count
        guard let cover = try search.search(query, limit: 1).results.first else { throw ServerError(.notFound, "No photo of them.") }
        return FolderSummary(
            photoCount: count ?? 0, folderCount: 0, cover: SearchResultsListing.row(cover), coverRegion: name.flatMap { face(of: $0, in: cover) })
    }

    /// Where `person`'s face is in a photo found, when its source is a library that found it.
    private func face(of person: String, in hit: API.SearchHit) -> FaceRegion? {
        guard let source = search.sources.all.first(where: { $0.id == hit.source })?.source as? ApplePhotosLibrarySource,
            let uuid = source.applePhotoID(of: hit.id)
        else { return nil }
        do {
            return try source.library.face(of: person, inAsset: uuid)
        } catch {
            logger.warning("A face could not be read from the library; the person's tile shows the whole photo.", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// The person's photos, newest first; at the root, every photo with a named person.
    func listing(of folderID: String) throws -> any FolderListing {
        SearchResultsListing(query: Self.query(Self.name(folderID)), search: search, updateIndex: updateIndex)
    }

    /// The person a folder id names (`nil` for the root), as the page sent it: percent-encoded
    /// in the URL's path, which the router leaves as it came.
    private static func name(_ folderID: String) -> String? {
        let id = folderID.removingPercentEncoding ?? folderID
        return id == rootFolderID ? nil : id
    }

    /// Every photo with a named person.
    private static let everyone = SearchQuery(terms: [SearchQuery.Term(.has(.people))])

    private static func query(_ name: String?) -> SearchQuery {
        name.map { SearchQuery(terms: [SearchQuery.Term(.field(.person, $0))]) } ?? everyone
    }
}
