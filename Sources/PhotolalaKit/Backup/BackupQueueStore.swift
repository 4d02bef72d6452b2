public import Foundation
import GRDB

/// The owner of the `backupQueue` table: the star queue as it persists, shared by every
/// process over the same database (the server's queue, `photolala backup star` and `status`).
///
/// Other parts ask it what they need to know of the queue, for instance the badges of a folder:
///
/// ```swift
/// let states = try BackupQueueStore(database: engine.database).states(ofMD5s: md5s)
/// ```
public struct BackupQueueStore: Sendable {
    private let database: PhotolalaDatabase

    /// - Parameter database: The database whose `backupQueue` table this reads and writes.
    public init(database: PhotolalaDatabase) {
        self.database = database
    }

    /// A photo to star: its file, its content and the names to record.
    struct Star: Sendable {
        var md5: String
        var path: String
        var filename: String?
        var applePhotoID: String?
        var size: Int64
    }

    /// Puts photos in the queue as ``BackupState/starred``, in one transaction. A photo queued
    /// already is starred again under its new path and names, unless it is uploading now: the
    /// run under way then finishes it.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func star(_ stars: [Star], at date: Date) throws {
        guard !stars.isEmpty else { return }
        try database.write { db in
            for star in stars {
                var record = BackupQueueRecord(
                    md5: star.md5, path: star.path, filename: star.filename, applePhotoID: star.applePhotoID, size: star.size,
                    state: BackupState.starred.rawValue,
                    reason: nil, starred: date, updated: date, storedBytes: 0)
                if let queued = try BackupQueueRecord.fetchOne(db, key: star.md5) {
                    record.starred = queued.starred
                    record.storedBytes = queued.storedBytes
                    if queued.state == BackupState.uploading.rawValue {
                        record.state = queued.state
                        record.reason = queued.reason
                    }
                }
                try record.save(db)
            }
        }
    }

    /// Every photo in the queue, oldest star first.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func entries() throws -> [BackupQueueEntry] {
        try database.read { db in
            try BackupQueueRecord.order(BackupQueueRecord.Columns.starred, BackupQueueRecord.Columns.md5).fetchAll(db).map(\.entry)
        }
    }

    /// The photos in one state, oldest star first.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func entries(in state: BackupState) throws -> [BackupQueueEntry] {
        try database.read { db in
            try BackupQueueRecord.filter(BackupQueueRecord.Columns.state == state.rawValue)
                .order(BackupQueueRecord.Columns.starred, BackupQueueRecord.Columns.md5).fetchAll(db).map(\.entry)
        }
    }

    /// The entry for `md5`; `nil` when that content is not queued.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func entry(md5: String) throws -> BackupQueueEntry? {
        try database.read { db in try BackupQueueRecord.fetchOne(db, key: md5.lowercased())?.entry }
    }

    /// The queue state of each of `md5s` that is queued, by MD5: what a badge shows.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func states(ofMD5s md5s: some Collection<String>) throws -> [String: BackupState] {
        let keys = Set(md5s.map { $0.lowercased() })
        guard !keys.isEmpty else { return [:] }
        return try database.read { db in
            var states: [String: BackupState] = [:]
            for record in try BackupQueueRecord.filter(keys: keys).fetchAll(db) {
                states[record.md5] = record.entry.state
            }
            return states
        }
    }

    /// The entries starred under each of `paths`, by path (the latest star last): a file's
    /// queue state without reading the file.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func entries(atPaths paths: some Collection<String>) throws -> [String: [BackupQueueEntry]] {
        let wanted = Set(paths)
        guard !wanted.isEmpty else { return [:] }
        return try database.read { db in
            let records = try BackupQueueRecord.filter(wanted.contains(BackupQueueRecord.Columns.path))
                .order(BackupQueueRecord.Columns.starred, BackupQueueRecord.Columns.md5).fetchAll(db)
            return Dictionary(grouping: records.map(\.entry), by: \.path)
        }
    }

    /// Counts, bytes and bytes stored per state, for the status.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func totals() throws -> [BackupState: (count: Int, bytes: Int64, stored: Int64)] {
        try database.read { db in
            var totals: [BackupState: (count: Int, bytes: Int64, stored: Int64)] = [:]
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT state, COUNT(*) AS count, SUM(size) AS bytes, SUM(MIN(storedBytes, size)) AS stored
                    FROM backupQueue GROUP BY state
                    """)
            for row in rows {
                // A state this version does not know (written by a newer one) counts as failed.
                let state = BackupState(rawValue: row["state"]) ?? .failed
                let previous = totals[state] ?? (0, 0, 0)
                totals[state] = (previous.count + row["count"], previous.bytes + (row["bytes"] ?? 0), previous.stored + (row["stored"] ?? 0))
            }
            return totals
        }
    }

    /// Moves the photos `md5s` to `state`, with `reason` for a failure.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func setState(_ state: BackupState, reason: String?, md5s: some Collection<String>, at date: Date) throws {
        guard !md5s.isEmpty else { return }
        try database.write { db in
            _ = try BackupQueueRecord.filter(keys: md5s).updateAll(
                db, BackupQueueRecord.Columns.state.set(to: state.rawValue), BackupQueueRecord.Columns.reason.set(to: reason),
                BackupQueueRecord.Columns.updated.set(to: date))
        }
    }

    /// Queues again the photos a crashed run left ``BackupState/uploading``.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func requeueInterrupted(at date: Date) throws {
        try database.write { db in
            _ = try BackupQueueRecord.filter(BackupQueueRecord.Columns.state == BackupState.uploading.rawValue).updateAll(
                db, BackupQueueRecord.Columns.state.set(to: BackupState.starred.rawValue), BackupQueueRecord.Columns.reason.set(to: nil),
                BackupQueueRecord.Columns.updated.set(to: date))
        }
    }

    /// Queues again those of `md5s` that failed.
    /// - Returns: The MD5s queued again.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func retry(_ md5s: [String], at date: Date) throws -> [String] {
        try database.write { db in
            try md5s.filter { md5 in
                try BackupQueueRecord.filter(key: md5).filter(BackupQueueRecord.Columns.state == BackupState.failed.rawValue).updateAll(
                    db, BackupQueueRecord.Columns.state.set(to: BackupState.starred.rawValue), BackupQueueRecord.Columns.reason.set(to: nil),
                    BackupQueueRecord.Columns.updated.set(to: date)) > 0
            }
        }
    }

    /// Takes the photos `md5s` off the queue.
    /// - Returns: How many were queued.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    @discardableResult
    func remove(md5s: some Collection<String>) throws -> Int {
        guard !md5s.isEmpty else { return 0 }
        return try database.write { db in try BackupQueueRecord.deleteAll(db, keys: md5s) }
    }

    /// When the newest photo still waiting was starred; `nil` when none waits.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func newestStar() throws -> Date? {
        try database.read { db in
            try BackupQueueRecord.filter(BackupQueueRecord.Columns.state == BackupState.starred.rawValue)
                .select(max(BackupQueueRecord.Columns.updated), as: Date.self).fetchOne(db)
        }
    }

    /// Records how many bytes of the photo's original the store holds, verified (when the photo
    /// is queued): what `backup status` counts, from any process, even after this one is killed.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func recordStored(md5: String, bytes: Int64) throws {
        try database.write { db in
            _ = try BackupQueueRecord.filter(key: md5).updateAll(db, BackupQueueRecord.Columns.storedBytes.set(to: bytes))
        }
    }

    /// The paths the photo `md5` was starred under.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func paths(md5: String) throws -> [String] {
        try database.read { db in
            try BackupQueueRecord.filter(key: md5).select(BackupQueueRecord.Columns.path, as: String.self).fetchAll(db)
        }
    }
}
