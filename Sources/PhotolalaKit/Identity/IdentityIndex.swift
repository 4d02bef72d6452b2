import GRDB

/// Remembers each file's MD5 under its path, size and modification time, so a file that has
/// not changed is never hashed again.
public struct IdentityIndex: Sendable {
    private let database: PhotolalaDatabase
    private let recent = RecentIdentities()

    public init(database: PhotolalaDatabase) {
        self.database = database
    }

    /// The MD5 recorded for `path`, if the file still has the size and time it had then.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func md5(forPath path: String, status: FileStatus) throws -> String? {
        if let md5 = recent.md5(forPath: path, status: status) {
            return md5
        }
        let md5 = try database.read { db in
            try String.fetchOne(
                db,
                sql: "SELECT md5 FROM fileIdentity WHERE path = ? AND size = ? AND modifiedNanoseconds = ?",
                arguments: [path, status.size, status.modifiedNanoseconds]
            )
        }
        if let md5 {
            recent.remember(md5, forPath: path, status: status)
        }
        return md5
    }

    /// The paths recorded with content `md5`, whether or not their files still hold it.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func paths(md5: String) throws -> [String] {
        try database.read { db in
            try String.fetchAll(db, sql: "SELECT path FROM fileIdentity WHERE md5 = ? ORDER BY path", arguments: [md5.lowercased()])
        }
    }

    /// The file's MD5: the one recorded while the file is unchanged, else hashed (streaming) and
    /// recorded, unless the file changed while it was read.
    /// - Throws: ``PhotolalaError`` when the file cannot be read or the database fails.
    public func md5(ofFileAt path: String) throws -> String {
        let status = try FileStatus(path: path)
        if let md5 = try md5(forPath: path, status: status) { return md5 }
        let md5 = try ContentHash.md5(ofFileAt: path)
        let key = try ContentHash.fastKey(ofFileAt: path)
        if try FileStatus(path: path) == status {
            try record(md5: md5, headMD5: key.headMD5, forPath: path, status: status)
        }
        return md5
    }

    /// What is known of one file's content.
    public struct Identity: Sendable {
        public let path: String
        public let status: FileStatus
        public let md5: String
        /// The fast key's MD5 of the first 4 KiB.
        public let headMD5: String
    }

    /// Records the MD5 and fast key of `path` as of `status`, replacing what was known before.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func record(md5: String, headMD5: String, forPath path: String, status: FileStatus) throws {
        try record([Identity(path: path, status: status, md5: md5, headMD5: headMD5)])
    }

    /// Records many files in one transaction.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func record(_ identities: [Identity]) throws {
        guard !identities.isEmpty else { return }
        try database.write { db in
            let statement = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO fileIdentity (path, size, modifiedNanoseconds, md5, headMD5) VALUES (?, ?, ?, ?, ?)")
            for identity in identities {
                try statement.execute(arguments: [
                    identity.path, identity.status.size, identity.status.modifiedNanoseconds, identity.md5, identity.headMD5,
                ])
            }
        }
        recent.forget(identities.map(\.path))
    }

    /// The fast key last recorded for `path`, whatever the file's time now.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func fastKey(forPath path: String) throws -> FastKey? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT headMD5, size FROM fileIdentity WHERE path = ?", arguments: [path]).flatMap { row in
                (row["headMD5"] as String?).map { FastKey(headMD5: $0, size: row["size"]) }
            }
        }
    }
}
