import Foundation
public import Logging
import PhotolalaSupport

/// An ``ObjectStore`` in a local folder, for backups to an external disk or a NAS mount, with
/// S3's semantics: ETag = MD5 hex (multipart: MD5 of the parts' MD5s, a dash and the count),
/// Content-MD5 checked, conditional writes, ranges, conditional GET, paged listing in key order,
/// 5 MiB smallest part but the last.
///
/// Objects live under `objects/` by key; storage class, tags and metadata in a JSON sidecar under
/// `.sidecars/`; unfinished multipart uploads under `.uploads/{uploadID}/`. Every file is written
/// to a temporary name and renamed, so a crash never leaves a torn object.
///
/// One difference from S3: as keys are paths, a key cannot also be the folder of other keys
/// (`a` and `a/b`); such a write fails with `invalidRequest`. Photolala's layout never needs both.
/// A conditional write is checked, then written: two processes writing the same key at the same
/// moment can both pass the check (S3 decides atomically).
public struct LocalDirectoryObjectStore: ObjectStore {
    public let root: String
    /// Where a multipart upload's folder that cannot be removed is told.
    let logger: Logger

    /// - Parameters:
    ///   - root: The folder to keep objects in; made on first write.
    ///   - logger: Where leftovers that cannot be removed are logged.
    public init(root: String, logger: Logger = Logger(label: "photolala.store")) {
        self.root = root
        self.logger = logger
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

    public func put(_ key: String, body: [UInt8], options: PutOptions) async throws -> String {
        let path = try objectPath(key)
        let digest = ContentHash.md5Digest(of: body)
        if let expected = options.contentMD5, Data(digest).base64EncodedString() != expected {
            throw ObjectStoreError(
                .badDigest, "PutObject '\(key)' failed: the body does not match its Content-MD5.", s3Code: "BadDigest", statusCode: 400)
        }
        if let condition = options.condition {
            let current = try sidecar(key)?.etag
            let holds =
                switch condition {
                case .ifMatch(let etag): current == etag
                case .ifAbsent: current == nil
                }
            guard holds else {
                throw ObjectStoreError(
                    .preconditionFailed, "PutObject '\(key)' failed: it was changed meanwhile (its condition does not hold).",
                    s3Code: "PreconditionFailed", statusCode: 412)
            }
        }
        let etag = ContentHash.hex(digest)
        let sidecar = Sidecar(
            etag: etag, size: Int64(body.count), storageClass: (options.storageClass ?? .standard).rawValue, tags: options.tags,
            metadata: options.metadata, contentType: options.contentType, lastModified: Date())
        try store(key) {
            let staged = try AtomicFile.writeTemporary(body, beside: path)
            try commit(staged, sidecar: sidecar, path: path, key: key)
        }
        return etag
    }

    /// Reads only the bytes asked for: a range of a large original costs that range.
    public func get(_ key: String, range: ClosedRange<Int64>?, ifNoneMatch: String?) async throws -> ObjectData? {
        guard let sidecar = try sidecar(key), let file = try openFile(try objectPath(key), for: "GetObject '\(key)'") else {
            throw Self.noSuchKey("GetObject", key)
        }
        if let ifNoneMatch, ifNoneMatch == sidecar.etag { return nil }
        let size = file.size
        guard let range else {
            return ObjectData(bytes: try read(file, count: size, at: 0, for: "GetObject '\(key)'"), etag: sidecar.etag, totalSize: size)
        }
        guard range.lowerBound >= 0, range.lowerBound < size else {
            throw ObjectStoreError(
                .invalidRange, "GetObject '\(key)' failed: the range starts past the end.", s3Code: "InvalidRange", statusCode: 416)
        }
        let count = min(range.upperBound, size - 1) - range.lowerBound + 1
        return ObjectData(bytes: try read(file, count: count, at: range.lowerBound, for: "GetObject '\(key)'"), etag: sidecar.etag, totalSize: size)
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

    public func copy(from source: String, to destination: String) async throws {
        guard var sidecar = try sidecar(source), let file = try openFile(try objectPath(source), for: "CopyObject '\(source)'") else {
            throw Self.noSuchKey("CopyObject", source)
        }
        let bytes = try read(file, count: file.size, at: 0, for: "CopyObject '\(source)'")
        sidecar.lastModified = Date()
        let path = try objectPath(destination)
        try store(destination) {
            let staged = try AtomicFile.writeTemporary(bytes, beside: path)
            try commit(staged, sidecar: sidecar, path: path, key: destination)
        }
    }

    // MARK: - Files

    /// The most of a sidecar read: one is a few hundred bytes; a larger one is damaged.
    static let maximumSidecarBytes: Int64 = 1 << 20

    /// The file at `path` open for reading, `nil` when there is none. Only a regular file is
    /// opened (``RegularFile``): a pipe or a device put in the folder by hand would hold the
    /// backup for ever, and is a storage failure instead.
    /// - Throws: ``ObjectStoreError/Code/storageFailed`` naming `operation`.
    func openFile(_ path: String, for operation: String) throws -> RegularFile? {
        do {
            return try RegularFile.ifPresent(at: path)
        } catch {
            throw ObjectStoreError(.storageFailed, "\(operation) failed: \(error)")
        }
    }

    /// Up to `count` bytes of `file` from `offset`.
    /// - Throws: ``ObjectStoreError/Code/storageFailed`` naming `operation`.
    func read(_ file: RegularFile, count: Int64, at offset: Int64, for operation: String) throws -> [UInt8] {
        do {
            return try file.read(upTo: Int(count), at: offset)
        } catch {
            throw ObjectStoreError(.storageFailed, "\(operation) failed: \(error)")
        }
    }

    /// The object's path; keys that could leave the folder (`..`, empty segments) are refused.
    func objectPath(_ key: String) throws -> String {
        let segments = key.split(separator: "/", omittingEmptySubsequences: false)
        guard !key.isEmpty, !key.contains("\0"), segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            throw ObjectStoreError(
                .invalidRequest, "The key '\(key)' cannot be stored in a folder: it has an empty, '.' or '..' segment.", statusCode: 400)
        }
        return objectsFolder + "/" + key
    }

    var objectsFolder: String { root + "/objects" }

    func sidecarPath(_ key: String) throws -> String {
        _ = try objectPath(key)
        return root + "/.sidecars/" + key + ".json"
    }

    func sidecar(_ key: String) throws -> Sidecar? {
        guard let file = try openFile(try sidecarPath(key), for: "The sidecar of '\(key)'") else { return nil }
        let bytes = try read(file, count: min(file.size, Self.maximumSidecarBytes), at: 0, for: "The sidecar of '\(key)'")
        do {
            return try UntrustedDocument.decodeJSON(Sidecar.self, from: bytes)
        } catch {
            throw ObjectStoreError(.storageFailed, "The sidecar of '\(key)' in '\(root)' is damaged: \(error).")
        }
    }

    /// Renames an object's staged bytes into place, then its sidecar: the window in which they
    /// disagree is two renames long.
    func commit(_ staged: String, sidecar: Sidecar, path: String, key: String) throws {
        let sidecarFile = try sidecarPath(key)
        let stagedSidecar: String
        do {
            stagedSidecar = try AtomicFile.writeTemporary(Array(JSONEncoder().encode(sidecar)), beside: sidecarFile)
        } catch {
            unlink(staged)
            throw error
        }
        try AtomicFile.commit(staged, to: path)
        try AtomicFile.commit(stagedSidecar, to: sidecarFile)
    }

    /// Runs a write of `key`, turning a file-system failure into the store's error type, and a
    /// clash between a key and a folder of keys into a clear one.
    func store(_ key: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ObjectStoreError {
            throw error
        } catch {
            if let clash = try clash(for: key) {
                throw ObjectStoreError(
                    .invalidRequest,
                    "The key '\(key)' cannot be stored in the folder '\(root)': '\(clash)' is a key there, and a folder store cannot hold a key and keys under it.",
                    statusCode: 400)
            }
            throw ObjectStoreError(.storageFailed, "Cannot write to '\(root)': \(error).")
        }
    }

    /// The key that keeps `key` from being a file: an ancestor that is one, or `key` itself
    /// when it is a folder of other keys.
    private func clash(for key: String) throws -> String? {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: try objectPath(key), isDirectory: &isFolder), isFolder.boolValue {
            return key + "/…"
        }
        var ancestor = ""
        for segment in key.split(separator: "/").dropLast() {
            ancestor += ancestor.isEmpty ? String(segment) : "/" + segment
            if FileManager.default.fileExists(atPath: objectsFolder + "/" + ancestor, isDirectory: &isFolder), !isFolder.boolValue {
                return ancestor
            }
        }
        return nil
    }

    static func noSuchKey(_ operation: String, _ key: String) -> ObjectStoreError {
        ObjectStoreError(.noSuchKey, "\(operation) '\(key)' failed: there is no such object.", s3Code: "NoSuchKey", statusCode: 404)
    }
}
