public import struct Foundation.Date

/// A bucket of objects addressed by key: S3 or any S3-compatible store, or a local folder.
///
/// Bodies are byte arrays: photos are uploaded whole below the multipart threshold and in
/// parts above it, so no call holds more than one part in memory.
public protocol ObjectStore: Sendable {
    /// Stores `body` under `key`, replacing what was there.
    /// - Returns: The new object's ETag (the MD5 hex of the body for a single-part upload).
    /// - Throws: ``ObjectStoreError`` (`badDigest` when ``PutOptions/contentMD5`` does not match,
    ///   `preconditionFailed` when ``PutOptions/condition`` does not hold).
    func put(_ key: String, body: [UInt8], options: PutOptions) async throws -> String

    /// The object's bytes, or the bytes of `range` (inclusive offsets); `nil` when `ifNoneMatch`
    /// names the current ETag (not modified).
    /// - Throws: ``ObjectStoreError`` (`noSuchKey` when there is no such object).
    func get(_ key: String, range: ClosedRange<Int64>?, ifNoneMatch: String?) async throws -> ObjectData?

    /// The object's size, ETag, storage class and metadata; `nil` when there is no such object.
    func head(_ key: String) async throws -> ObjectInfo?

    /// The object's tags.
    func tags(_ key: String) async throws -> [String: String]

    /// Removes the object; removing a missing object succeeds, as in S3.
    func delete(_ key: String) async throws

    /// One page of the keys that start with `prefix`, in key order.
    func list(prefix: String, continuationToken: String?, maxKeys: Int) async throws -> ObjectListing

    /// Every key that starts with `prefix`, in key order: by default page after page of
    /// ``list(prefix:continuationToken:maxKeys:)``; a store that can do it in one go does.
    func listAll(prefix: String) async throws -> [ObjectSummary]

    /// Copies an object within the store, metadata, tags and storage class included.
    func copy(from source: String, to destination: String) async throws

    /// Starts a multipart upload; the options apply to the object it completes into.
    /// - Returns: The upload id, to persist so the upload can be resumed.
    func createMultipartUpload(_ key: String, options: PutOptions) async throws -> String

    /// Uploads one part (numbered from 1; every part but the last at least 5 MiB on S3).
    /// - Returns: The part's ETag.
    func uploadPart(_ key: String, uploadID: String, partNumber: Int, body: [UInt8]) async throws -> String

    /// Joins the parts into the object.
    /// - Returns: The object's ETag (for S3, the MD5 of the parts' MD5s, a dash and the count).
    func completeMultipartUpload(_ key: String, uploadID: String, parts: [UploadedPart]) async throws -> String

    /// Abandons an upload and its parts.
    func abortMultipartUpload(_ key: String, uploadID: String) async throws

    /// The parts already uploaded, in part order: what a resumed upload can skip.
    func listParts(_ key: String, uploadID: String) async throws -> [UploadedPart]

    /// Asks for a temporary readable copy of an archived object for `days` days (S3
    /// RestoreObject); its progress shows in ``ObjectInfo/restore``.
    /// - Throws: ``ObjectStoreError`` (`noSuchKey`, or `invalidRequest` when the store cannot restore).
    func restore(_ key: String, days: Int, tier: RestoreTier) async throws
}

extension ObjectStore {
    /// The whole object, or `nil` when it does not exist.
    public func get(_ key: String) async throws -> [UInt8]? {
        try await object(key)?.bytes
    }

    /// The whole object with its ETag, or `nil` when it does not exist.
    public func object(_ key: String) async throws -> ObjectData? {
        do {
            return try await get(key, range: nil, ifNoneMatch: nil)
        } catch let error as ObjectStoreError where error.code == .noSuchKey {
            return nil
        }
    }

