import Foundation
import Hummingbird
import PhotolalaKit

/// What a search of the served sources finds, as one more source the page opens like any
/// other: its folder id is the query, and each item's id (``SearchResultID``) names the served
/// source, folder and item the photo is, of which everything asked of the item is asked. So the
/// results fill the same grid as a folder, with sorting, grouping, the preview, the inspector,
/// the star and the export, and only what a served source shows is ever served.
struct SearchResultsSource: PhotoSource {
    /// The id the page opens it under.
    static let id = "search"

    let search: ServedSearch
    /// Brings the index up to date with the served sources (``ServedSources/updateSearchIndex()``).
    let updateIndex: @Sendable () async -> Void

    var summary: PhotoSourceSummary {
        PhotoSourceSummary(kind: "search", name: "Search", configured: true, capabilities: [.sorting, .grouping, .preview, .star], rootFolder: nil)
    }

    var privatePaths: [String] { [] }

    /// - Throws: ``ServerError`` 400 with what to write instead, for a query that cannot be read.
    func folder(_ folderID: String) async throws -> PhotoFolder {
        let name = "Search: \(try query(folderID).description)"
        return PhotoFolder(id: folderID, name: name, breadcrumb: [PhotoFolder.Reference(id: folderID, name: name)], folders: [], kind: "search")
    }

    func listing(of folderID: String) throws -> any FolderListing {
        SearchResultsListing(query: try query(folderID), search: search, updateIndex: updateIndex)
    }

    /// The query a folder id is: the text the page typed, percent-encoded in the URL's path,
    /// which the router leaves as it came.
    private func query(_ folderID: String) throws -> SearchQuery {
        do {
            return try SearchQuery(parsing: folderID.removingPercentEncoding ?? folderID)
        } catch {
            throw ServerError(.badRequest, error.message)
        }
    }

    /// The served source and its folder and item that a result's id names.
    /// - Throws: ``ServerError`` 404 for an id no result has, or a source not served.
    private func found(_ id: PhotoItem.ID) throws -> (source: any PhotoSource, folder: String, item: PhotoItem.ID) {
        guard let found = SearchResultID(id), found.source != Self.id else { throw ServerError(.notFound, "No photo '\(id)' among the results.") }
        return (try search.sources.source(found.source), found.folder, found.item)
    }

    func thumbnail(folder folderID: String, item: PhotoItem.ID, priority: ThumbnailPriority) async throws -> Thumbnail {
        let found = try found(item)
        return try await found.source.thumbnail(folder: found.folder, item: found.item, priority: priority)
    }

    func thumbnailTag(folder folderID: String, item: PhotoItem.ID) -> String? {
        guard let found = try? found(item) else { return nil }
        return found.source.thumbnailTag(folder: found.folder, item: found.item)
    }

    func metadata(folder folderID: String, item: PhotoItem.ID) async throws -> (metadata: PhotoMetadata, details: [PhotoDetail]) {
        let found = try found(item)
        return try await found.source.metadata(folder: found.folder, item: found.item)
    }

    func fullImageTag(folder folderID: String, item: PhotoItem.ID) async throws -> String? {
        let found = try found(item)
        return try await found.source.fullImageTag(folder: found.folder, item: found.item)
    }

    func fullImage(folder folderID: String, item: PhotoItem.ID) async throws -> FullImage {
        let found = try found(item)
        return try await found.source.fullImage(folder: found.folder, item: found.item)
    }

    func original(folder folderID: String, item: PhotoItem.ID) async throws -> OriginalFile {
        let found = try found(item)
        return try await found.source.original(folder: found.folder, item: found.item)
    }

    func filePath(folder folderID: String, item: PhotoItem.ID) async throws -> String {
        let found = try found(item)
        return try await found.source.filePath(folder: found.folder, item: found.item)
    }

    func itemID(forFilePath path: String, folder folderID: String) -> PhotoItem.ID? { nil }

    func applePhotoID(of item: PhotoItem.ID) -> String? {
        guard let found = try? found(item) else { return nil }
        return found.source.applePhotoID(of: found.item)
    }
}
