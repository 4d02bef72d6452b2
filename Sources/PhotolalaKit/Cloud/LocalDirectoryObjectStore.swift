import Foundation

/// An ``ObjectStore`` in a local folder, for backups to an external disk or a NAS mount, with
/// S3's semantics: ETag = MD5 hex (multipart: MD5 of the parts' MD5s, a dash and the count),
/// Content-MD5 checked, ranges, conditional GET, paged listing in key order.
///
/// Objects live under `objects/` by key; storage class, tags and metadata in a JSON sidecar under
/// `.sidecars/`; unfinished multipart uploads under `.uploads/{uploadID}/`. Every file is written
/// to a temporary name and renamed, so a crash never leaves a torn object.
public struct LocalDirectoryObjectStore: ObjectStore {
    public let root: String

    /// - Parameter root: The folder to keep objects in; made on first write.
    public init(root: String) {
        self.root = root
    }

    /// What S3 keeps beside an object's bytes.
    struct Sidecar: Codable {
        var etag: String
        var size: Int64
        var storageClass: String
        var tags: [String: String]
        var metadata: [String: String]
        var contentType: String?
        var lastModified: Date
    }

    /// An unfinished multipart upload.
    struct Upload: Codable {
        var key: String
        var storageClass: String?
        var tags: [String: String]
        var metadata: [String: String]
        var contentType: String?
    }

    public func put(_ key: String, body: [UInt8], options: PutOptions) async throws -> String {
        let path = try objectPath(key)
        let digest = ContentHash.md5Digest(of: body)
        if let expected = options.contentMD5, Data(digest).base64EncodedString() != expected {
            throw ObjectStoreError(
                .badDigest, "PutObject '\(key)' failed: the body does not match its Content-MD5.", s3Code: "BadDigest", statusCode: 400)
        }
        let etag = ContentHash.hex(digest)
        let sidecar = Sidecar(
            etag: etag, size: Int64(body.count), storageClass: (options.storageClass ?? .standard).rawValue, tags: options.tags,
            metadata: options.metadata, contentType: options.contentType, lastModified: Date())
        try store { try write(body, sidecar: sidecar, path: path, key: key) }
        return etag
    }

    public func get(_ key: String, range: ClosedRange<Int64>?, ifNoneMatch: String?) async throws -> ObjectData? {
        guard let sidecar = try sidecar(key), let bytes = FileManager.default.contents(atPath: try objectPath(key)).map(Array.init) else {
            throw Self.noSuchKey("GetObject", key)
        }
        if let ifNoneMatch, ifNoneMatch == sidecar.etag { return nil }
        guard let range else { return ObjectData(bytes: bytes, etag: sidecar.etag, totalSize: Int64(bytes.count)) }
        guard range.lowerBound >= 0, range.lowerBound < Int64(bytes.count) else {
            throw ObjectStoreError(
                .invalidRange, "GetObject '\(key)' failed: the range starts past the end.", s3Code: "InvalidRange", statusCode: 416)
        }
        let upper = min(range.upperBound, Int64(bytes.count) - 1)
        return ObjectData(bytes: Array(bytes[Int(range.lowerBound)...Int(upper)]), etag: sidecar.etag, totalSize: Int64(bytes.count))
    }

    public func head(_ key: String) async throws -> ObjectInfo? {
        guard let sidecar = try sidecar(key) else { return nil }
        return ObjectInfo(
            size: sidecar.size, etag: sidecar.etag, lastModified: sidecar.lastModified, storageClass: StorageClass(rawValue: sidecar.storageClass),
            metadata: sidecar.metadata, contentType: sidecar.contentType, tagCount: sidecar.tags.count,
            // A folder has no archive tier: its Deep Archive objects are always readable.
            restore: sidecar.storageClass == StorageClass.deepArchive.rawValue ? ObjectRestoreState(ongoing: false, expiry: nil) : nil)
    }

