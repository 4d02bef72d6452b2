import Foundation
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

    /// Runs `body` in a read transaction.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try mapErrors { try writer.read(body) }
    }

    /// Runs `body` in a write transaction: all of it is saved, or none.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try mapErrors { try writer.write(body) }
    }

    /// Runs `body` on the writer outside any transaction, for what SQLite refuses inside one
    /// (a checkpoint of the write-ahead log).
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try mapErrors { try writer.writeWithoutTransaction(body) }
    }

    private func mapErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as PhotolalaError {
            throw error
        } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_FULL {
            // A full disk damages nothing: the transaction was rolled back, and freeing space is the cure.
            throw PhotolalaError.writeFailed("photolala.sqlite", errno: ENOSPC)
        } catch {
            throw PhotolalaError.databaseFailed("photolala.sqlite", reason: String(describing: error))
        }
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
        migrator.registerMigration("v2 catalogs") { db in
            // One catalog per folder (seed 004's PhotoCatalog), its 16 shards and its entries.
            try db.create(table: "catalog") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("directoryPath", .text).notNull().unique()
                table.column("directoryUUID", .text).notNull()
                table.column("syncState", .text).notNull().defaults(to: "local")
                table.column("manifestETag", .text)
                table.column("lastSyncDate", .datetime)
                table.column("created", .datetime).notNull()
                table.column("modified", .datetime).notNull()
            }
            try db.create(table: "catalogShard") { table in
                table.belongsTo("catalog", onDelete: .cascade).notNull()
                table.column("shardIndex", .integer).notNull()
                table.column("checksum", .text)
                table.column("isModified", .boolean).notNull().defaults(to: false)
                table.primaryKey(["catalogId", "shardIndex"])
            }
            try db.create(table: "catalogEntry") { table in
                table.autoIncrementedPrimaryKey("id")
                table.belongsTo("catalog", onDelete: .cascade).notNull()
                table.column("shardIndex", .integer).notNull()
                table.column("md5", .text).notNull().indexed()
                table.column("filename", .text).notNull()
                table.column("size", .integer).notNull()
                table.column("photoDate", .integer).notNull()
                table.column("modified", .integer).notNull()
                table.column("width", .integer)
                table.column("height", .integer)
                table.column("applePhotoID", .text).indexed()
                // Local only, never in the CSV: what the backup and the browser add.
                table.column("format", .text)
                table.column("cameraMake", .text)
                table.column("cameraModel", .text)
                table.column("lensModel", .text)
                table.column("latitude", .double)
                table.column("longitude", .double)
                table.column("backupStatus", .text)
                table.column("isStarred", .boolean).notNull().defaults(to: false)
                table.uniqueKey(["catalogId", "md5"])
            }
        }
        migrator.registerMigration("v3 fast keys") { db in
            // The MD5 of the first 4 KiB, so a touched file can be told from an edited one
            // without reading it whole.
            try db.alter(table: "fileIdentity") { table in
                table.add(column: "headMD5", .text)
            }
        }
        migrator.registerMigration("v4 backup") { db in
            // The star queue (seed 002's BackupQueueManager), keyed by content: a photo starred
            // from two places is one entry.
            try db.create(table: "backupQueue") { table in
                table.primaryKey("md5", .text)
                table.column("path", .text).notNull()
                table.column("size", .integer).notNull()
                table.column("state", .text).notNull().indexed()
                table.column("reason", .text)
                table.column("starred", .datetime).notNull()
                table.column("updated", .datetime).notNull()
            }
            // Multipart uploads in flight, so a crash resumes at the first missing part.
            try db.create(table: "multipartUpload") { table in
                table.primaryKey("key", .text)
                table.column("md5", .text).notNull()
                table.column("uploadID", .text).notNull()
                table.column("partSize", .integer).notNull()
                table.column("created", .datetime).notNull()
            }
            try db.create(table: "multipartPart") { table in
                table.column("key", .text).notNull().references("multipartUpload", onDelete: .cascade)
                table.column("partNumber", .integer).notNull()
                table.column("etag", .text).notNull()
                table.column("size", .integer).notNull()
                table.primaryKey(["key", "partNumber"])
            }
        }
        migrator.registerMigration("v5 restores") { db in
            // Deep Archive restores asked for from this device (seed 002's ArchiveStatus), so the
            // browser shows their state without asking the store for every photo.
            try db.create(table: "restoreRequest") { table in
                table.primaryKey("md5", .text)
                table.column("state", .text).notNull()
                table.column("tier", .text)
                table.column("days", .integer)
                table.column("requested", .datetime)
                table.column("expiry", .datetime)
                table.column("checked", .datetime).notNull()
            }
        }
        migrator.registerMigration("v6 queue names") { db in
            // The name a photo is shown under where it was starred: an Apple Photos original's
            // file is named by its asset's uuid, and the backup keeps the original filename.
            try db.alter(table: "backupQueue") { table in
                table.add(column: "filename", .text)
            }
        }
        migrator.registerMigration("v7 cloud originals") { db in
            // What this device learnt of backed-up originals from the store (when each was
            // backed up, its storage class), so the inspector tells it offline too.
            try db.create(table: "cloudOriginal") { table in
                table.primaryKey("md5", .text)
                table.column("backedUp", .datetime)
                table.column("storageClass", .text).notNull()
            }
        }
        migrator.registerMigration("v8 queue apple photo ids") { db in
            // The asset a library original belongs to, so its cloud catalog row names it.
            try db.alter(table: "backupQueue") { table in
                table.add(column: "applePhotoID", .text)
            }
        }
        migrator.registerMigration("v9 queue stored bytes") { db in
            // How much of each queued original the store is known to hold (the whole once it is
            // verified there, or its verified parts), so the status after a run that was killed
            // counts what is stored rather than nothing.
            try db.alter(table: "backupQueue") { table in
                table.add(column: "storedBytes", .integer).notNull().defaults(to: 0)
            }
        }
        migrator.registerMigration("v10 backup verifications") { db in
            // The last `backup verify` of each user's backup, for the Cloud Backup panel.
            try db.create(table: "backupVerification") { table in
                table.primaryKey("userID", .text)
                table.column("date", .datetime).notNull()
                table.column("photosChecked", .integer).notNull()
                table.column("problems", .integer).notNull()
            }
        }
        migrator.registerMigration("v11 photo dates") { db in
            // When each photo content was taken, as the engine read it (the catalog keeps no
            // offset), so a catalogued listing shows what the folder's own files say. Keyed by
            // MD5: a content's EXIF is the same in every copy. `seconds` is NULL for content
            // that records no date of its own.
            try db.create(table: "photoDate", options: .withoutRowID) { table in
                table.primaryKey("md5", .text)
                table.column("seconds", .integer)
                table.column("offset", .integer)
                table.column("source", .text)
            }
        }
        migrator.registerMigration("v12 file facts") { db in
            // What a read of each file taught besides its MD5 (its displayed size and EXIF
            // orientation), so a catalog build, a badge or a listing builds a photo's row from the
            // database while the file is unchanged, never opening it again. NULL until the file
            // was read as an image.
            try db.alter(table: "fileIdentity") { table in
                table.add(column: "width", .integer)
                table.add(column: "height", .integer)
                table.add(column: "orientation", .integer)
            }
        }
        migrator.registerMigration("v13 catalog entries without backup columns") { db in
            // Never written: the backup queue keeps each photo's state, and stars are the queue.
            try db.alter(table: "catalogEntry") { table in
                table.drop(column: "backupStatus")
                table.drop(column: "isStarred")
            }
        }
        migrator.registerMigration("v14 catalogs without unread columns") { db in
            // Never written nor read: a photo's camera, lens, place and format are read from the
            // file (or its backed-up metadata) when the inspector asks, and a shard's checksum
            // tells a sync what changed.
            try db.alter(table: "catalogEntry") { table in
                for column in ["format", "cameraMake", "cameraModel", "lensModel", "latitude", "longitude"] {
                    table.drop(column: column)
                }
            }
            try db.alter(table: "catalogShard") { table in
                table.drop(column: "isModified")
            }
        }
        migrator.registerMigration("v15 live photo identifiers") { db in
            // The content identifier a Live Photo's still and movie share (MakerApple tag 17,
            // `com.apple.quicktime.content.identifier`), as the engine read it, so a listing
            // pairs the two when their names differ. Keyed by MD5 like `photoDate`; only
            // contents that carry one have a row.
            try db.create(table: "liveIdentifier", options: .withoutRowID) { table in
                table.primaryKey("md5", .text)
                table.column("identifier", .text).notNull()
            }
        }
        migrator.registerMigration("v16 photo descriptions") { db in
            // What each photo content says of itself for search (camera, lens, position,
            // title, caption, keywords, rating, colour label), as the engine read it from its
            // EXIF, XMP and IPTC, so an index is built without opening the files again. Keyed
            // by MD5 like `photoDate`; every content read as an image has a row.
            try db.create(table: "photoDescription", options: .withoutRowID) { table in
                table.primaryKey("md5", .text)
                table.column("cameraMake", .text)
                table.column("cameraModel", .text)
                table.column("lensModel", .text)
                table.column("latitude", .double)
                table.column("longitude", .double)
                table.column("title", .text)
                table.column("caption", .text)
                table.column("keywords", .text)
                table.column("rating", .integer)
                table.column("colorLabel", .text)
                table.column("flags", .integer).notNull()
            }
        }
        migrator.registerMigration("v17 search index") { db in
            // Every photo of every served source that search finds (SearchIndex): where it is
            // served from, and what a query compares; its words are in `searchText`, by the
            // same id. Rebuilt from what is recorded of the photos, so dropping it loses nothing.
            try db.create(table: "searchSource") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("kind", .text).notNull()
                table.column("root", .text).notNull()
                table.uniqueKey(["kind", "root"])
            }
            try db.create(table: "searchPhoto") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("source", .integer).notNull()
                table.column("key", .text).notNull()
                table.column("md5", .text)
                table.column("date", .integer)
                table.column("kinds", .integer).notNull()
                table.column("flags", .integer).notNull()
                table.column("rating", .integer)
                table.column("colorLabel", .text)
                table.column("latitude", .double)
                table.column("longitude", .double)
                table.column("stamp", .integer).notNull()
                table.uniqueKey(["source", "key"])
            }
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE searchText USING fts5(
                        name, folder, title, description, keywords, people, country, countryCode, region, city, camera, lens, labels,
                        tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')
                    """)
        }
        migrator.registerMigration("v18 backup descriptions") { db in
            // What the cloud backup records of its photos' content (CloudFacts, or the metadata
            // plists of photos backed up before), synced from the bucket: `photoDescription`'s
            // columns, kept apart from what this device read of its own files.
            try db.create(table: "backupDescription", options: .withoutRowID) { table in
                table.primaryKey("md5", .text)
                table.column("cameraMake", .text)
                table.column("cameraModel", .text)
                table.column("lensModel", .text)
                table.column("latitude", .double)
                table.column("longitude", .double)
                table.column("title", .text)
                table.column("caption", .text)
                table.column("keywords", .text)
                table.column("rating", .integer)
                table.column("colorLabel", .text)
                table.column("flags", .integer).notNull()
            }
        }
        migrator.registerMigration("v19 search timeline order") { db in
            // A timeline (SearchIndex.timeline) reads a source's photos newest first: walked in
            // this index, its first screen of a million comes before the rest is read, unsorted.
            try db.execute(sql: "CREATE INDEX searchPhotoDate ON searchPhoto(date)")
            // The name of a photo whose key does not end with it (a library's uuid, the cloud's
            // MD5), beside the row: read from the full-text table instead, it doubles the cost
            // of a timeline's row. Rows indexed before have none, and are read from there.
            try db.execute(sql: "ALTER TABLE searchPhoto ADD COLUMN name TEXT")
        }
        migrator.registerMigration("v20 search camera names") { db in
            // Cameras are indexed by the name people call them (CameraName), "NIKON D850", not
            // "NIKON CORPORATION NIKON D850". The index is made again from what is recorded of
            // each photo (nothing is read again) the next time each source is indexed; which
            // sources it held is kept, for `photolala index --rebuild`.
            try db.execute(sql: "DELETE FROM searchText")
            try db.execute(sql: "DELETE FROM searchPhoto")
        }
        migrator.registerMigration("v21 people and labels of backed-up photos") { db in
            // What an Apple Photos library knows of a photo it backed up (PhotoDescription's
            // people and labels), one a line; both tables keep the same record.
            for table in ["photoDescription", "backupDescription"] {
                try db.alter(table: table) { table in
                    table.add(column: "people", .text)
                    table.add(column: "labels", .text)
                }
            }
        }
        migrator.registerMigration("v22 search index for a million photos") { db in
            // Half the size, and a query's first results and facets from one narrow index
            // (SearchSchema). Indexed again from what is recorded of each photo, as in v20.
            try SearchSchema.create(db)
        }
        migrator.registerMigration("v23 search tags apart, rating in flags") { db in
            // Facets of half a million photos read their keywords and people from a narrow
            // table, and a rating from the index of dates (SearchSchema). Indexed again, as in v20.
            try SearchSchema.create(db)
        }
        return migrator
    }
}
