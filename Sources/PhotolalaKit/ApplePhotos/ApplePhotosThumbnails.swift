import Synchronization

/// Thumbnails of a library's assets, made from the derivatives Photos already made (a
/// 360-pixel JPEG instead of a 40-megapixel original), so assets whose original is only in
/// iCloud still show. Asset ids are unique across the library, so one loader serves every album.
struct ApplePhotosThumbnails: ThumbnailSource {
    let live: ApplePhotosLiveLibrary
    let imaging: ImageProcessor
    let maximumFileSize: Int64

    func loadThumbnail(for id: PhotoItem.ID) async throws -> Thumbnail {
        try await offload { [library = live.current.library, imaging, maximumFileSize] in
            let asset = try library.asset(uuid: id)
            guard let path = library.thumbnailSourcePath(of: asset) else {
                throw PhotolalaError.notAvailableLocally(asset.displayName, referenced: asset.isReference)
            }
            let contents = try FileContents(path: path, sizeLimit: maximumFileSize)
            return Thumbnail(md5: nil, jpeg: try imaging.thumbnail(of: contents.bytes, name: asset.displayName), origin: .generated)
        }
    }
}

/// What every scope of a library shares as a browser sees it: the built-in views shown, one
/// thumbnail loader, and the copy of the library its thumbnails were made from.
struct ApplePhotosBrowsing: Sendable {
    let views: [ApplePhotosLibrarySource.View]
    let thumbnails: ThumbnailLoader
    let thumbnailLibrary: LibraryCopy

    /// One copy of a library's database, replaced when Photos changed the library.
    final class LibraryCopy: Sendable {
        private let library: Mutex<ApplePhotosLibrary>

        init(_ library: ApplePhotosLibrary) {
            self.library = Mutex(library)
        }

        /// Takes `current` as the copy in use; whether it is another one than before.
        func replace(with current: ApplePhotosLibrary) -> Bool {
            library.withLock { known in
                defer { known = current }
                return known !== current
            }
        }
    }
}
