/// Which Photos app and macOS wrote a library, from the Core Data model version it records.
///
/// Only used for display: the reader derives every table and column name from the schema, so a
/// version missing here still opens.
public struct ApplePhotosVersion: Sendable, Equatable {
    /// `PLModelVersion` from `Z_METADATA`, e.g. 13703 (10.15.7) or 16320 (13.0).
    public let modelVersion: Int

    /// The Photos app's major version, e.g. 5 for macOS 10.15; `nil` when unknown.
    public var photosVersion: Int? { Self.release(of: modelVersion)?.photos }

    /// The macOS release, e.g. `"10.15"`; `nil` when unknown.
    public var macOS: String? { Self.release(of: modelVersion)?.macOS }

    /// Model version ranges by release, as Photos wrote them (the same ranges osxphotos tests).
    private static let releases: [(range: ClosedRange<Int>, photos: Int, macOS: String)] = [
        (13000...13999, 5, "10.15"),
        (14000...14999, 6, "11"),
        (15000...15999, 7, "12"),
        (16000...16999, 8, "13"),
        (17000...17999, 9, "14"),
        (18000...18999, 10, "15"),
        (19000...19999, 11, "26"),
        (270_000_000...270_999_999, 12, "27"),
    ]

    private static func release(of model: Int) -> (photos: Int, macOS: String)? {
        releases.first { $0.range.contains(model) }.map { ($0.photos, $0.macOS) }
    }
}
