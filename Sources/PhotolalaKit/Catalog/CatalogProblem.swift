/// Something wrong with a catalog on disk, found while loading or verifying it.
public struct CatalogProblem: Sendable, Equatable, CustomStringConvertible {
    /// The shard file concerned, 0 to 15, or `nil` for the manifest.
    public let shard: Int?
    /// The line of the shard, for a malformed row.
    public let line: Int?
    public let message: String

    public var description: String { message }
}
