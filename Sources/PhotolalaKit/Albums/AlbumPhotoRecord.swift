/// A photo of an album as the album book keeps it: when it was last added and last removed
/// (it is in the album when added after any removal), its place in the album's order, and
/// where it was added from. Merged field by field, so two devices that add, remove or reorder
/// photos of one album at once keep each other's changes.
public struct AlbumPhotoRecord: Sendable, Hashable, Codable {
    public var added: AlbumStamp
    public var removed: AlbumStamp?
    /// Photos are shown by this, smallest first.
    public var position: AlbumStamped<Double>
    /// Where it was added from, by its latest adding.
    public var origin: AlbumPhotoOrigin

    /// Whether the photo is in the album.
    public var isIn: Bool {
        removed.map { added > $0 } ?? true
    }

    func merged(with other: Self) -> Self {
        var merged = self
        if other.added > added {
            merged.added = other.added
            merged.origin = other.origin
        }
        merged.removed = [removed, other.removed].compactMap(\.self).max()
        merged.position = position.merged(with: other.position)
        return merged
    }
}
