extension LocalPhotoSource {
    /// The most folders read beneath one without photos of its own, for its cover.
    static let coverSearchFolders = 16

    /// A folder's summary for its tile, from one read of its names: no photo is opened, and only
    /// the cover is `stat`ed (for its version), so a parent of a thousand folders stays quick when
    /// its visible tiles each ask for theirs. The count is of the folder's own photos, catalogued
    /// or not, as its listing shows them (a RAW+JPEG pair or a Live Photo is one). A folder with
    /// none of its own (a year whose photos are in its months) takes the first photo beneath it
    /// as its cover, found in at most ``coverSearchFolders`` more reads, shallowest first.
    /// - Throws: ``PhotolalaError/unreadableFolder`` when the folder cannot be read.
    func tileSummary(ofFolderAt path: String) async throws -> FolderSummary {
        try await offload { [self] in
            var summary = FolderSummary(photoCount: 0, folderCount: 0, cover: nil)
            var beneath: [String] = []
            try Self.read(path) { listing in
                let cover = Self.cover(of: listing)
                summary = FolderSummary(
                    photoCount: listing.photos.count - cover.companions, folderCount: listing.subfolders.count, cover: cover.photo)
                beneath = listing.subfolders.map(\.path).sorted()
            }
            guard summary.cover == nil, !beneath.isEmpty else { return summary }
            var reads = 0
            while !beneath.isEmpty, reads < Self.coverSearchFolders {
                let folder = beneath.removeFirst()
                reads += 1
                var found: ListedPhoto?
                var deeper: [String] = []
                // A subfolder that cannot be read is passed over: the tile shows the others'.
                try? Self.read(folder) { listing in
                    found = Self.cover(of: listing).photo
                    deeper = listing.subfolders.map(\.path).sorted()
                }
                if let found, let id = folderID(forPath: folder) {
                    return FolderSummary(photoCount: summary.photoCount, folderCount: summary.folderCount, cover: found, coverFolder: id)
                }
                beneath += deeper
            }
            return summary
        }
    }

    private static func read(_ path: String, _ body: (DirectoryContents) -> Void) throws {
        try DirectoryScanner(root: path, options: .init(recursive: false)).walk(isCancelled: { false }, visit: body)
    }

    /// A folder's first photo that is an item of its own (a RAW+JPEG pair or a Live Photo is
    /// shown by its still), `stat`ed for its version, and how many files are companions.
    private static func cover(of listing: DirectoryContents) -> (photo: ListedPhoto?, companions: Int) {
        var companions = Set<Int>()
        for group in FilePairing.groups(ofNames: listing.photos.map(\.item.displayName)) {
            companions.formUnion(group.companions.map(\.index))
        }
        let cover = listing.photos.indices.first { !companions.contains($0) }.map { index in
            let photo = listing.photos[index]
            return ListedPhoto(ScannedPhoto(item: photo.item, folder: photo.folder, status: try? FileStatus(path: photo.path)))
        }
        return (cover, companions.count)
    }
}
