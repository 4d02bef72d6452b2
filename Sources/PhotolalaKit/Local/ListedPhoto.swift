/// A photo in a folder listing with the facts a browser sorts and groups by, known without
/// opening the file: from the folder's catalog, or from `stat` when there is none.
public struct ListedPhoto: Sendable, Equatable {
    public let item: PhotoItem
    /// Unix seconds: when the photo was taken (catalog), or when the file was last modified.
    public let date: Int64?
    public let size: Int64?
    public let width: Int?
    public let height: Int?

    init(item: PhotoItem, date: Int64?, size: Int64?, width: Int? = nil, height: Int? = nil) {
        self.item = item
        self.date = date
        self.size = size
        self.width = width
        self.height = height
    }

    init(_ photo: ScannedPhoto) {
        self.init(item: photo.item, date: photo.status.map { $0.modifiedNanoseconds / 1_000_000_000 }, size: photo.status?.size)
    }
}