    /// Every key under `prefix`, following continuation tokens.
    public func listAll(prefix: String) async throws -> [ObjectSummary] {
        var objects: [ObjectSummary] = []
        var token: String?
        repeat {
            let page = try await list(prefix: prefix, continuationToken: token, maxKeys: 1000)
            objects += page.objects
            token = page.nextContinuationToken
        } while token != nil
        return objects
    }
}

/// S3 storage classes Photolala uses; others are kept by their S3 name.
public struct StorageClass: RawRepresentable, Hashable, Sendable, Codable {
    public var rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public static let standard = StorageClass(rawValue: "STANDARD")
    /// Cheapest and slowest to read back (hours, after a restore): where originals go.
    public static let deepArchive = StorageClass(rawValue: "DEEP_ARCHIVE")
}

/// How an object is stored.
public struct PutOptions: Sendable, Equatable {
    /// `nil` leaves the store's default (STANDARD).
    public var storageClass: StorageClass?
    public var tags: [String: String] = [:]
    /// User metadata, sent as `x-amz-meta-*`; names lowercase.
    public var metadata: [String: String] = [:]
    public var contentType: String?
    /// Base64 of the body's MD5: the store refuses a body that does not match it.
    public var contentMD5: String?
    /// Writes only if it holds, so concurrent writers do not overwrite each other unseen.
    /// AWS S3, SeaweedFS and the local folder honour it; a store that does not ignores it.
    public var condition: WriteCondition?

    public init(
        storageClass: StorageClass? = nil, tags: [String: String] = [:], metadata: [String: String] = [:], contentType: String? = nil,
        contentMD5: String? = nil, condition: WriteCondition? = nil
    ) {
        self.storageClass = storageClass
        self.tags = tags
        self.metadata = metadata
        self.contentType = contentType
        self.contentMD5 = contentMD5
        self.condition = condition
    }
}

/// What must be true of the object a write replaces (S3's conditional writes).
public enum WriteCondition: Sendable, Equatable {
    /// The object's ETag is this one (`If-Match`).
    case ifMatch(String)
    /// There is no such object yet (`If-None-Match: *`).
    case ifAbsent
}

/// What HEAD tells about an object.
public struct ObjectInfo: Sendable, Equatable {
    public var size: Int64
    /// Without quotes.
    public var etag: String
    public var lastModified: Date?
    public var storageClass: StorageClass
    public var metadata: [String: String]
    public var contentType: String?
    /// How many tags the object has, when the store says.
    public var tagCount: Int?
    /// The `x-amz-restore` state of an archived object; `nil` when no restore was asked for.
    public var restore: ObjectRestoreState?

    public init(
        size: Int64, etag: String, lastModified: Date?, storageClass: StorageClass, metadata: [String: String], contentType: String?,
        tagCount: Int?, restore: ObjectRestoreState? = nil
    ) {
        self.size = size
        self.etag = etag
        self.lastModified = lastModified
        self.storageClass = storageClass
        self.metadata = metadata
        self.contentType = contentType
        self.tagCount = tagCount
        self.restore = restore
    }
}

/// A GET's answer: the bytes and what is known of the object.
public struct ObjectData: Sendable {
    public var bytes: [UInt8]
    public var etag: String
    /// The object's whole size, also for a range.
    public var totalSize: Int64?
}

/// One key in a listing.
public struct ObjectSummary: Sendable, Equatable {
    public var key: String
    public var size: Int64
    public var etag: String
    public var storageClass: StorageClass
}

/// One page of a listing.
public struct ObjectListing: Sendable, Equatable {
    public var objects: [ObjectSummary]
    /// Pass it back for the next page; `nil` on the last one.
    public var nextContinuationToken: String?
}

/// A part of a multipart upload that the store holds.
public struct UploadedPart: Sendable, Equatable, Codable {
    public var partNumber: Int
    /// Without quotes.
    public var etag: String
    public var size: Int64?

    public init(partNumber: Int, etag: String, size: Int64? = nil) {
        self.partNumber = partNumber
        self.etag = etag
        self.size = size
    }
}
