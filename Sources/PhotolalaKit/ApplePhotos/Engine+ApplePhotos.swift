extension Engine {
    /// A source over the Apple Photos library at `path`, read-only.
    /// - Parameters:
    ///   - path: A `.photoslibrary` folder.
    ///   - scope: All Photos, a built-in view or one album.
    /// - Throws: ``PhotolalaError`` when `path` is no readable Photos 5+ library.
    public func applePhotosSource(
        libraryAt path: String, scope: ApplePhotosLibrarySource.Scope = .allPhotos
    ) throws -> ApplePhotosLibrarySource {
        ApplePhotosLibrarySource(
            live: try ApplePhotosLiveLibrary(path: path, workingDirectory: configuration.temporaryDirectory), scope: scope, imaging: imaging,
            maximumFileSize: configuration.maximumFileSize)
    }
}
