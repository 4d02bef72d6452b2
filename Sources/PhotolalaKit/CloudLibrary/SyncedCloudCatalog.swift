import Foundation

/// The user's cloud catalog as last synced to this device, read from the database alone: what
/// `photolala cloud ls` lists, with the store unreachable or no credentials at hand too.
///
/// ```swift
/// let copy = SyncedCloudCatalog(userID: config.userID, catalogs: CatalogStore(database: engine.database))
/// if let synced = try copy.state().lastSyncDate { print(try copy.entries().count, "photos as of", synced) }
/// ```
public struct SyncedCloudCatalog: Sendable {
    let catalogs: CatalogStore
    /// The catalog's name in the database (its `directoryPath`).
    public let name: String

    /// - Parameters:
    ///   - userID: Whose catalog.
    ///   - catalogs: The database's catalogs, which hold the synced entries.
    public init(userID: String, catalogs: CatalogStore) {
        self.catalogs = catalogs
        self.name = "cloud:" + userID
    }

    /// The synced catalog's record; `nil` before the first sync.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    func record() throws -> CatalogRecord? {
        try catalogs.catalog(directoryPath: name)
    }

    /// The state of the last sync, without asking the store.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func state() throws -> CloudSyncState {
        let record = try record()
        let count = try record.map(catalogs.count(of:))
        var state = CloudSyncState(lastSyncDate: record?.lastSyncDate, manifestETag: record?.manifestETag, photoCount: count ?? 0)
        if record?.syncState == "partial" {
            state.error = "The last sync left out shards that failed their checksum; sync again."
        }
        return state
    }

    /// The synced catalog's entries in `order` (the first `limit` only, when given); none before the first sync.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func entries(order: CatalogStore.Order = .newestFirst, limit: Int? = nil) throws -> [CatalogEntry] {
        guard let record = try record() else { return [] }
        return try catalogs.entries(of: record, order: order, limit: limit)
    }

    /// The synced catalog's entry for one photo; `nil` when it does not list it.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func entry(md5: String) throws -> CatalogEntry? {
        guard let record = try record() else { return nil }
        return try catalogs.entry(md5: md5, in: record)
    }

    /// Files on this machine, under one of `roots`, whose content the synced catalog lists.
    /// Only files whose MD5 is known (catalogued, thumbnailed or starred here) and that have
    /// not changed since are returned, so an edited file is not taken for its backed-up copy.
    /// - Returns: MD5 by path.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    func filesOnThisDevice(under roots: [String]) throws -> [String: String] {
        guard !roots.isEmpty, let record = try record() else { return [:] }
        var files: [String: String] = [:]
        for file in try catalogs.recordedFiles(listedIn: record, under: roots) {
            guard let status = try? FileStatus(path: file.path), status.size == file.size, status.modifiedNanoseconds == file.modifiedNanoseconds
            else { continue }
            files[file.path] = file.md5
        }
        return files
    }

    /// The sizes of the backed-up photos: a file of another size cannot be one of them.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func sizes() throws -> Set<Int64> {
        guard let record = try record() else { return [] }
        return try catalogs.sizes(in: record)
    }
}
