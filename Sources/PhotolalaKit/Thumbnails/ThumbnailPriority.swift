/// How urgently a thumbnail is wanted, from a cell on screen down to idle pre-generation.
public enum ThumbnailPriority: Int, Sendable, CaseIterable, Comparable, Codable {
    /// On screen now.
    case visible
    /// Within a screen of the visible area.
    case nearVisible
    /// Further along the scroll direction.
    case prefetch
    /// Everything else, when nothing more urgent waits.
    case background

    public static func < (lhs: ThumbnailPriority, rhs: ThumbnailPriority) -> Bool {
        lhs.rawValue > rhs.rawValue
    }
}
