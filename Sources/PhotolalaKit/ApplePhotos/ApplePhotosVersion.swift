/// Which Photos app and macOS wrote a library, from the Core Data model version it records.
///
/// Only used for display: the reader derives every table and column name from the schema, so a
/// version missing here still opens, shown as "unknown (model N)".
public struct ApplePhotosVersion: Sendable, Equatable {
    /// The first model version of Photos 5 (macOS 10.15); older libraries are not supported.
    static let firstSupportedModel = 13000

    /// `PLModelVersion` from `Z_METADATA`, e.g. 13703 (10.15.7) or 16320 (13.0).
    public let modelVersion: Int

    /// The Photos app's major version, e.g. 5 for macOS 10.15; `nil` when unknown.
    public var photosVersion: Int? { Self.release(of: modelVersion)?.photos }

    /// The macOS release, e.g. `"10.15"`; `nil` when unknown.
    public var macOS: String? { Self.release(of: modelVersion)?.macOS }

    /// "Photos 8, macOS 13", or "unknown (model N)" for a model version no table names.
    public var description: String {
        guard let photos = photosVersion, let macOS else { return "unknown (model \(modelVersion))" }
        return "Photos \(photos), macOS \(macOS)"
    }

    /// Model version ranges by release, exactly as osxphotos 0.77's `_constants.py` gives them
    /// (`_PHOTOS_5_MODEL_VERSION` … `_PHOTOS_12_MODEL_VERSION`); values between them are unknown.
    private static let releases: [(range: ClosedRange<Int>, photos: Int, macOS: String)] = [
        (13000...13999, 5, "10.15"),
        (14000...14999, 6, "11"),
        (15000...15999, 7, "12"),
        (16000...16999, 8, "13"),
        (17000...17999, 9, "14"),
        (18000...18999, 10, "15"),
        (19063...19999, 11, "26"),
        (270_000_000...270_999_999, 12, "27"),
    ]

    private static func release(of model: Int) -> (photos: Int, macOS: String)? {
        releases.first { $0.range.contains(model) }.map { ($0.photos, $0.macOS) }
    }
}
