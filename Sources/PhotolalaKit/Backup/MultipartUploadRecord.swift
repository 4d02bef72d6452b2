import Foundation
import GRDB

/// One row of the `multipartUpload` table: a multipart upload in flight, so a crashed run
/// resumes it; only ``MultipartUploadStore`` uses it.
struct MultipartUploadRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "multipartUpload"

    /// The original's key in the store.
    var key: String
    /// The content being sent: an upload of other content under the key is not resumed.
    var md5: String
    var uploadID: String
    var partSize: Int
    var created: Date
}
