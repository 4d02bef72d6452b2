/// Thumbnails of a library's assets, made from the derivatives Photos already made (a
/// 360-pixel JPEG instead of a 40-megapixel original), so assets whose original is only in
/// iCloud still show. Asset ids are unique across the library, so one loader serves every album.
struct ApplePhotosThumbnails: ThumbnailSource {
    let live: ApplePhotosLiveLibrary
    let imaging: ImageProcessor
    let maximumFileSize: Int64

    func thumbnail(for id: PhotoItem.ID) async throws -> Thumbnail {
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
