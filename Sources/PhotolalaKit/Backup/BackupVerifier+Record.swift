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
        let record = VerificationRecord(
            userID: service.layout.userID, summary: Summary(date: report.date, photosChecked: report.photosChecked, problems: report.unresolved))
        try database.write { db in try record.upsert(db) }
    }

    /// The last verification recorded for this backup's user; `nil` before the first.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func lastVerification() throws -> Summary? {
        try database.read { db in try VerificationRecord.fetchOne(db, key: service.layout.userID)?.summary }
    }
}

/// A row of `backupVerification`, which ``BackupVerifier`` owns: one user's last verification.
struct VerificationRecord: Sendable, Equatable {
    var userID: String
    var summary: BackupVerifier.Summary
}

extension VerificationRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "backupVerification"

    enum Columns {
        static let userID = Column("userID")
        static let date = Column("date")
        static let photosChecked = Column("photosChecked")
        static let problems = Column("problems")
    }

    init(row: Row) {
        self.init(
            userID: row[Columns.userID],
            summary: BackupVerifier.Summary(date: row[Columns.date], photosChecked: row[Columns.photosChecked], problems: row[Columns.problems]))
    }

    func encode(to container: inout PersistenceContainer) {
        container[Columns.userID] = userID
        container[Columns.date] = summary.date
        container[Columns.photosChecked] = summary.photosChecked
        container[Columns.problems] = summary.problems
    }
}
