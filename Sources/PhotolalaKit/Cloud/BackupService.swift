import Foundation

/// Uploads photos to the user's prefix in an ``ObjectStore`` (seed 002's S3BackupService): the
/// original to Deep Archive, thumbnail and metadata to Standard, then the cloud catalog.
///
/// A photo already in the cloud (found by HEAD, by MD5) is not uploaded again, so a re-run
/// uploads nothing. Originals above the multipart threshold go up in parts whose progress is
/// kept in the database, so a crashed run resumes at the first missing part.
///
/// ```swift
/// let service = BackupService(store: store, userID: config.userID, engine: engine)
/// let report = try await service.backUp(["/photos/IMG_0001.JPG"]) { print($0.bytesUploaded) }
/// ```
public struct BackupService: Sendable {
    /// Tuning and limits.
    public struct Options: Sendable {
        /// Originals larger than this are uploaded in parts.
        public var multipartThreshold: Int64 = 64 << 20
        /// Size of each part but the last (S3 requires 5 MiB or more).
        public var partSize = 16 << 20
        /// Photos uploaded at once.
        public var concurrency = 4
        /// Bytes the backup may occupy in all; `nil` for no limit.
        public var quotaBytes: Int64?

        public init() {}
    }

    /// One photo that could not be backed up, and why.
    public struct Failure: Error, Sendable, Equatable {
        public var path: String
        public var md5: String?
        public var reason: String
    }

    /// What a run did.
    public struct Report: Sendable {
        /// MD5s uploaded by this run.
        public var uploaded: [String] = []
        /// MD5s that were in the cloud already.
        public var skipped: [String] = []
        public var failed: [Failure] = []
        public var progress = BackupProgress()
    }

    let store: any ObjectStore
    public let layout: CloudLayout
    let engine: Engine
    public var options: Options

    /// - Parameters:
    ///   - store: Where the backup goes.
    ///   - userID: The user's prefix in the store.
    ///   - engine: Reads photos, thumbnails and metadata, and holds the database.
    ///   - options: Multipart threshold, concurrency and quota.
    public init(store: any ObjectStore, userID: String, engine: Engine, options: Options = Options()) {
        self.store = store
        self.layout = CloudLayout(userID: userID)
        self.engine = engine
        self.options = options
    }

    /// What one photo needs.
    struct Plan: Sendable {
        var path: String
        var entry: CatalogEntry
        /// The file's size and time when its MD5 was taken.
        var status: FileStatus
        var needsPhoto: Bool
        var needsThumbnail: Bool
        var needsMetadata: Bool

        var isComplete: Bool { !needsPhoto && !needsThumbnail && !needsMetadata }
    }

    /// Backs up the photos at `paths`, then updates the cloud catalog with all of them.
    /// A photo that fails is reported and the others continue.
    /// - Parameter progress: Called on every change, from any task.
    /// - Throws: ``BackupError/quotaExceeded`` before anything is uploaded when the photos do
    ///   not fit; ``ObjectStoreError`` when the store cannot even be asked (auth, unreachable).
    public func backUp(_ paths: [String], progress: @escaping @Sendable (BackupProgress) -> Void = { _ in }) async throws -> Report {
        let tracker = BackupProgressTracker(report: progress)
        var report = Report()
        var plans: [Plan] = []
        let outcomes = try await concurrently(paths, limit: options.concurrency * 2) { try await self.plan($0) }
        for outcome in outcomes {
            switch outcome {
            case .success(let plan): plans.append(plan)
            case .failure(let failure): report.failed.append(failure)
            }
        }
        let needed = plans.filter(\.needsPhoto).reduce(Int64(0)) { $0 + $1.entry.size }
        if let quota = options.quotaBytes {
            let used = try await usage()
            if used + needed > quota {
                throw BackupError.quotaExceeded(used: used, needed: needed, quota: quota)
            }
        }
        await tracker.start(photos: plans.count + report.failed.count, bytes: needed)
        for _ in report.failed {
            await tracker.failed()
        }
        let results = try await concurrently(plans, limit: options.concurrency) { plan -> Result<Plan, Failure> in
            if plan.isComplete {
                await tracker.finished(skipped: true)
                return .success(plan)
            }
            do {
                try await upload(plan, tracker: tracker)
                await tracker.finished(skipped: false)
                return .success(plan)
            } catch {
                await tracker.failed()
                return .failure(Failure(path: plan.path, md5: plan.entry.md5, reason: "\(error)"))
            }
        }
        var stored: [CatalogEntry] = []
        for (plan, result) in zip(plans, results) {
            switch result {
            case .success:
                stored.append(plan.entry)
                if plan.isComplete { report.skipped.append(plan.entry.md5) } else { report.uploaded.append(plan.entry.md5) }
            case .failure(let failure):
                report.failed.append(failure)
            }
        }
        // Skipped photos are merged too: a run whose catalog update failed is repaired by the next.
        if !stored.isEmpty {
            try await CloudCatalog(store: store, layout: layout).merge(stored)
        }
        report.progress = await tracker.current
        return report
    }

