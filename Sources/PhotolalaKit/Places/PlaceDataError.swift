/// The place data (`places.tsv`, `borders.tsv`, `countries.tsv`) is missing or damaged.
public struct PlaceDataError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public var description: String { message }

    static func unreadable(_ path: String, _ reason: String) -> Self {
        .init(
            message:
                "The place data '\(path)' cannot be read (\(reason)): reinstall Photolala, or make it again with Scripts/make-places.py. Photos are shown without their places meanwhile."
        )
    }
}
