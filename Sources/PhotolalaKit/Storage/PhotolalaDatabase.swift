public import GRDB

/// The per-device SQLite database (WAL mode): content identities now, catalogs and the backup
/// queue as they arrive. Everything in it can be rebuilt from the folders and the cloud.
public struct PhotolalaDatabase: Sendable {
    /// The connection pool; readers never block the writer.
    public let writer: any DatabaseWriter

    /// Opens (creating if needed) the database at `path` and migrates it to the current schema.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the file cannot be opened or migrated.
    public init(path: String) throws {
        do {
            try AtomicFile.createFolder(FilePath.parent(of: path))
            var configuration = Configuration()
            configuration.busyMode = .timeout(10)
            // In WAL mode NORMAL loses at most the last transactions on power loss, never
            // consistency; everything here can be rebuilt, and FULL would fsync every photo.
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
            writer = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(writer)
        } catch let error as PhotolalaError {
            throw error
        } catch {
            throw PhotolalaError.databaseFailed(path, reason: String(describing: error))
        }
    }

    /// An in-memory database, for tests and throw-away runs.
    public init() throws {
        writer = try DatabaseQueue()
        try Self.migrator.migrate(writer)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 file identities") { db in
            try db.create(table: "fileIdentity") { table in
                table.primaryKey("path", .text)
                table.column("size", .integer).notNull()
                table.column("modifiedNanoseconds", .integer).notNull()
                table.column("md5", .text).notNull().indexed()
            }
        }
        return migrator
    }
}
