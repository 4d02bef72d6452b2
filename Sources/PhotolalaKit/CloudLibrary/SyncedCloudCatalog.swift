import Foundation
import GRDB

/// The user's cloud catalog as last synced to this device, read from the database alone: what
/// `photolala cloud ls` lists, with the store unreachable or no credentials at hand too.
///
/// ```swift
/// let copy = SyncedCloudCatalog(userID: config.userID, engine: engine)
/// if let synced = try copy.state().lastSyncDate { print(try copy.entries().count, "photos as of", synced) }
/// ```
public struct SyncedCloudCatalog: Sendable {
    let database: PhotolalaDatabase
    /// The catalog's name in the database (its `directoryPath`).
    public let name: String

    /// - Parameters:
    ///   - userID: Whose catalog.
    ///   - engine: Its database holds the synced entries.
    public init(userID: String, engine: Engine) {
        self.init(userID: userID, database: engine.database)
    }

    init(userID: String, database: PhotolalaDatabase) {
        self.database = database
        self.name = "cloud:" + userID
    }

    /// The synced catalog's record; `nil` before the first sync.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    func record() throws -> CatalogRecord? {
        try CatalogStore(database: database).catalog(directoryPath: name)
    }

    /// The state of the last sync, without asking the store.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func state() throws -> CloudSyncState {
        let record = try record()
        let count = try record.map { record in
            try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM catalogEntry WHERE catalogId = ?", arguments: [record.id]) ?? 0 }
        }
        var state = CloudSyncState(lastSyncDate: record?.lastSyncDate, manifestETag: record?.manifestETag, photoCount: count ?? 0)
        if record?.syncState == "partial" {
            state.error = "The last sync left out shards that failed their checksum; sync again."
        }
        return state
    }

    /// The synced catalog's entries, newest first; none before the first sync.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func entries() throws -> [CatalogEntry] {
        guard let record = try record() else { return [] }
        return try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT \(CatalogStore.entryColumns) FROM catalogEntry WHERE catalogId = ? ORDER BY photoDate DESC, md5",
                arguments: [record.id]
            ).map(CatalogEntry.init)
        }
    }
}
