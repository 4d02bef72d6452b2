extension Engine {
    /// A source over the Apple Photos library at `path`, read-only: its folders (All Photos, the
    /// built-in views, the albums) are listed by ``ApplePhotosLibrarySource/listing(of:)``.
    ///
    /// ```swift
    /// let source = try engine.applePhotosSource(libraryAt: path, views: [.favorites, .hidden])
    /// let favorites = try source.listing(of: ApplePhotosLibrarySource.View.favorites.rawValue)
    /// ```
    /// - Parameters:
    ///   - path: A `.photoslibrary` folder.
    ///   - views: The built-in views a browser is shown besides the albums, in Photos's order.
    ///   - thumbnailLoading: The memory budget and parallelism of the library's one thumbnail loader.
    /// - Throws: ``PhotolalaError`` when `path` is no readable Photos 5+ library.
    public func applePhotosSource(
        libraryAt path: String, views: [ApplePhotosLibrarySource.View] = [.favorites], thumbnailLoading: ThumbnailLoader.Configuration = .init()
    ) throws -> ApplePhotosLibrarySource {
        let live = try ApplePhotosLiveLibrary(path: path, workingDirectory: configuration.temporaryDirectory)
        let thumbnails = ThumbnailLoader(
            source: ApplePhotosThumbnails(live: live, imaging: imaging, maximumFileSize: configuration.maximumFileSize),
            configuration: loading(thumbnailLoading))
        return ApplePhotosLibrarySource(
            live: live, imaging: imaging, maximumFileSize: configuration.maximumFileSize, views: views, thumbnails: thumbnails, logger: logger)
    }
}
