extension LocalPhotoSource {
    /// A folder's summary for its tile, from one read of its names: no photo is opened, and only
    /// the cover is `stat`ed (for its version), so a parent of a thousand folders stays quick when
    /// its visible tiles each ask for theirs. The count is of the root's own photos, catalogued or
    /// not, as its listing shows them (a RAW+JPEG pair or a Live Photo is one).
    /// - Throws: ``PhotolalaError/unreadableFolder`` when the root cannot be read.
    static func tileSummary(of root: String) async throws -> FolderSummary {
        try await offload {
            var summary = FolderSummary(photoCount: 0, folderCount: 0, cover: nil)
            try DirectoryScanner(root: root, options: .init(recursive: false)).walk(isCancelled: { false }) { listing in
                // A RAW+JPEG pair or a Live Photo is one item, shown by its still.
                var companions = Set<Int>()
                for group in FilePairing.groups(ofNames: listing.photos.map(\.item.displayName)) {
                    companions.formUnion(group.companions.map(\.index))
                }
                let cover = listing.photos.indices.first { !companions.contains($0) }.map { index in
                    let photo = listing.photos[index]
                    return ListedPhoto(ScannedPhoto(item: photo.item, folder: photo.folder, status: try? FileStatus(path: photo.path)))
                }
                summary = FolderSummary(photoCount: listing.photos.count - companions.count, folderCount: listing.subfolders.count, cover: cover)
            }
            return summary
        }
    }
}
