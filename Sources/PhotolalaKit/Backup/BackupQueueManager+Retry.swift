import Foundation
import GRDB

extension BackupQueueManager {
    /// The photos whose last upload failed, oldest star first, each with its reason.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func failures() throws -> [BackupQueueEntry] {
        try entries().filter { $0.state == .failed }
    }

    /// Queues failed photos again, as if starred now, so the next run (or the quiet period)
    /// uploads them; photos not failed are left as they are.
    /// - Parameter md5s: The photos, by MD5.
    /// - Returns: The MD5s queued again.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    @discardableResult
    public func retry(_ md5s: [String]) throws -> [String] {
        let now = Date()
        let queued = try database.write { db in
            try md5s.map { $0.lowercased() }.filter { md5 in
                try db.execute(
                    sql: "UPDATE backupQueue SET state = 'starred', reason = NULL, updated = ? WHERE md5 = ? AND state = 'failed'",
                    arguments: [now, md5])
                return db.changesCount > 0
            }
        }
        if !queued.isEmpty {
            changed()
        }
        return queued
    }
}
