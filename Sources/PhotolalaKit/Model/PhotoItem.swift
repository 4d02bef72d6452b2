/// One photo as a browser sees it: an id only its source can interpret, and a name to show.
///
/// Everything else about a photo is loaded lazily through ``PhotoSource``, so a listing of
/// 100,000 items stays small. Two items are equal when their ids are.
public struct PhotoItem: Identifiable, Sendable {
    /// Opaque to callers: only the source that produced the item knows what it means.
    public let id: String
    /// For display only, never for lookups.
    public let displayName: String

    /// - Parameters:
    ///   - id: The source's identifier for the photo.
    ///   - displayName: The name shown under the photo.
    public init(id: String, displayName: String) {
        self.id = id
        self.displayName = displayName
    }
}

extension PhotoItem: Hashable {
    public static func == (lhs: PhotoItem, rhs: PhotoItem) -> Bool {
        lhs.id == rhs.id
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

extension PhotoItem: Codable {}
