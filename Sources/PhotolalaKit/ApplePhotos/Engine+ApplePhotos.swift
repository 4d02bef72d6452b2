extension Engine {
    /// A source over the Apple Photos library at `path`, read-only.
    /// - Parameters:
    ///   - path: A `.photoslibrary` folder.
    ///   - scope: All Photos, a built-in view or one album.
    ///   - views: The built-in views a browser is shown besides the albums, in Photos's order.
    ///   - thumbnailLoading: The memory budget and parallelism of the library's one thumbnail loader.
    /// - Throws: ``PhotolalaError`` when `path` is no readable Photos 5+ library.
    public func applePhotosSource(
        libraryAt path: String, scope: ApplePhotosLibrarySource.Scope = .allPhotos, views: [ApplePhotosLibrarySource.View] = [.favorites],
        thumbnailLoading: ThumbnailLoader.Configuration = .init()
    ) throws -> ApplePhotosLibrarySource {
        let live = try ApplePhotosLiveLibrary(path: path, workingDirectory: configuration.temporaryDirectory)
        let thumbnails = ThumbnailLoader(
            source: ApplePhotosThumbnails(live: live, imaging: imaging, maximumFileSize: configuration.maximumFileSize),
            configuration: loading(thumbnailLoading))
        return ApplePhotosLibrarySource(
            live: live, scope: scope, imaging: imaging, maximumFileSize: configuration.maximumFileSize,
            browsing: ApplePhotosBrowsing(
                views: views, thumbnails: thumbnails, thumbnailLibrary: ApplePhotosBrowsing.LibraryCopy(live.current.library)))
    }
}
