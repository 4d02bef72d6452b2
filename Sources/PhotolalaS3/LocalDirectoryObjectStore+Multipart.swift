import Crypto
import Foundation
import PhotolalaSupport

extension LocalDirectoryObjectStore {
    /// An unfinished multipart upload.
    struct Upload: Codable {
        var key: String
        var storageClass: String?
        var tags: [String: String]
        var metadata: [String: String]
        var contentType: String?
    }

    /// S3's smallest part, but for the last one.
    static let smallestPart: Int64 = 5 << 20

    public func createMultipartUpload(_ key: String, options: PutOptions) async throws -> String {
        _ = try objectPath(key)
        let uploadID = UUID().uuidString
        let upload = Upload(
            key: key, storageClass: options.storageClass?.rawValue, tags: options.tags, metadata: options.metadata, contentType: options.contentType)
        try store(key) { try AtomicFile.write(Array(JSONEncoder().encode(upload)), to: uploadFolder(uploadID) + "/upload.json") }
        return uploadID
    }

    public func uploadPart(_ key: String, uploadID: String, partNumber: Int, body: [UInt8]) async throws -> String {
        _ = try upload(uploadID, key: key)
        guard (1...10_000).contains(partNumber) else {
            throw ObjectStoreError(.invalidRequest, "UploadPart '\(key)' failed: part numbers run from 1 to 10000.", statusCode: 400)
        }
        try store(key) { try AtomicFile.write(body, to: uploadFolder(uploadID) + "/\(partNumber).part") }
        return ContentHash.md5(of: body)
    }

    /// Joins the parts into the object, streaming them into its file a few MiB at a time, so
    /// a multi-gigabyte original never sits in memory.
    public func completeMultipartUpload(_ key: String, uploadID: String, parts: [UploadedPart]) async throws -> String {
        let upload = try upload(uploadID, key: key)
        let path = try objectPath(key)
        let sorted = parts.sorted { $0.partNumber < $1.partNumber }
        guard !sorted.isEmpty else {
            throw ObjectStoreError(
                .invalidRequest, "CompleteMultipartUpload '\(key)' failed: no parts were given.", s3Code: "MalformedXML", statusCode: 400)
        }
        var staged: String?
        var etag = ""
        do {
            try store(key) {
                let (temporary, descriptor) = try AtomicFile.createTemporary(beside: path)
                staged = temporary
                let output = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
                defer { try? output.close() }
                var digests: [UInt8] = []
                var size: Int64 = 0
                for (index, part) in sorted.enumerated() {
                    let (digest, length) = try append(part, of: uploadID, key: key, to: output)
                    guard ContentHash.hex(digest) == part.etag.lowercased() else {
                        throw Self.invalidPart(key, part.partNumber, "has another ETag than the one given")
                    }
                    if index < sorted.count - 1 && length < Self.smallestPart {
                        throw ObjectStoreError(
                            .invalidRequest,
                            "CompleteMultipartUpload '\(key)' failed: part \(part.partNumber) is \(length) bytes; every part but the last must be at least 5 MiB.",
                            s3Code: "EntityTooSmall", statusCode: 400)
                    }
                    digests += digest
                    size += length
                }
                try output.synchronize()
                etag = ContentHash.md5(of: digests) + "-\(sorted.count)"
                let sidecar = Sidecar(
                    etag: etag, size: size,
                    storageClass: upload.storageClass ?? StorageClass.standard.rawValue, tags: upload.tags, metadata: upload.metadata,
                    contentType: upload.contentType, lastModified: Date())
                try commit(temporary, sidecar: sidecar, path: path, key: key)
                staged = nil
            }
        } catch {
            if let staged {
                unlink(staged)
            }
            throw error
        }
        FileManager.default.removeLeftover(atPath: uploadFolder(uploadID), logger: logger)
        return etag
    }

    public func abortMultipartUpload(_ key: String, uploadID: String) async throws {
        FileManager.default.removeLeftover(atPath: uploadFolder(uploadID), logger: logger)
    }

    public func listParts(_ key: String, uploadID: String) async throws -> [UploadedPart] {
        _ = try upload(uploadID, key: key)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: uploadFolder(uploadID))) ?? []
        var parts: [UploadedPart] = []
        for name in names {
            guard name.hasSuffix(".part"), let number = Int(name.dropLast(5)),
                let file = try openFile(uploadFolder(uploadID) + "/" + name, for: "ListParts '\(key)'")
            else { continue }
            let bytes = try read(file, count: file.size, at: 0, for: "ListParts '\(key)'")
            parts.append(UploadedPart(partNumber: number, etag: ContentHash.md5(of: bytes), size: Int64(bytes.count)))
        }
        return parts.sorted { $0.partNumber < $1.partNumber }
    }

    func uploadFolder(_ uploadID: String) -> String {
        root + "/.uploads/" + uploadID
    }

    private func upload(_ uploadID: String, key: String) throws -> Upload {
        guard !uploadID.contains("/"), let file = try openFile(uploadFolder(uploadID) + "/upload.json", for: "The upload '\(uploadID)'"),
            let upload = try? UntrustedDocument.decodeJSON(
                Upload.self, from: try read(file, count: min(file.size, Self.maximumSidecarBytes), at: 0, for: "The upload '\(uploadID)'")),
            upload.key == key
        else {
            throw ObjectStoreError(
                .noSuchUpload, "The multipart upload '\(uploadID)' of '\(key)' does not exist.", s3Code: "NoSuchUpload", statusCode: 404)
        }
        return upload
    }

    /// Copies one part's file to `output` in 4 MiB pieces.
    /// - Returns: The part's MD5 digest and length.
    private func append(_ part: UploadedPart, of uploadID: String, key: String, to output: FileHandle) throws -> (digest: [UInt8], length: Int64) {
        guard let input = try openFile(uploadFolder(uploadID) + "/\(part.partNumber).part", for: "CompleteMultipartUpload '\(key)'") else {
            throw Self.invalidPart(key, part.partNumber, "is missing")
        }
        var hasher = Insecure.MD5()
        var length: Int64 = 0
        try input.forEachChunk(size: 4 << 20) { chunk in
            hasher.update(bufferPointer: chunk)
            try output.write(contentsOf: chunk)
            length += Int64(chunk.count)
        }
        return (Array(hasher.finalize()), length)
    }

    private static func invalidPart(_ key: String, _ number: Int, _ reason: String) -> ObjectStoreError {
        ObjectStoreError(
            .invalidRequest, "CompleteMultipartUpload '\(key)' failed: part \(number) \(reason).", s3Code: "InvalidPart", statusCode: 400)
    }
}
