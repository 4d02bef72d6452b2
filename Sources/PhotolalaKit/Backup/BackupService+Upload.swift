import Foundation
import Logging
import PhotolalaS3

extension BackupService {
    /// Uploads what the plan says is missing and returns the photo's catalog row, made from the
    /// same inspection as its metadata plist.
    ///
    /// A photo under the multipart threshold is read once and inspected once; its metadata is
    /// read before anything is sent, and what the read taught is recorded once the original is
    /// known to be the starred content, so the folder's listing and catalog need not read it
    /// again (a larger one is read by ``PhotoFileReader/metadata(at:)``, which records it). A
    /// photo that cannot be decoded goes up all the same, with
    /// its file facts and a placeholder thumbnail: the original is what matters. The original goes
    /// up (inside `originals`, which bounds the large uploads at once) before its thumbnail and
    /// metadata (those two together), so nothing is stored under an MD5 whose original the
    /// store refused.
    func upload(_ plan: Plan, originals: AsyncSemaphore, tracker: BackupProgressTracker) async throws -> CatalogEntry {
        let item = plan.item
        let md5 = item.md5
        let contents: FileContents?
        var metadata: PhotoMetadata
        var learnt: PhotoFacts?
        if item.size <= options.multipartThreshold {
            let read: (FileContents, (metadata: PhotoMetadata, facts: PhotoFacts)) = try await offload { [files, self] in
                let read = try FileContents(path: item.path, sizeLimit: files.maximumFileSize)
                // Another size is other content. An edit that kept the size is caught by the
                // store checking the Content-MD5 of the original; when the original is already
                // stored, nothing else would catch it, so the bytes are hashed here.
                guard read.bytes.count == item.size, plan.needsPhoto || ContentHash.md5(of: read.bytes) == md5 else {
                    throw BackupError.changedSinceStarred(item.path)
                }
                return (read, try self.metadata(of: read, md5: md5))
            }
            contents = read.0
            (metadata, learnt) = read.1
        } else {
            contents = nil
            do {
                metadata = try await offload { [files] in try files.metadata(at: item.path) }
                guard metadata.md5 == md5 else { throw BackupError.changedSinceStarred(item.path) }
            } catch  where Self.isUndecodable(error) {
                // The multipart upload checks the MD5 of what it sends against the starred one.
                logger.warning("Backing up a photo that cannot be decoded as its bytes", metadata: ["reason": "\(error)"])
                metadata = try await offload {
                    Self.undecodableMetadata(
                        path: item.path, head: try PhotoFileReader.head(of: item.path), status: try FileStatus(path: item.path), md5: md5)
                }
            }
        }
        metadata.originalFilename = item.originalFilename
        if plan.needsPhoto {
            let format = metadata.format
            try await originals.run { try await uploadOriginal(item, contents: contents, format: format, tracker: tracker) }
        }
        // The bytes are the starred content now: the store checked their Content-MD5, or they were hashed above.
        if let learnt {
            await record(learnt)
        }
        let plist = metadata
        let entry = CatalogEntry(md5: md5, filename: item.originalFilename, size: item.size, metadata: metadata, applePhotoID: item.applePhotoID)
        // Both are tried whatever the other does, so one failing leaves as little as it can to
        // the next run; from here on the original is stored, so the row goes to the catalog
        // even when they fail (``PartlyStored``).
        let failures = await withTaskGroup(of: (any Error)?.self) { group in
            if plan.needsThumbnail {
                group.addTask {
                    do {
                        let jpeg = try await thumbnail(of: item, contents: contents)
                        try await put(
                            layout.thumbnail(md5), jpeg, options: PutOptions(storageClass: .standard, contentType: "image/jpeg"), tracker: tracker,
                            counted: false)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            if plan.needsMetadata {
                group.addTask {
                    do {
                        let encoder = PropertyListEncoder()
                        encoder.outputFormat = .binary
                        try await put(
                            layout.metadata(md5), Array(try encoder.encode(plist)),
                            options: PutOptions(storageClass: .standard, contentType: "application/x-plist"), tracker: tracker, counted: false)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            return await group.reduce(into: [any Error]()) { failures, failure in failures += failure.map { [$0] } ?? [] }
        }
        if let failure = failures.first {
            throw PartlyStored(entry: entry, error: failure)
        }
        return entry
    }

    /// A photo whose original is in the store (uploaded now or before) but whose thumbnail or
    /// metadata could not be stored: the run lists it in the cloud catalog all the same, so the
    /// original is never an orphan, and reports the failure; the next run, or `backup verify
    /// --repair`, stores what is missing.
    struct PartlyStored: Error {
        let entry: CatalogEntry
        let error: any Error
    }

    /// Records what the read of a photo taught (``PhotoFileReader/record(_:)``). A failure costs
    /// only a read of the file when its folder is listed or catalogued, and is logged.
    private func record(_ facts: PhotoFacts) async {
        do {
            try await offload { [files] in try files.record([facts]) }
        } catch {
            logger.warning(
                "What the backup read of a photo could not be recorded; its folder's listing reads it again.", metadata: ["error": .error(error)])
        }
    }

    /// The original to Deep Archive with its Format tag, under the starred MD5 sent as its
    /// Content-MD5. A store refusing that digest means either damage on the way or a file
    /// edited since it was starred; hashing the bytes tells which.
    private func uploadOriginal(_ item: BackupItem, contents: FileContents?, format: ImageFormat?, tracker: BackupProgressTracker) async throws {
        let options = PutOptions(
            storageClass: .deepArchive, tags: ["Format": format?.rawValue ?? "UNKNOWN"], metadata: ["md5": item.md5],
            contentType: "application/octet-stream")
        guard let contents else {
            return try await uploadInParts(path: item.path, md5: item.md5, size: item.size, options: options, tracker: tracker)
        }
        do {
            try await put(layout.photo(item.md5), contents.bytes, options: options, tracker: tracker, counted: true, knownMD5: item.md5)
            try recordStored(md5: item.md5, bytes: item.size)
        } catch let error as ObjectStoreError where error.code == .badDigest {
            let actual = try await offload { ContentHash.md5(of: contents.bytes) }
            throw actual == item.md5 ? error : BackupError.changedSinceStarred(item.path)
        }
    }

    /// The thumbnail from the content-addressed cache (browsing made most of them), otherwise
    /// rendered from the bytes already in memory and cached (a cache that cannot be written is
    /// logged, and the thumbnail sent all the same); a placeholder for bytes that cannot be
    /// decoded.
    private func thumbnail(of item: BackupItem, contents: FileContents?) async throws -> [UInt8] {
        try await offload { [files, self] in
            if let cached = files.thumbnails.thumbnail(forMD5: item.md5) {
                return cached
            }
            do {
                // A video's poster frame comes from ffmpeg reading the file, not from its bytes.
                guard let contents, ImageFormat(sniffing: contents.bytes)?.kind != .video else { return try files.thumbnail(at: item.path).jpeg }
                let jpeg = try files.imaging.thumbnail(of: contents.bytes, name: item.path)
                do {
                    try files.thumbnails.store(jpeg, forMD5: item.md5)
                } catch {
                    // A full or read-only cache costs only a decode when the photo is browsed:
                    // the thumbnail goes up from memory.
                    logger.warning(
                        "A backed-up photo's thumbnail could not be kept in the cache; it was uploaded from memory.",
                        metadata: ["path": "\(files.thumbnails.path(forMD5: item.md5))", "error": .error(error)])
                }
                return jpeg
            } catch  where Self.isUndecodable(error) {
                // Not cached: browsing the folder says what is wrong with the photo.
                return try placeholderThumbnail()
            }
        }
    }

    /// The catalog row of a photo already backed up, from its metadata plist in the store, for a
    /// catalog that lacks it; `nil` when the plist is gone or unreadable.
    func storedEntry(_ md5: String) async throws -> CatalogEntry? {
        let key = layout.metadata(md5)
        guard let plist = try await store.get(key) else { return nil }
        let metadata: PhotoMetadata
        do {
            metadata = try UntrustedDocument.decodePropertyList(PhotoMetadata.self, from: plist)
        } catch {
            logger.warning(
                "A backed-up photo's metadata plist cannot be read; the cloud catalog leaves the photo out.",
                metadata: ["key": "\(key)", "error": .error(error)])
            return nil
        }
        return CatalogEntry(md5: md5, filename: metadata.originalFilename ?? "\(md5).dat", size: metadata.fileSize ?? 0, metadata: metadata)
    }

    /// One single-part upload with its Content-MD5, verified by the returned ETag.
    /// - Parameters:
    ///   - counted: Whether the bytes count towards progress (originals do; thumbnails and
    ///     metadata, small and not in the total, do not).
    ///   - knownMD5: The bytes' MD5 hex when the caller has just computed it.
    func put(
        _ key: String, _ bytes: [UInt8], options: PutOptions, tracker: BackupProgressTracker, counted: Bool, knownMD5: String? = nil
    ) async throws {
        var options = options
        let digest = knownMD5.map(Self.bytes(fromHex:)) ?? ContentHash.md5Digest(of: bytes)
        let expected = ContentHash.hex(digest)
        options.contentMD5 = Data(digest).base64EncodedString()
        let etag = try await store.put(key, body: bytes, options: options)
        guard etag.lowercased() == expected else { throw BackupError.verificationFailed(key, expected: expected, stored: etag) }
        if counted {
            await tracker.uploaded(Int64(bytes.count))
        }
    }
}
