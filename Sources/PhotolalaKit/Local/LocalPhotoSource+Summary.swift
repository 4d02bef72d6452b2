extension LocalPhotoSource {
    /// A folder's summary for its tile, from one read of its names: no photo is opened, and only
    /// the cover is `stat`ed (for its version), so a parent of a thousand folders stays quick when
    /// its visible tiles each ask for theirs. The count is of the root's own photos, catalogued or
    /// not, as its listing shows them.
    /// - Throws: ``PhotolalaError/unreadableFolder`` when the root cannot be read.
    static func tileSummary(of root: String) async throws -> FolderSummary {
        try await offload {
            var summary = FolderSummary(photoCount: 0, folderCount: 0, cover: nil)
            try DirectoryScanner(root: root, options: .init(recursive: false)).walk(isCancelled: { false }) { listing in
                let cover = listing.photos.first.map { photo in
                    ListedPhoto(ScannedPhoto(item: photo.item, folder: photo.folder, status: try? FileStatus(path: photo.path)))
                }
                summary = FolderSummary(photoCount: listing.photos.count, folderCount: listing.subfolders.count, cover: cover)
            }
            return summary
        }
    }
}
