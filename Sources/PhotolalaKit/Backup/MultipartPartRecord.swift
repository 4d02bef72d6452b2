import GRDB
import PhotolalaS3

/// One row of the `multipartPart` table: a part of a multipart upload, sent and verified by
/// its ETag; only ``MultipartUploadStore`` uses it.
struct MultipartPartRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "multipartPart"

    enum Columns {
        static let key = Column(CodingKeys.key)
    }

    var key: String
    var partNumber: Int
    var etag: String
    var size: Int64

    var part: UploadedPart {
        UploadedPart(partNumber: partNumber, etag: etag, size: size)
    }
}
