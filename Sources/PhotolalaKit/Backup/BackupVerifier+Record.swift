public import Foundation
import GRDB

extension BackupVerifier {
    /// The last verification recorded for this backup's user: what the Cloud Backup panel shows.
    public struct Summary: Sendable, Codable, Equatable {
        public var date: Date
        public var photosChecked: Int
        /// Problems left unrepaired, orphans included.
        public var problems: Int
    }

    /// Records `report` as the last verification of this user's backup.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func record(_ report: Report) throws {
        try service.database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO backupVerification (userID, date, photosChecked, problems) VALUES (?, ?, ?, ?)",
                arguments: [service.layout.userID, report.date, report.photosChecked, report.unresolved])
        }
    }

    /// The last verification recorded for this backup's user; `nil` before the first.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func lastVerification() throws -> Summary? {
        try service.database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT date, photosChecked, problems FROM backupVerification WHERE userID = ?", arguments: [service.layout.userID]
            ).map { Summary(date: $0["date"], photosChecked: $0["photosChecked"], problems: $0["problems"]) }
        }
    }
}
