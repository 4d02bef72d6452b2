import Foundation
import GRDB
import PhotolalaS3

/// A row of `cloudOriginal`, which ``RestoreService`` owns: what a HEAD of one original told.
struct CloudOriginalRecord: Sendable, Equatable {
    var md5: String
    var original: CloudOriginal
}

extension CloudOriginalRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "cloudOriginal"

    enum Columns {
        static let md5 = Column("md5")
        static let backedUp = Column("backedUp")
        static let storageClass = Column("storageClass")
    }

    init(row: Row) {
        self.init(
            md5: row[Columns.md5],
            original: CloudOriginal(backedUp: row[Columns.backedUp], storageClass: StorageClass(rawValue: row[Columns.storageClass])))
    }

    func encode(to container: inout PersistenceContainer) {
        container[Columns.md5] = md5
        container[Columns.backedUp] = original.backedUp
        container[Columns.storageClass] = original.storageClass.rawValue
    }
}
