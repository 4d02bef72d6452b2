public import Foundation
public import GRDB

/// A folder's catalog as the database keeps it (seed 004's `PhotoCatalog`): a row of the
/// `catalog` table, which ``CatalogStore`` owns.
public struct CatalogRecord: Sendable, Equatable, Codable {
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

extension CatalogRecord: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "catalog"

    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let directoryPath = Column(CodingKeys.directoryPath)
        public static let directoryUUID = Column(CodingKeys.directoryUUID)
        public static let syncState = Column(CodingKeys.syncState)
        public static let manifestETag = Column(CodingKeys.manifestETag)
        public static let lastSyncDate = Column(CodingKeys.lastSyncDate)
        public static let modified = Column(CodingKeys.modified)
    }
}

/// A catalog not inserted yet: the database gives it its id (``CatalogRecord`` has one always).
struct NewCatalogRecord: Encodable, PersistableRecord {
    static let databaseTableName = CatalogRecord.databaseTableName
    var directoryPath: String
    var directoryUUID: String
    var created: Date
    var modified: Date
}
