public import Foundation

/// A folder's catalog as the database keeps it (seed 004's `PhotoCatalog`).
public struct CatalogRecord: Sendable, Equatable {
    public let id: Int64
    /// Absolute path of the folder, or a name such as `cloud:{userId}` for the backup's catalog.
    public let directoryPath: String
    public var directoryUUID: String
    /// `local` until the cloud sync records otherwise.
    public var syncState: String
    /// The cloud manifest's ETag at the last sync, so an unchanged cloud catalog costs one HEAD.
    public var manifestETag: String?
    public var lastSyncDate: Date?
    public var created: Date
    public var modified: Date
}
