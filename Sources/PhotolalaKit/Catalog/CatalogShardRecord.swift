import GRDB

/// One of a catalog's 16 shards as the database keeps it: a row of `catalogShard`, which
/// ``CatalogStore`` owns. The checksum is the SHA-256 of the CSV last imported into it, so a
/// sync imports only the shards whose checksum changed.
struct CatalogShardRecord: Sendable, Equatable, Codable {
    var catalogId: Int64
    var shardIndex: Int
    var checksum: String?
}

extension CatalogShardRecord: FetchableRecord, PersistableRecord {
    static let databaseTableName = "catalogShard"

    enum Columns {
        static let catalogId = Column(CodingKeys.catalogId)
        static let shardIndex = Column(CodingKeys.shardIndex)
        static let checksum = Column(CodingKeys.checksum)
    }
}
