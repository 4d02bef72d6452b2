import Foundation
import PhotolalaKit

/// A folder tree on this machine, its folders browsed one at a time, with one thumbnail loader
/// (one memory budget, one queue) for all of them.
struct LocalServedSource: ServedSource {
    let tree: LocalPhotoSource
    let thumbnails: ThumbnailLoader
    let summary: API.Source
    let privatePaths: [String]

    /// - Parameters:
    ///   - folder: The tree's path as given (its root is the same with links followed).
    init(id: String, folder: String, tree: LocalPhotoSource, loaderConfiguration: ThumbnailLoader.Configuration) {
        self.tree = tree
        privatePaths = folder == tree.root ? [folder] : [folder, tree.root]
        thumbnails = ThumbnailLoader(source: FolderItems(tree: tree), configuration: loaderConfiguration)
        summary = API.Source(
            id: id, kind: "local", name: URL(fileURLWithPath: tree.root).lastPathComponent, configured: true,
            capabilities: API.names(of: tree.capabilities), rootFolder: LocalPhotoSource.rootFolderID)
    }

    func folder(_ folderID: String) async throws -> API.Folder {
        let folder = try tree.folderSource(id: folderID)
        let subfolders = try folder.subfolders().compactMap { found in
            tree.folderID(forPath: found.path).map { API.FolderRef(id: $0, name: found.name, kind: "folder") }
        }
        var breadcrumb = [API.FolderRef(id: LocalPhotoSource.rootFolderID, name: summary.name)]
        var path = tree.root
        for component in folder.root.dropFirst(tree.root.count).split(separator: "/") {
            path += "/" + component
            breadcrumb.append(API.FolderRef(id: tree.folderID(forPath: path) ?? folderID, name: String(component)))
        }
        return API.Folder(id: folderID, name: breadcrumb.last?.name ?? summary.name, breadcrumb: breadcrumb, folders: subfolders)
    }

    func listing(of folderID: String) throws -> any FolderListing {
        try tree.folderSource(id: folderID)
    }

    func folderSummary(of folderID: String) async throws -> API.FolderSummary {
        API.FolderSummary(try await tree.folderSource(id: folderID).summary())
    }

    /// The thumbnail, never one cached before the file last changed: a thumbnail from memory
    /// whose MD5 is not the one known for the file as it is now (size and time) is made again.
    func thumbnail(folder folderID: String, item: PhotoItem.ID, priority: ThumbnailPriority) async throws -> Thumbnail {
        let id = FolderItems.id(folder: folderID, item: item)
        let thumbnail = try await thumbnails.thumbnail(for: id, priority: priority)
        guard thumbnail.origin == .memory, thumbnail.md5 != thumbnailTag(folder: folderID, item: item) else { return thumbnail }
        await thumbnails.forget([id])
        return try await thumbnails.thumbnail(for: id, priority: priority)
    }

    func thumbnailTag(folder folderID: String, item: PhotoItem.ID) -> String? {
        try? tree.folderSource(id: folderID).knownMD5(for: item)
    }

    func metadata(folder folderID: String, item: PhotoItem.ID) async throws -> API.Metadata {
        API.Metadata(json: PhotoMetadataJSON(try await tree.folderSource(id: folderID).loadMetadata(for: item)))
    }

    /// The file's MD5, hashed now if the file changed since it was last seen.
    func fullImageTag(folder folderID: String, item: PhotoItem.ID) async throws -> String? {
        try await tree.folderSource(id: folderID).md5(for: item)
    }

    func fullImage(folder folderID: String, item: PhotoItem.ID) async throws -> FullImage {
        switch try await tree.folderSource(id: folderID).displayableFile(for: item) {
        case .original(let path, let mediaType): FullImage(body: .file(path: path), mediaType: mediaType)
        case .rendering(let jpeg): FullImage(body: .bytes(jpeg), mediaType: "image/jpeg")
        }
    }

    func original(folder folderID: String, item: PhotoItem.ID) async throws -> OriginalFile {
        let path = try tree.folderSource(id: folderID).path(for: item)
        return OriginalFile(body: .file(path: path), filename: URL(fileURLWithPath: path).lastPathComponent)
    }

    func filePath(folder folderID: String, item: PhotoItem.ID) async throws -> String {
        try tree.folderSource(id: folderID).path(for: item)
    }

    func itemID(forFilePath path: String, folder folderID: String) -> PhotoItem.ID? {
        (try? tree.folderSource(id: folderID))?.itemID(forPath: path)
    }
}
