import Foundation
import GRDB

/// One row of the `backupQueue` table, read and written by column name; only
/// ``BackupQueueStore`` uses it.
struct BackupQueueRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "backupQueue"

    enum Columns {
        static let md5 = Column(CodingKeys.md5)
        static let path = Column(CodingKeys.path)
        static let state = Column(CodingKeys.state)
        static let reason = Column(CodingKeys.reason)
        static let size = Column(CodingKeys.size)
        static let starred = Column(CodingKeys.starred)
        static let updated = Column(CodingKeys.updated)
        static let storedBytes = Column(CodingKeys.storedBytes)
    }

    /// The content's MD5: the queue holds each content once, whatever its paths.
    var md5: String
    var path: String
    var filename: String?
    var applePhotoID: String?
    var size: Int64
    /// A ``BackupState``'s raw value.
    var state: String
    var reason: String?
    /// When it was first starred; the queue's order.
    var starred: Date
    /// When it was last starred or changed state: the quiet period counts from the newest star.
    var updated: Date
    var storedBytes: Int64

    /// The entry the queue's callers see.
    var entry: BackupQueueEntry {
        BackupQueueEntry(
            md5: md5, path: path, filename: filename, applePhotoID: applePhotoID, size: size,
            // A state this version does not know (written by a newer one) shows as failed.
            state: BackupState(rawValue: state) ?? .failed, reason: reason, storedBytes: storedBytes)
    }
}