    /// Bytes the user's objects occupy in the store now.
    /// - Throws: ``ObjectStoreError`` when the store cannot be listed.
    public func usage() async throws -> Int64 {
        var total: Int64 = 0
        for prefix in layout.prefixes {
            total += try await store.listAll(prefix: prefix).reduce(0) { $0 + $1.size }
        }
        return total
    }

    /// Reads the photo's catalog row (MD5 included) and asks the store what it already holds.
    /// An unreadable file is this photo's failure; a store error (credentials, bucket, network)
    /// would fail every photo alike, so it ends the run.
    private func plan(_ path: String) async throws -> Result<Plan, Failure> {
        let entry: CatalogEntry
        let status: FileStatus
        do {
            // Recording the identity lets the thumbnail step find the MD5 without reading again.
            (entry, status) = try await offload { [engine] in
                let (entry, identity) = try engine.fileReader.catalogEntry(at: path)
                try engine.identities.record([identity])
                return (entry, identity.status)
            }
        } catch {
            return .failure(Failure(path: path, md5: nil, reason: "\(error)"))
        }
        async let photo = store.head(layout.photo(entry.md5))
        async let thumbnail = store.head(layout.thumbnail(entry.md5))
        async let metadata = store.head(layout.metadata(entry.md5))
        let stored = try await photo
        // A multipart ETag is not the MD5: the MD5 is then in the object's metadata.
        let photoPresent = stored.map { $0.etag == entry.md5 || $0.metadata["md5"] == entry.md5 } ?? false
        return .success(
            Plan(
                path: path, entry: entry, status: status, needsPhoto: !photoPresent, needsThumbnail: try await thumbnail == nil,
                needsMetadata: try await metadata == nil))
    }

    /// Uploads what the plan says is missing: metadata is read first, so a file that is no
    /// image fails before anything is sent. A photo under the multipart threshold is read once
    /// for its metadata, its MD5 and its upload.
    private func upload(_ plan: Plan, tracker: BackupProgressTracker) async throws {
        let md5 = plan.entry.md5
        let single = plan.entry.size <= self.options.multipartThreshold
        var contents: FileContents?
        var metadata: PhotoMetadata
        if single {
            let read = try await offload { [engine] in try FileContents(path: plan.path, sizeLimit: engine.configuration.maximumFileSize) }
            // Hashed again only when the file's size or time moved since the plan; an edit that
            // kept both is still caught, by the store checking the Content-MD5 sent with it.
            guard read.status == plan.status || ContentHash.md5(of: read.bytes) == md5 else { throw BackupError.fileChanged(plan.path) }
            metadata = try await offload { [engine] in try engine.fileReader.metadata(of: read, md5: md5) }
            contents = read
        } else {
            metadata = try await engine.metadata(ofFileAt: plan.path)
            guard metadata.md5 == md5 else { throw BackupError.fileChanged(plan.path) }
        }
        metadata.originalFilename = FilePath.name(of: plan.path)
        if plan.needsPhoto {
            let options = PutOptions(
                storageClass: .deepArchive, tags: ["Format": metadata.format?.rawValue ?? "UNKNOWN"], metadata: ["md5": md5],
                contentType: "application/octet-stream")
            if let contents {
                try await put(layout.photo(md5), contents.bytes, options: options, tracker: tracker, counted: true, knownMD5: md5)
            } else {
                try await uploadInParts(path: plan.path, md5: md5, size: plan.entry.size, options: options, tracker: tracker)
            }
        }
        if plan.needsThumbnail {
            let thumbnail = try await engine.thumbnail(ofFileAt: plan.path)
            try await put(
                layout.thumbnail(md5), thumbnail.jpeg, options: PutOptions(storageClass: .standard, contentType: "image/jpeg"), tracker: tracker,
                counted: false)
        }
        if plan.needsMetadata {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .binary
            let plist = Array(try encoder.encode(metadata))
            try await put(
                layout.metadata(md5), plist, options: PutOptions(storageClass: .standard, contentType: "application/x-plist"), tracker: tracker,
                counted: false)
        }
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
