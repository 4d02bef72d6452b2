/// Optional features a ``PhotoSource`` offers, so the browser shows only what works.
public struct PhotoSourceCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let albums = PhotoSourceCapabilities(rawValue: 1 << 0)
    public static let search = PhotoSourceCapabilities(rawValue: 1 << 1)
    public static let sorting = PhotoSourceCapabilities(rawValue: 1 << 2)
    public static let grouping = PhotoSourceCapabilities(rawValue: 1 << 3)
    public static let preview = PhotoSourceCapabilities(rawValue: 1 << 4)
    public static let star = PhotoSourceCapabilities(rawValue: 1 << 5)
    public static let restore = PhotoSourceCapabilities(rawValue: 1 << 6)
    /// Subfolders that can be opened as sources of their own.
    public static let folders = PhotoSourceCapabilities(rawValue: 1 << 7)
    /// Ratings, labels, keywords, titles and descriptions edited in the photos' XMP sidecars.
    public static let describe = PhotoSourceCapabilities(rawValue: 1 << 8)
}
