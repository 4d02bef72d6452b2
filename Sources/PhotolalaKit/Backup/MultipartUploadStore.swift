import Foundation
import GRDB
import PhotolalaS3

/// The owner of the `multipartUpload` and `multipartPart` tables: the multipart uploads this
/// device has in flight and their verified parts, so a run killed mid-way resumes at the first
/// missing part.
struct MultipartUploadStore: Sendable {
    /// An upload in flight as the database keeps it.
    struct Saved: Sendable {
        var md5: String
        var uploadID: String
        var partSize: Int
        var parts: [UploadedPart]
    }

    let database: PhotolalaDatabase

    /// The upload in flight under `key`, with its parts; `nil` when there is none.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func saved(key: String) throws -> Saved? {
        try database.read { db in
            guard let upload = try MultipartUploadRecord.fetchOne(db, key: key) else { return nil }
            let parts = try MultipartPartRecord.filter(MultipartPartRecord.Columns.key == key).fetchAll(db).map(\.part)
            return Saved(md5: upload.md5, uploadID: upload.uploadID, partSize: upload.partSize, parts: parts)
        }
    }

    /// Records a new upload under `key`, replacing (with its parts) any earlier one.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func begin(key: String, md5: String, uploadID: String, partSize: Int, at date: Date) throws {
        try database.write { db in
            _ = try MultipartUploadRecord.deleteOne(db, key: key)
            try MultipartUploadRecord(key: key, md5: md5, uploadID: uploadID, partSize: partSize, created: date).insert(db)
        }
    }

    /// Records a part sent and verified.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func record(_ part: UploadedPart, key: String, size: Int64) throws {
        try database.write { db in
            try MultipartPartRecord(key: key, partNumber: part.partNumber, etag: part.etag, size: size).save(db)
        }
    }

    /// Forgets the upload under `key` and its parts: completed, or abandoned.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func finish(key: String) throws {
        try database.write { db in
            _ = try MultipartUploadRecord.deleteOne(db, key: key)
        }
    }
}
