import Foundation
import GRDB
import Logging
import PhotolalaS3

extension BackupService {
    /// Uploads a large original in parts, resuming an upload a crashed run left: the upload id
    /// and each finished part are saved in the database, and parts the store confirms holding
    /// are not sent again. Every part is verified by its ETag, the whole by the multipart ETag.
    func uploadInParts(path: String, md5: String, size: Int64, options: PutOptions, tracker: BackupProgressTracker) async throws {
        let key = layout.photo(md5)
        let partSize = max(1, self.options.partSize)
        let partCount = Int((size + Int64(partSize) - 1) / Int64(partSize))
        var (uploadID, done) = try await resumable(key: key, md5: md5, partSize: partSize)
        if uploadID == nil {
            let created = try await store.createMultipartUpload(key, options: options)
            try multiparts.begin(key: key, md5: md5, uploadID: created, partSize: partSize, at: Date())
            uploadID = created
        }
        guard let uploadID else { return }
        var stored: Int64 = 0
        for part in done.values {
            stored += part.size ?? 0
            await tracker.resumed(part.size ?? 0)
        }
        try recordStored(md5: md5, bytes: stored)
        for number in 1...partCount where done[number] == nil {
            let offset = Int64(number - 1) * Int64(partSize)
            let bytes = try await offload { try Self.read(path, offset: offset, count: Int(min(Int64(partSize), size - offset))) }
            let expected = ContentHash.md5(of: bytes)
            let etag = try await store.uploadPart(key, uploadID: uploadID, partNumber: number, body: bytes)
            guard etag.lowercased() == expected else {
                throw BackupError.verificationFailed("\(key) part \(number)", expected: expected, stored: etag)
            }
            let part = UploadedPart(partNumber: number, etag: etag, size: Int64(bytes.count))
            try multiparts.record(part, key: key, size: Int64(bytes.count))
            done[number] = part
            stored += Int64(bytes.count)
            try recordStored(md5: md5, bytes: stored)
            await tracker.uploaded(Int64(bytes.count))
        }
        let parts = (1...partCount).compactMap { done[$0] }
        let etag = try await store.completeMultipartUpload(key, uploadID: uploadID, parts: parts)
        let digests = parts.flatMap { Self.bytes(fromHex: $0.etag) }
        let expected = ContentHash.md5(of: digests) + "-\(parts.count)"
        guard etag.lowercased() == expected else { throw BackupError.verificationFailed(key, expected: expected, stored: etag) }
        try multiparts.finish(key: key)
        guard try await store.head(key)?.metadata["md5"] == md5 else {
            throw BackupError.verificationFailed(key, expected: md5, stored: "(no md5 recorded)")
        }
    }

    /// The upload id and confirmed parts of an earlier run's upload of `key`, if it can be
    /// resumed; a stale one (other content, other part size, gone from the store) is dropped.
    private func resumable(key: String, md5: String, partSize: Int) async throws -> (String?, [Int: UploadedPart]) {
        guard let saved = try multiparts.saved(key: key) else { return (nil, [:]) }
        let (savedMD5, uploadID, savedPartSize, savedParts) = (saved.md5, saved.uploadID, saved.partSize, saved.parts)
        var remote: [UploadedPart] = []
        var usable = savedMD5 == md5 && savedPartSize == partSize
        if usable {
            do {
                remote = try await store.listParts(key, uploadID: uploadID)
            } catch let error as ObjectStoreError where error.code == .noSuchUpload {
                usable = false
            }
        }
        guard usable else {
            do {
                try await store.abortMultipartUpload(key, uploadID: uploadID)
            } catch {
                logger.warning(
                    "An abandoned multipart upload could not be aborted; its parts stay in the bucket until a lifecycle rule removes them.",
                    metadata: ["key": "\(key)", "error": .error(error)])
            }
            try multiparts.finish(key: key)
            return (nil, [:])
        }
        // Only parts both sides agree on: the store holds them and this device verified them.
        let remoteETags = Dictionary(remote.map { ($0.partNumber, $0.etag) }, uniquingKeysWith: { $1 })
        let confirmed = savedParts.filter { remoteETags[$0.partNumber] == $0.etag }
        return (uploadID, Dictionary(uniqueKeysWithValues: confirmed.map { ($0.partNumber, $0) }))
    }

    /// `count` bytes of a file from `offset`.
    static func read(_ path: String, offset: Int64, count: Int) throws -> [UInt8] {
        let bytes = try RegularFile(path: path).read(upTo: count, at: offset)
        guard bytes.count == count else { throw BackupError.fileChanged(path) }
        return bytes
    }

    /// The bytes of a lowercase or uppercase hex string (an ETag).
    static func bytes(fromHex text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var high: Int?
        for digit in text.utf8 {
            guard let value = CatalogEntry.hexValue(digit) else { continue }
            if let first = high {
                bytes.append(UInt8(first << 4 | value))
                high = nil
            } else {
                high = value
            }
        }
        return bytes
    }
}
