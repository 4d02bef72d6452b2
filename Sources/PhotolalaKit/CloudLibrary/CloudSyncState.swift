public import Foundation

/// What the browser shows about the synced cloud catalog: when it was last synced, how many
/// photos it lists, and the last sync's error, if any. A failed sync is a state, not a thrown
/// error, because the previously synced catalog keeps working (offline mode).
public struct CloudSyncState: Sendable, Equatable, Codable {
    /// The last sync that reached the store; `nil` before the first.
    public var lastSyncDate: Date?
    /// The cloud manifest's ETag the local catalog matches.
    public var manifestETag: String?
    /// Photos in the local copy of the cloud catalog.
    public var photoCount: Int
    /// Shards this sync downloaded (0 to 15), in order.
    public var downloadedShards: [Int] = []
    /// Shards whose download failed its SHA-256 twice and were not imported.
    public var rejectedShards: [Int] = []
    /// The albums after the sync merged them with the bucket's; `nil` when they were not merged.
    public var albumCount: Int?
    /// Whether the store could not be reached: the catalog shown is the one of `lastSyncDate`.
    public var isOffline = false
    /// The last sync's failure, for people; `nil` when it succeeded.
    public var error: String?

    public init(lastSyncDate: Date?, manifestETag: String?, photoCount: Int) {
        self.lastSyncDate = lastSyncDate
        self.manifestETag = manifestETag
        self.photoCount = photoCount
    }
}
