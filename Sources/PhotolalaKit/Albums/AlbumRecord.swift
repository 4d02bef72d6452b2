/// An album, or an album folder that holds albums and folders, as the album book keeps it.
/// Every field an edit can change carries the stamp of that edit, so that merging two devices'
/// books keeps the later of each; a deleted album is kept, marked, so that a device that still
/// has it does not bring it back.
public struct AlbumRecord: Sendable, Hashable, Codable, Identifiable {
    /// A UUID, made when the album is.
    public let id: String
    /// Whether it holds albums and folders rather than photos.
    public let isFolder: Bool
    public let created: AlbumStamp
    public var name: AlbumStamped<String>
    /// The id of the folder it is in; `nil` at the top.
    public var parent: AlbumStamped<String?>
    public var deleted: AlbumStamped<Bool>
    /// The MD5 of the photo that stands for it; `nil`: its first.
    public var cover: AlbumStamped<String?>
    /// Its photos by MD5, those removed too.
    public var photos: [String: AlbumPhotoRecord]

    /// The MD5s of the photos in it, in its order.
    public var orderedPhotos: [(md5: String, record: AlbumPhotoRecord)] {
        photos.filter(\.value.isIn).sorted { ($0.value.position.value, $0.key) < ($1.value.position.value, $1.key) }
            .map { (md5: $0.key, record: $0.value) }
    }

    /// The photo that stands for it: its cover while in it, else its first.
    public var coverMD5: String? {
        if let cover = cover.value, photos[cover]?.isIn == true { return cover }
        return orderedPhotos.first?.md5
    }

    func merged(with other: Self) -> Self {
        var merged = self
        merged.name = name.merged(with: other.name)
        merged.parent = parent.merged(with: other.parent)
        merged.deleted = deleted.merged(with: other.deleted)
        merged.cover = cover.merged(with: other.cover)
        merged.photos.merge(other.photos) { $0.merged(with: $1) }
        return merged
    }
}
