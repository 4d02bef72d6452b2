/// Every photo of every folder of a tree under one id space, `{folderID}/{itemID}`, so one
/// ``ThumbnailLoader`` (one memory budget, one queue) serves all the folders a browser opens.
struct FolderItems: ThumbnailSource {
    let folders: LocalFolders
    let files: PhotoFileReader

    static func id(folder: String, item: PhotoItem.ID) -> PhotoItem.ID {
        folder + "/" + item
    }

    /// The photo's file: the folder's id ends at the first `/`, which no folder id holds.
    /// - Throws: ``PhotolalaError/photoNotFound`` for an id without a folder, or a photo the
    ///   folder's listing does not show.
    func path(of id: PhotoItem.ID) throws -> String {
        guard let slash = id.firstIndex(of: "/") else { throw PhotolalaError.photoNotFound(id) }
        return try folders.path(of: String(id[id.index(after: slash)...]), inFolder: String(id[..<slash]))
    }

    /// A browser's thumbnail: a photo read for the first time gets its MD5 after the screen.
    func thumbnail(for id: PhotoItem.ID) async throws -> Thumbnail {
        let path = try path(of: id)
        return try await offload { [files] in try files.thumbnail(at: path, deferringIdentity: true) }
    }
}
