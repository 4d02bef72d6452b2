import Foundation
import GRDB
public import Logging

/// The one store of `fileIdentity` and the one way to a file's MD5: what was learnt of each file
/// (``FileIdentity``: MD5, fast key, displayed size, orientation) under its path, size and
/// modification time, so a file that has not changed is never read again.
///
/// ```swift
/// let md5 = try engine.identities.md5(ofFileAt: path)  // hashed once, then from the index
/// let known = try engine.identities.identities(forPaths: paths)  // one query for a folder
/// ```
public struct IdentityIndex: Sendable {
    private let database: PhotolalaDatabase
    private let recent = RecentIdentities()
    /// Where a failure to record an MD5 is logged (it costs only another hash).
    private let logger: Logger

    public init(database: PhotolalaDatabase, logger: Logger = Logger(label: "photolala")) {
        self.database = database
        self.logger = logger
    }

    /// The MD5 recorded for `path`, if the file still has the size and time it had then.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func md5(forPath path: String, status: FileStatus) throws -> String? {
        if let md5 = recent.md5(forPath: path, status: status) {
            return md5
        }
        let md5 = try database.read { db in
            // Prepared once per connection: each thumbnail asks, and building the query each time cost more than the lookup.
            try FileIdentity.fetchOne(try db.cachedStatement(sql: "SELECT * FROM fileIdentity WHERE path = ?"), arguments: [path])
        }.flatMap { $0.holds(for: status) ? $0.md5 : nil }
        if let md5 {
            recent.remember(md5, forPath: path, status: status)
        }
        return md5
    }

    /// The file's MD5: the one recorded while the file is unchanged, else hashed (streaming) and
    /// recorded, unless the file changed while it was read. A record that cannot be written (a
    /// full disk) is logged: the MD5 is answered all the same, and hashed again next time.
    /// - Throws: ``PhotolalaError`` when the file cannot be read or the database cannot be read.
    public func md5(ofFileAt path: String) throws -> String {
        let status = try FileStatus(path: path)
        if let md5 = try md5(forPath: path, status: status) { return md5 }
        let md5 = try ContentHash.md5(ofFileAt: path)
        let key = try ContentHash.fastKey(ofFileAt: path)
        if try FileStatus(path: path) == status {
            do {
                try record([FileIdentity(path: path, status: status, md5: md5, headMD5: key.headMD5)])
            } catch {
                logger.warning(
                    "A file's MD5 could not be recorded; it is hashed again next time.",
                    metadata: ["photo": "\(FilePath.name(of: path))", "error": .error(error)])
            }
        }
        return md5
    }

    /// The identity of a file read whole: `md5`, the one the index records for the file as it
    /// is now, else hashed from the bytes, with their fast key. Not recorded here: the caller
    /// records it with what else the read taught (``record(_:)``).
    func identity(of contents: FileContents, md5 recorded: String?) -> FileIdentity {
        let md5 = recorded ?? ContentHash.md5(of: contents.bytes)
        return FileIdentity(
            path: contents.path, status: contents.status, md5: md5,
            headMD5: ContentHash.fastKey(head: contents.bytes, size: contents.status.size).headMD5)
    }

    /// Records what was learnt of files, in one transaction, replacing what was known of their
    /// paths before.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func record(_ identities: [FileIdentity]) throws {
        guard !identities.isEmpty else { return }
        try database.write { db in
            // One statement prepared for all rows: a catalog build records a thousand at a time.
            let insert = try db.cachedStatement(sql: FileIdentity.replaceSQL)
            for identity in identities {
                try insert.execute(arguments: identity.replaceArguments)
            }
        }
        recent.forget(identities.map(\.path))
    }

    /// What is recorded of each of `paths`, by path, from one query whatever their number (a
    /// folder's files for its listing); whether each still holds is for the caller to check
    /// against the file's status (``FileIdentity/holds(for:)``). Paths never read are left out.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func identities(forPaths paths: [String]) throws -> [String: FileIdentity] {
        guard !paths.isEmpty else { return [:] }
        let list = JSONText.array(of: paths)
        let found = try database.read { db in
            try FileIdentity.fetchAll(db, sql: "SELECT f.* FROM json_each(?) j JOIN fileIdentity f ON f.path = j.value", arguments: [list])
        }
        return Dictionary(found.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The paths recorded with content `md5`, whatever their files hold now.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func paths(withMD5 md5: String) throws -> [String] {
        try database.read { db in
            try FileIdentity.filter(Column("md5") == md5.lowercased()).fetchAll(db).map(\.path)
        }
    }

    /// The fast key last recorded for `path`, whatever the file's time now.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func fastKey(forPath path: String) throws -> FastKey? {
        try database.read { db in
            try FileIdentity.fetchOne(db, key: path).flatMap { identity in identity.headMD5.map { FastKey(headMD5: $0, size: identity.size) } }
        }
    }
}
