extension ApplePhotosLibrarySource {
    /// This scope's summary for its tile: the photos its listing shows, the first of them in its
    /// order as the cover, and for a Photos folder the albums and folders inside it.
    /// - Throws: ``PhotolalaError`` when the database cannot be read or the album is unknown.
    func tileSummary() async throws -> FolderSummary {
        try await offload { [self] in
            let assets = try self.assets()
            var folders = 0
            if case .album(let uuid) = scope {
                folders = try library.albums().count { $0.parentUUID == uuid }
            }
            return FolderSummary(photoCount: assets.count, folderCount: folders, cover: assets.first.map { Self.listedPhoto($0, in: library) })
        }
    }
}
