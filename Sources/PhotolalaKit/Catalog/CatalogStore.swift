public import Foundation
public import GRDB

/// Folder catalogs in the database (seed 004's `PhotolalaCatalogServiceV2`), for queries the
/// CSV files cannot answer quickly: which catalogued photos have MD5 X, which has Apple Photos
/// id Y, and what the backup and the browser know of each photo beyond the CSV columns.
///
/// Each method is one transaction. A shard imported from CSV replaces the shard's entries
/// (the imported side wins) while keeping local-only fields of photos it still lists.
///
/// ```swift
/// let store = CatalogStore(database: engine.database)
/// let record = try store.importCatalog(try engine.catalog(of: folder).load(), folder: folder)
/// let copies = try store.entries(md5: "3a1b2c3d4e5f60718293a4b5c6d7e8f9")
/// ```
public struct CatalogStore: Sendable {
    private let database: PhotolalaDatabase

    public init(database: PhotolalaDatabase) {
        self.database = database
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
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM catalog WHERE directoryPath = ?", arguments: [directoryPath]).map(CatalogRecord.init)
        }
    }

    /// Records what the cloud sync learnt: its state, the manifest's ETag and when.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func recordSync(of catalog: CatalogRecord, state: String, manifestETag: String?, at date: Date) throws {
        try database.write { db in
            try db.execute(
                sql: "UPDATE catalog SET syncState = ?, manifestETag = ?, lastSyncDate = ? WHERE id = ?",
                arguments: [state, manifestETag, date, catalog.id])
        }
    }

    // MARK: - Entries

    /// Inserts or updates one entry, keeping its local-only fields, and marks its shard modified.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func upsert(_ entry: CatalogEntry, metadata: PhotoMetadata? = nil, in catalog: CatalogRecord) throws {
        try database.write { db in
            try Self.upsert(db, entry, metadata: metadata, catalogID: catalog.id)
            try db.execute(
                sql: """
                    INSERT INTO catalogShard (catalogId, shardIndex, isModified) VALUES (?, ?, 1)
                    ON CONFLICT (catalogId, shardIndex) DO UPDATE SET isModified = 1
                    """,
                arguments: [catalog.id, entry.shard])
            try db.execute(sql: "UPDATE catalog SET modified = ? WHERE id = ?", arguments: [Date(), catalog.id])
        }
    }

    /// The entry with `md5` in one catalog.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func entry(md5: String, in catalog: CatalogRecord) throws -> CatalogEntry? {
        try database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT \(Self.entryColumns) FROM catalogEntry WHERE catalogId = ? AND md5 = ?", arguments: [catalog.id, md5.lowercased()]
            )
            .map(CatalogEntry.init)
        }
    }

    /// Every catalogued copy of the content `md5`, with the folder it is in.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func entries(md5: String) throws -> [(directoryPath: String, entry: CatalogEntry)] {
        try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(Self.entryColumns), catalog.directoryPath FROM catalogEntry
                    JOIN catalog ON catalog.id = catalogEntry.catalogId WHERE md5 = ? ORDER BY catalog.directoryPath
                    """,
                arguments: [md5.lowercased()]
            ).map { (directoryPath: $0[8], entry: CatalogEntry($0)) }
        }
    }

    /// The entry that came from the Apple Photos asset `applePhotoID`, in any catalog.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func entry(applePhotoID: String) throws -> CatalogEntry? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.entryColumns) FROM catalogEntry WHERE applePhotoID = ? LIMIT 1", arguments: [applePhotoID])
                .map(CatalogEntry.init)
        }
    }

    /// Every entry of a catalog, by MD5.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func entries(of catalog: CatalogRecord) throws -> [CatalogEntry] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.entryColumns) FROM catalogEntry WHERE catalogId = ? ORDER BY md5", arguments: [catalog.id])
                .map(CatalogEntry.init)
        }
    }

    // MARK: - Shards

    /// One shard as CSV, byte for byte what ``FolderCatalog`` would write for it.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func exportShard(_ index: Int, of catalog: CatalogRecord) throws -> [UInt8] {
        try database.read { db in
            CatalogCSV.encode(
                try Row.fetchAll(
                    db, sql: "SELECT \(Self.entryColumns) FROM catalogEntry WHERE catalogId = ? AND shardIndex = ?", arguments: [catalog.id, index]
                ).map(CatalogEntry.init))
        }
    }

    /// Replaces one shard's entries with those of a CSV shard; photos it still lists keep
    /// their local-only fields. Malformed rows are skipped and returned.
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
            try db.execute(
                sql: "UPDATE catalog SET directoryUUID = ?, modified = ? WHERE id = ?",
                arguments: [record.directoryUUID, record.modified, record.id])
            return record
        }
    }

    // MARK: - Statements

    private static func findOrCreate(_ db: Database, directoryPath: String, directoryUUID: String) throws -> CatalogRecord {
        if let row = try Row.fetchOne(db, sql: "SELECT * FROM catalog WHERE directoryPath = ?", arguments: [directoryPath]) {
            return CatalogRecord(row)
        }
        let now = Date()
        try db.execute(
            sql: "INSERT INTO catalog (directoryPath, directoryUUID, created, modified) VALUES (?, ?, ?, ?)",
            arguments: [directoryPath, directoryUUID, now, now])
        let id = db.lastInsertedRowID
        for index in 0..<16 {
            try db.execute(sql: "INSERT INTO catalogShard (catalogId, shardIndex) VALUES (?, ?)", arguments: [id, index])
        }
        return CatalogRecord(
            id: id, directoryPath: directoryPath, directoryUUID: directoryUUID, syncState: "local", manifestETag: nil, lastSyncDate: nil,
            created: now, modified: now)
    }

    /// The columns ``CatalogEntry/init(_:)`` reads, in its order.
    static let entryColumns = ["md5", "filename", "size", "photoDate", "modified", "width", "height", "applePhotoID"]
        .map { "catalogEntry." + $0 }.joined(separator: ", ")

    private static func upsert(_ db: Database, _ entry: CatalogEntry, metadata: PhotoMetadata?, catalogID: Int64) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO catalogEntry (catalogId, shardIndex, md5, filename, size, photoDate, modified, width, height, applePhotoID,
                    format, cameraMake, cameraModel, lensModel, latitude, longitude)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (catalogId, md5) DO UPDATE SET
                    filename = excluded.filename, size = excluded.size, photoDate = excluded.photoDate,
                    modified = excluded.modified, width = excluded.width, height = excluded.height,
                    applePhotoID = excluded.applePhotoID,
                    format = coalesce(excluded.format, format), cameraMake = coalesce(excluded.cameraMake, cameraMake),
                    cameraModel = coalesce(excluded.cameraModel, cameraModel), lensModel = coalesce(excluded.lensModel, lensModel),
                    latitude = coalesce(excluded.latitude, latitude), longitude = coalesce(excluded.longitude, longitude)
                """
        ).execute(
            arguments: [
                catalogID, entry.shard, entry.md5, entry.filename, entry.size, entry.photoDate, entry.modified, entry.width,
                entry.height, entry.applePhotoID, metadata?.format?.rawValue, metadata?.cameraMake, metadata?.cameraModel,
                metadata?.lensModel, metadata?.latitude, metadata?.longitude,
            ])
    }

    private static func replaceShard(_ db: Database, _ index: Int, with entries: [CatalogEntry], checksum: String?, catalogID: Int64) throws {
        try db.execute(sql: "CREATE TEMP TABLE IF NOT EXISTS importedMD5 (md5 TEXT PRIMARY KEY)")
        try db.execute(sql: "DELETE FROM importedMD5")
        for entry in entries {
            try upsert(db, entry, metadata: nil, catalogID: catalogID)
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO importedMD5 (md5) VALUES (?)").execute(arguments: [entry.md5])
        }
        try db.execute(
            sql: "DELETE FROM catalogEntry WHERE catalogId = ? AND shardIndex = ? AND md5 NOT IN (SELECT md5 FROM importedMD5)",
            arguments: [catalogID, index])
        try db.execute(
            sql: """
                INSERT INTO catalogShard (catalogId, shardIndex, checksum, isModified) VALUES (?, ?, ?, 0)
                ON CONFLICT (catalogId, shardIndex) DO UPDATE SET checksum = excluded.checksum, isModified = 0
                """,
            arguments: [catalogID, index, checksum])
    }
}

extension CatalogRecord {
    init(_ row: Row) {
        self.init(
            id: row["id"], directoryPath: row["directoryPath"], directoryUUID: row["directoryUUID"], syncState: row["syncState"],
            manifestETag: row["manifestETag"], lastSyncDate: row["lastSyncDate"], created: row["created"], modified: row["modified"])
    }
}

extension CatalogEntry {
    /// From a row selected with ``CatalogStore/entryColumns``, read by position (the fast way).
    init(_ row: Row) {
        self.init(
            md5: row[0], filename: row[1], size: row[2], photoDate: row[3], modified: row[4], width: row[5], height: row[6],
            applePhotoID: row[7])
    }
}
