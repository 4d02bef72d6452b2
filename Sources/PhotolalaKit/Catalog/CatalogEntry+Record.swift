public import GRDB

/// A catalog entry read from the `catalogEntry` table, which ``CatalogStore`` owns: its CSV
/// columns, selected by name in ``databaseSelection``'s order.
extension CatalogEntry: FetchableRecord, TableRecord {
    public static let databaseTableName = "catalogEntry"

    public enum Columns {
        public static let catalogId = Column("catalogId")
        public static let shardIndex = Column("shardIndex")
        public static let md5 = Column("md5")
        public static let filename = Column("filename")
        public static let size = Column("size")
        public static let photoDate = Column("photoDate")
        public static let modified = Column("modified")
        public static let width = Column("width")
        public static let height = Column("height")
        public static let applePhotoID = Column("applePhotoID")
    }

    public static var databaseSelection: [any SQLSelectable] {
        [Columns.md5, Columns.filename, Columns.size, Columns.photoDate, Columns.modified, Columns.width, Columns.height, Columns.applePhotoID]
    }

    /// A row of ``databaseSelection``, read by position in its order, as GRDB advises for
    /// speed: a synced cloud catalog of 100,000 photos is read whole for every listing.
    public init(row: Row) {
        self.init(
            md5: row[0], filename: row[1], size: row[2], photoDate: row[3], modified: row[4], width: row[5], height: row[6], applePhotoID: row[7])
    }
}

/// An entry as written into one catalog: the CSV columns, the catalog and the shard.
struct CatalogEntryRecord: PersistableRecord {
    static let databaseTableName = CatalogEntry.databaseTableName
    var catalogID: Int64
    var entry: CatalogEntry

    func encode(to container: inout PersistenceContainer) {
        typealias Columns = CatalogEntry.Columns
        container[Columns.catalogId] = catalogID
        container[Columns.shardIndex] = entry.shard
        container[Columns.md5] = entry.md5
        container[Columns.filename] = entry.filename
        container[Columns.size] = entry.size
        container[Columns.photoDate] = entry.photoDate
        container[Columns.modified] = entry.modified
        container[Columns.width] = entry.width
        container[Columns.height] = entry.height
        container[Columns.applePhotoID] = entry.applePhotoID
    }

    /// Inserts a row or updates the one of its catalog and MD5, with ``replaceArguments``: a
    /// statement prepared once for many rows, where the record's own `insert` builds its SQL for each.
    ///
    /// An upsert, not `INSERT OR REPLACE`: with foreign keys on, SQLite gives every REPLACE
    /// statement on this table (a child of `catalog`) a statement journal, a copy of each page
    /// the row touches, so a cold sync of 100,000 rows wrote 2.2 GB for a 19 MB table.
    static let replaceSQL = """
        INSERT INTO catalogEntry (catalogId, shardIndex, md5, filename, size, photoDate, modified, width, height, applePhotoID) \
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) \
        ON CONFLICT (catalogId, md5) DO UPDATE SET shardIndex = excluded.shardIndex, filename = excluded.filename, size = excluded.size, \
        photoDate = excluded.photoDate, modified = excluded.modified, width = excluded.width, height = excluded.height, \
        applePhotoID = excluded.applePhotoID
        """

    var replaceArguments: StatementArguments {
        [
            catalogID, entry.shard, entry.md5, entry.filename, entry.size, entry.photoDate, entry.modified, entry.width, entry.height,
            entry.applePhotoID,
        ]
    }
}
