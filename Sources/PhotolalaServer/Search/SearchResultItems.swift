import Hummingbird
import PhotolalaKit

/// A source whose items are photos of the served sources (``SearchResultID``): the search
/// results, the Places and the People views. Everything asked of an item is asked of the served
/// source, folder and item it names, so such a source shows only what a served source shows, and
/// its grid has the preview, the inspector, the star and the export of any folder.
protocol SearchResultItems: PhotoSource {
    var search: ServedSearch { get }
}

extension SearchResultItems {
    var privatePaths: [String] { [] }

    /// The served source and its folder and item that a result's id names: only a source the
    /// page browses, never one of these views, so an id cannot lead back to one.
    /// - Throws: ``ServerError`` 404 for an id no result has, or a source not served.
    private func found(_ id: PhotoItem.ID) throws -> (source: any PhotoSource, folder: String, item: PhotoItem.ID) {
        guard let found = SearchResultID(id), let source = search.sources.all.first(where: { $0.id == found.source })?.source else {
            throw ServerError(.notFound, "No photo '\(id)' among the results.")
        }
        return (source, found.folder, found.item)
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
