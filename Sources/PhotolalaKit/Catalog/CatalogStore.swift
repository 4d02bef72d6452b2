public import Foundation
public import GRDB

/// The owner of the `catalog`, `catalogShard` and `catalogEntry` tables: folder catalogs and
/// the synced cloud catalog in the database, for what the CSV files cannot answer quickly
/// (the entry with MD5 X, the sizes of the backed-up photos, the newest photos first).
///
/// Each method is one transaction. A shard imported from CSV replaces the shard's entries:
/// the imported side wins.
///
/// ```swift
/// let store = CatalogStore(database: engine.database)
/// let record = try store.importCatalog(try engine.catalog(of: folder).load(), folder: folder)
/// let photo = try store.entry(md5: "3a1b2c3d4e5f60718293a4b5c6d7e8f9", in: record)
/// ```
public struct CatalogStore: Sendable {
    let database: PhotolalaDatabase

    public init(database: PhotolalaDatabase) {
        self.database = database
    }

    /// The order of entries read: as stored (quickest), or by photo date.
    public enum Order: Sendable {
        case stored
        case oldestFirst
        /// Newest first, MD5 breaking ties.
        case newestFirst
    }

    // MARK: - Catalogs

    /// The catalog of `directoryPath`, created with `directoryUUID` when there is none.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func findOrCreateCatalog(directoryPath: String, directoryUUID: String) throws -> CatalogRecord {
        try database.write { db in try Self.findOrCreate(db, directoryPath: directoryPath, directoryUUID: directoryUUID) }
    }

    /// The catalog of `directoryPath`, if the database has one.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func catalog(directoryPath: String) throws -> CatalogRecord? {
        try database.read { db in try Self.catalog(db, directoryPath: directoryPath) }
    }

    /// Records what the cloud sync learnt: its state, the manifest's ETag and when.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func recordSync(of catalog: CatalogRecord, state: String, manifestETag: String?, at date: Date) throws {
        try database.write { db in
            _ = try CatalogRecord.filter(key: catalog.id).updateAll(
                db, CatalogRecord.Columns.syncState.set(to: state), CatalogRecord.Columns.manifestETag.set(to: manifestETag),
                CatalogRecord.Columns.lastSyncDate.set(to: date))
        }
    }

    // MARK: - Entries

    /// The entry with `md5` in one catalog.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func entry(md5: String, in catalog: CatalogRecord) throws -> CatalogEntry? {
        try database.read { db in
            try Self.entries(of: catalog).filter(CatalogEntry.Columns.md5 == md5.lowercased()).fetchOne(db)
        }
    }

    /// The entries of a catalog, in `order`; the first `limit` only when one is given.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func entries(of catalog: CatalogRecord, order: Order = .stored, limit: Int? = nil) throws -> [CatalogEntry] {
        typealias Columns = CatalogEntry.Columns
        var request = Self.entries(of: catalog)
        switch order {
        case .stored: break
        case .oldestFirst: request = request.order(Columns.photoDate, Columns.md5)
        case .newestFirst: request = request.order(Columns.photoDate.desc, Columns.md5)
        }
        if let limit {
            request = request.limit(limit)
        }
        return try database.read { db in try request.fetchAll(db) }
    }

    /// How many entries a catalog has.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func count(of catalog: CatalogRecord) throws -> Int {
        try database.read { db in try Self.entries(of: catalog).fetchCount(db) }
    }

    /// The distinct sizes of a catalog's photos: a file of another size is none of them.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func sizes(in catalog: CatalogRecord) throws -> Set<Int64> {
        try database.read { db in
            try Set(Int64.fetchAll(db, Self.entries(of: catalog).select(CatalogEntry.Columns.size).distinct()))
        }
    }

    private static func entries(of catalog: CatalogRecord) -> QueryInterfaceRequest<CatalogEntry> {
        CatalogEntry.filter(CatalogEntry.Columns.catalogId == catalog.id)
    }

    // MARK: - Shards

    /// The SHA-256 of the CSV last imported into each shard of a catalog, by shard index;
    /// shards never imported (or emptied by ``removeEntries(of:)``) are left out.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func importedChecksums(of catalog: CatalogRecord) throws -> [Int: String] {
        try database.read { db in
            try CatalogShardRecord.filter(CatalogShardRecord.Columns.catalogId == catalog.id).fetchAll(db)
                .reduce(into: [Int: String]()) { checksums, shard in checksums[shard.shardIndex] = shard.checksum }
        }
    }

    /// Replaces one shard's entries with those of a CSV shard. Malformed rows are skipped and returned.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    @discardableResult
    public func importShard(_ index: Int, csv: [UInt8], into catalog: CatalogRecord) throws -> [CatalogProblem] {
        let (entries, rowProblems) = CatalogCSV.decode(csv)
        let checksum = ContentHash.sha256(of: csv)
        try database.write { db in
            try Self.replaceShard(db, index, with: entries.filter { $0.shard == index }, checksum: checksum, catalogID: catalog.id)
        }
        return rowProblems.map { CatalogProblem(shard: index, line: $0.line, message: "line \($0.line): \($0.reason)") }
    }

    /// Loads a whole folder catalog into the database in one transaction, every shard replaced.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    @discardableResult
    public func importCatalog(_ loaded: LoadedCatalog, folder: String) throws -> CatalogRecord {
        var byShard = [[CatalogEntry]](repeating: [], count: 16)
        loaded.entries.forEach { byShard[$0.shard].append($0) }
        let checksums = Dictionary(loaded.manifest.shards.map { ($0.index, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        return try database.write { db in
            var record = try Self.findOrCreate(db, directoryPath: folder, directoryUUID: loaded.manifest.directoryUUID)
            for index in 0..<16 where !loaded.rejectedShards.contains(index) {
                try Self.replaceShard(db, index, with: byShard[index], checksum: checksums[index], catalogID: record.id)
            }
            record.directoryUUID = loaded.manifest.directoryUUID
            record.modified = loaded.manifest.modified
            try record.update(db)
            return record
        }
    }

    /// Empties a catalog: no entries, no shard imported (the cloud has no catalog any more).
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func removeEntries(of catalog: CatalogRecord) throws {
        try database.write { db in
            _ = try Self.entries(of: catalog).deleteAll(db)
            _ = try CatalogShardRecord.filter(CatalogShardRecord.Columns.catalogId == catalog.id)
                .updateAll(db, CatalogShardRecord.Columns.checksum.set(to: nil))
        }
    }

    // MARK: - Statements

    private static func catalog(_ db: Database, directoryPath: String) throws -> CatalogRecord? {
        try CatalogRecord.filter(CatalogRecord.Columns.directoryPath == directoryPath).fetchOne(db)
    }

    private static func findOrCreate(_ db: Database, directoryPath: String, directoryUUID: String) throws -> CatalogRecord {
        if let record = try catalog(db, directoryPath: directoryPath) {
            return record
        }
        let now = Date()
        let record = try NewCatalogRecord(directoryPath: directoryPath, directoryUUID: directoryUUID, created: now, modified: now)
            .insertAndFetch(db, as: CatalogRecord.self)
        for index in 0..<16 {
            try CatalogShardRecord(catalogId: record.id, shardIndex: index, checksum: nil).insert(db)
        }
        return record
    }

    /// The shard's entries are those given, and nothing else; a CSV listing one MD5 twice
    /// keeps its last row.
    private static func replaceShard(_ db: Database, _ index: Int, with entries: [CatalogEntry], checksum: String?, catalogID: Int64) throws {
        _ = try CatalogEntry.filter(CatalogEntry.Columns.catalogId == catalogID && CatalogEntry.Columns.shardIndex == index).deleteAll(db)
        // One statement prepared for the shard: a cloud catalog imports 100,000 rows at a sync.
        let insert = try db.cachedStatement(sql: CatalogEntryRecord.replaceSQL)
        for entry in entries {
            try insert.execute(arguments: CatalogEntryRecord(catalogID: catalogID, entry: entry).replaceArguments)
        }
        try CatalogShardRecord(catalogId: catalogID, shardIndex: index, checksum: checksum).upsert(db)
    }
}
