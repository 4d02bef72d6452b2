import Foundation
import Hummingbird
import PhotolalaKit

/// The Places view: the countries the served sources' photos were taken in, each country's
/// regions and each region's cities, as folders whose tiles give how many photos were taken
/// there and show the newest; a place's grid holds its photos. Built on the search index, so it
/// covers every served source at once, with Photos' own places and those found offline from GPS.
///
/// A place's folder id is the path to it, `IT`, `IT|Latium`, `IT|Latium|Rome` (the country by
/// its code, then names); the root is `~`.
struct PlacesSource: SearchResultItems {
    /// The id the page opens it under.
    static let id = "places"
    static let rootFolderID = "~"
    /// Between the country code, the region and the city of a folder id.
    private static let separator = "|"

    let search: ServedSearch
    /// Brings the index up to date with the served sources (``ServedSources/updateSearchIndex()``).
    let updateIndex: @Sendable () async -> Int

    var summary: PhotoSourceSummary {
        PhotoSourceSummary(
            kind: "places", name: "Places", configured: true, capabilities: [.sorting, .grouping, .preview, .star], rootFolder: Self.rootFolderID)
    }

    /// The folder's country, region and city, and those within it.
    /// - Throws: ``ServerError`` 404 for a place no photo was taken in.
    func folder(_ folderID: String) async throws -> PhotoFolder {
        let path = try path(folderID)
        _ = await updateIndex()
        var level = try search.places(Self.query(path))
        var breadcrumb = [PhotoFolder.Reference(id: Self.rootFolderID, name: "Places")]
        for depth in path.indices {
            guard let place = level.first(where: { Self.key(of: $0) == path[depth] }) else {
                throw ServerError(.notFound, "No photo was taken in '\(path.prefix(depth + 1).joined(separator: ", "))'.")
            }
            breadcrumb.append(PhotoFolder.Reference(id: Self.id(Array(path.prefix(depth + 1))), name: place.name))
            level = place.places
        }
        let within = level.map { PhotoFolder.Reference(id: Self.id(path + [Self.key(of: $0)]), name: $0.name, kind: "place") }
        return PhotoFolder(id: Self.id(path), name: breadcrumb.last?.name ?? "Places", breadcrumb: breadcrumb, folders: within, kind: "places")
    }

    /// How many photos were taken in the place, and the newest of them as its cover.
    func folderSummary(of folderID: String) async throws -> FolderSummary {
        let path = try path(folderID)
        let query = Self.query(path)
        let places = try search.places(query)
        guard let cover = try search.search(query, limit: 1).results.first else { throw ServerError(.notFound, "No photo was taken there.") }
        let place = path.isEmpty ? nil : places.first
        return FolderSummary(
            photoCount: place?.count ?? places.map(\.count).reduce(0, +), folderCount: place?.places.count ?? places.count,
            cover: SearchResultsListing.row(cover))
    }

    /// The photos taken in the place, newest first; at the root, every photo with a position.
    func listing(of folderID: String) throws -> any FolderListing {
        SearchResultsListing(query: Self.query(try path(folderID)), search: search, updateIndex: updateIndex)
    }

    /// The country code, region and city a folder id names (none for the root), as the page
    /// sent it: percent-encoded in the URL's path, which the router leaves as it came.
    /// - Throws: ``ServerError`` 404 for an id no place has.
    private func path(_ folderID: String) throws -> [String] {
        let id = folderID.removingPercentEncoding ?? folderID
        guard id != Self.rootFolderID else { return [] }
        let path = id.components(separatedBy: Self.separator)
        guard path.count <= 3, path.allSatisfy({ !$0.isEmpty }) else { throw ServerError(.notFound, "No place '\(id)'.") }
        return path
    }

    private static func id(_ path: [String]) -> String {
        path.isEmpty ? rootFolderID : path.joined(separator: separator)
    }

    /// What names a place in its folder id: a country's code, a region's or city's name.
    private static func key(of place: PlaceCount) -> String {
        place.countryCode ?? place.name
    }

    /// The photos taken in a place: its country, region and city, each a whole name.
    private static func query(_ path: [String]) -> SearchQuery {
        let fields: [SearchQuery.TextField] = [.country, .region, .city]
        guard !path.isEmpty else { return SearchQuery(terms: [SearchQuery.Term(.has(.gps))]) }
        return SearchQuery(terms: zip(fields, path).map { SearchQuery.Term(.field($0, $1)) })
    }
}
