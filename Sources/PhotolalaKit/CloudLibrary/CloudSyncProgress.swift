/// How far a cloud catalog sync has got, for a progress bar and the line under it (seed 004's
/// `syncProgress` and `syncStatusText`).
public struct CloudSyncProgress: Sendable, Equatable, Codable {
    /// 0 to 1.
    public var fraction: Double
    /// A sentence for people: "Downloading 3 changed shards…".
    public var status: String

    public init(fraction: Double, status: String) {
        self.fraction = min(1, max(0, fraction))
        self.status = status
    }
}
