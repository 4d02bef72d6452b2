import Foundation
public import GRDB
public import PhotolalaS3

/// A row of `restoreRequest`, which ``RestoreService`` owns. Read by column name; a state or
/// tier this build does not know (written by a newer one) reads as archived, or no tier.
extension RestoreStatus: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "restoreRequest"

    public enum Columns {
        public static let md5 = Column("md5")
        public static let state = Column("state")
        public static let tier = Column("tier")
        public static let days = Column("days")
        public static let requested = Column("requested")
        public static let expiry = Column("expiry")
        public static let checked = Column("checked")
    }

    public init(row: Row) {
        self.init(
            md5: row[Columns.md5], state: ArchiveStatus(rawValue: row[Columns.state]) ?? .archived,
            tier: (row[Columns.tier] as String?).flatMap(RestoreTier.init(rawValue:)), days: row[Columns.days],
            requested: row[Columns.requested], expiry: row[Columns.expiry], checked: row[Columns.checked])
    }

    public func encode(to container: inout PersistenceContainer) {
        container[Columns.md5] = md5
        container[Columns.state] = state.rawValue
        container[Columns.tier] = tier?.rawValue
        container[Columns.days] = days
        container[Columns.requested] = requested
        container[Columns.expiry] = expiry
        container[Columns.checked] = checked
    }
}