    /// Succeeds at once: every object in a folder is readable already.
    public func restore(_ key: String, days: Int, tier: RestoreTier) async throws {
        guard try sidecar(key) != nil else { throw Self.noSuchKey("RestoreObject", key) }
    }

    public func tags(_ key: String) async throws -> [String: String] {
        guard let sidecar = try sidecar(key) else { throw Self.noSuchKey("GetObjectTagging", key) }
        return sidecar.tags
    }

    public func delete(_ key: String) async throws {
        unlink(try objectPath(key))
        unlink(try sidecarPath(key))
    }

    public func list(prefix: String, continuationToken: String?, maxKeys: Int) async throws -> ObjectListing {
        let folder = root + "/objects"
        let keys = (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasPrefix(prefix) && !FilePath.name(of: $0).hasPrefix(AtomicFile.temporaryPrefix) }
            .filter {
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: folder + "/" + $0, isDirectory: &isFolder) && !isFolder.boolValue
            }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            .drop { key in continuationToken.map { Array(key.utf8).lexicographicallyPrecedes(Array($0.utf8)) || key == $0 } ?? false }
        let page = keys.prefix(max(1, maxKeys))
        let objects = try page.compactMap { key -> ObjectSummary? in
            guard let sidecar = try sidecar(key) else { return nil }
            return ObjectSummary(key: key, size: sidecar.size, etag: sidecar.etag, storageClass: StorageClass(rawValue: sidecar.storageClass))
        }
        return ObjectListing(objects: objects, nextContinuationToken: keys.count > page.count ? page.last : nil)
    }

    public func copy(from source: String, to destination: String) async throws {
        guard var sidecar = try sidecar(source), let bytes = FileManager.default.contents(atPath: try objectPath(source)) else {
            throw Self.noSuchKey("CopyObject", source)
        }
        sidecar.lastModified = Date()
        let path = try objectPath(destination)
        try store { try write(Array(bytes), sidecar: sidecar, path: path, key: destination) }
    }

    // MARK: - Multipart

    public func createMultipartUpload(_ key: String, options: PutOptions) async throws -> String {
        _ = try objectPath(key)
        let uploadID = UUID().uuidString
        let upload = Upload(
            key: key, storageClass: options.storageClass?.rawValue, tags: options.tags, metadata: options.metadata, contentType: options.contentType)
        try store { try AtomicFile.write(Array(JSONEncoder().encode(upload)), to: uploadFolder(uploadID) + "/upload.json") }
        return uploadID
    }

    public func uploadPart(_ key: String, uploadID: String, partNumber: Int, body: [UInt8]) async throws -> String {
        _ = try upload(uploadID, key: key)
        guard (1...10_000).contains(partNumber) else {
            throw ObjectStoreError(.invalidRequest, "UploadPart '\(key)' failed: part numbers run from 1 to 10000.", statusCode: 400)
        }
        try store { try AtomicFile.write(body, to: uploadFolder(uploadID) + "/\(partNumber).part") }
        return ContentHash.md5(of: body)
    }

    public func completeMultipartUpload(_ key: String, uploadID: String, parts: [UploadedPart]) async throws -> String {
        let upload = try upload(uploadID, key: key)
        var body: [UInt8] = []
        var digests: [UInt8] = []
        for part in parts.sorted(by: { $0.partNumber < $1.partNumber }) {
            guard let bytes = FileManager.default.contents(atPath: uploadFolder(uploadID) + "/\(part.partNumber).part").map(Array.init),
                ContentHash.md5(of: bytes) == part.etag
            else {
                throw ObjectStoreError(
                    .invalidRequest, "CompleteMultipartUpload '\(key)' failed: part \(part.partNumber) is missing or its ETag differs.",
                    s3Code: "InvalidPart", statusCode: 400)
            }
            body += bytes
            digests += ContentHash.md5Digest(of: bytes)
        }
        let etag = ContentHash.md5(of: digests) + "-\(parts.count)"
        let sidecar = Sidecar(
            etag: etag, size: Int64(body.count), storageClass: upload.storageClass ?? StorageClass.standard.rawValue, tags: upload.tags,
            metadata: upload.metadata, contentType: upload.contentType, lastModified: Date())
        let path = try objectPath(key)
        try store { try write(body, sidecar: sidecar, path: path, key: key) }
        try? FileManager.default.removeItem(atPath: uploadFolder(uploadID))
        return etag
    }

    public func abortMultipartUpload(_ key: String, uploadID: String) async throws {
        try? FileManager.default.removeItem(atPath: uploadFolder(uploadID))
    }

    public func listParts(_ key: String, uploadID: String) async throws -> [UploadedPart] {
        _ = try upload(uploadID, key: key)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: uploadFolder(uploadID))) ?? []
        return names.compactMap { name -> UploadedPart? in
            guard name.hasSuffix(".part"), let number = Int(name.dropLast(5)),
                let bytes = FileManager.default.contents(atPath: uploadFolder(uploadID) + "/" + name).map(Array.init)
            else { return nil }
            return UploadedPart(partNumber: number, etag: ContentHash.md5(of: bytes), size: Int64(bytes.count))
        }.sorted { $0.partNumber < $1.partNumber }
    }

    // MARK: - Files

    /// The object's path; keys that could leave the folder (`..`, empty segments) are refused.
    func objectPath(_ key: String) throws -> String {
        let segments = key.split(separator: "/", omittingEmptySubsequences: false)
        guard !key.isEmpty, !key.contains("\0"), segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            throw ObjectStoreError(
                .invalidRequest, "The key '\(key)' cannot be stored in a folder: it has an empty, '.' or '..' segment.", statusCode: 400)
        }
        return root + "/objects/" + key
    }

    func sidecarPath(_ key: String) throws -> String {
        _ = try objectPath(key)
        return root + "/.sidecars/" + key + ".json"
    }

    func uploadFolder(_ uploadID: String) -> String {
        root + "/.uploads/" + uploadID
    }

    private func sidecar(_ key: String) throws -> Sidecar? {
        guard let bytes = FileManager.default.contents(atPath: try sidecarPath(key)) else { return nil }
        do {
            return try JSONDecoder().decode(Sidecar.self, from: bytes)
        } catch {
            throw ObjectStoreError(.storageFailed, "The sidecar of '\(key)' in '\(root)' is damaged: \(error).")
        }
    }

    private func upload(_ uploadID: String, key: String) throws -> Upload {
        guard !uploadID.contains("/"), let bytes = FileManager.default.contents(atPath: uploadFolder(uploadID) + "/upload.json"),
            let upload = try? JSONDecoder().decode(Upload.self, from: bytes), upload.key == key
        else {
            throw ObjectStoreError(
                .noSuchUpload, "The multipart upload '\(uploadID)' of '\(key)' does not exist.", s3Code: "NoSuchUpload", statusCode: 404)
        }
        return upload
    }

    /// Writes both files to temporary names first, then renames the bytes and then the sidecar
    /// into place: the window in which they disagree is two renames long.
    private func write(_ bytes: [UInt8], sidecar: Sidecar, path: String, key: String) throws {
        let sidecarFile = try sidecarPath(key)
        let staged = try AtomicFile.writeTemporary(bytes, beside: path)
        let stagedSidecar = try AtomicFile.writeTemporary(Array(JSONEncoder().encode(sidecar)), beside: sidecarFile)
        try AtomicFile.commit(staged, to: path)
        try AtomicFile.commit(stagedSidecar, to: sidecarFile)
    }

    /// Turns a file-system failure into the store's error type.
    private func store(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ObjectStoreError {
            throw error
        } catch {
            throw ObjectStoreError(.storageFailed, "Cannot write to '\(root)': \(error).")
        }
    }

    private static func noSuchKey(_ operation: String, _ key: String) -> ObjectStoreError {
        ObjectStoreError(.noSuchKey, "\(operation) '\(key)' failed: there is no such object.", s3Code: "NoSuchKey", statusCode: 404)
    }
}
