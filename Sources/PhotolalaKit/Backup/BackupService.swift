import Foundation
import Logging
public import PhotolalaS3

/// Uploads photos to the user's prefix in an ``ObjectStore`` (seed 002's S3BackupService): the
/// original to Deep Archive, thumbnail and metadata to Standard, then the cloud catalog.
///
/// A photo already in the cloud (found by HEAD, by MD5) is not uploaded again, so a re-run
/// uploads nothing. Originals above the multipart threshold go up in parts whose progress is
/// kept in the database, so a crashed run resumes at the first missing part.
///
/// ```swift
/// let service = engine.backupService(store: store, userID: config.userID)
/// let report = try await service.backUp(["/photos/IMG_0001.JPG"]) { print($0.bytesUploaded) }
/// ```
public struct BackupService: Sendable {
    /// Tuning and limits.
    public struct Options: Sendable {
        /// Originals larger than this are uploaded in parts.
        public var multipartThreshold: Int64 = 64 << 20
        /// Size of each part but the last (S3 requires 5 MiB or more).
        public var partSize = 16 << 20
        /// Originals uploaded at once; as many photos again are read, or send their thumbnail
        /// and metadata, meanwhile.
        public var concurrency = 4
        /// Bytes the backup may occupy in all; `nil` for no limit.
        public var quotaBytes: Int64?
        /// How patient the cloud catalog's merge is (tries, pauses, lease); tests shorten it.
        var catalogTiming = CloudCatalog.Timing()

        public init() {}
    }

    /// One photo that could not be backed up, and why.
    public struct Failure: Error, Sendable, Equatable {
        public var path: String
        public var md5: String?
        public var reason: String
        /// Whether running the backup again can fix it (the store, the network, a damaged
        /// upload); a file gone, unreadable or changed since it was starred needs the user.
        public var canRetry: Bool

        init(path: String, md5: String?, error: any Error) {
            self.path = path
            self.md5 = md5
            self.reason = "\(error)"
            self.canRetry =
                switch error {
                case is ObjectStoreError: true
                case let error as BackupError: [.verificationFailed, .fileChanged, .catalogBusy, .catalogDamaged].contains(error.code)
                default: false
                }
        }
    }

    /// What a run did.
    public struct Report: Sendable {
        /// MD5s uploaded by this run.
        public var uploaded: [String] = []
        /// MD5s that were in the cloud already.
        public var skipped: [String] = []
        public var failed: [Failure] = []
        /// Why the cloud catalog could not be updated; the photos are stored all the same, and
        /// the next run, finding them stored, lists them.
        public var catalogFailure: String?
        public var progress = BackupProgress()
    }

    let store: any ObjectStore
    public let layout: CloudLayout
    /// Reads each photo once for its MD5 (known already for a photo read before), metadata
    /// and thumbnail (from the thumbnail store when it holds it).
    let files: PhotoFileReader
    /// Where the queue's stored bytes are recorded, for `backup status` in any process.
    let queue: BackupQueueStore
    /// Multipart uploads in flight, so a crashed run resumes.
    let multiparts: MultipartUploadStore
    /// This device's synced copy of the cloud catalog, brought up to each merge.
    let catalogSync: CloudCatalogSync
    public var options: Options
    /// Where a photo backed up without decoding, and what a run works around, is noted.
    let logger: Logger

    /// - Parameters:
    ///   - store: Where the backup goes.
    ///   - userID: The user's prefix in the store.
    ///   - database: Where the queue's stored bytes and multipart uploads are recorded.
    ///   - files: Reads photos, their metadata and thumbnails.
    ///   - catalogSync: This device's synced copy of the cloud catalog, which takes in each merge.
    ///   - options: Multipart threshold, concurrency and quota.
    ///   - logger: Where what the run works around is logged.
    init(
        store: any ObjectStore, userID: String, database: PhotolalaDatabase, files: PhotoFileReader, catalogSync: CloudCatalogSync,
        options: Options = Options(), logger: Logger = Logger(label: "photolala.backup")
    ) {
        self.store = store
        self.layout = CloudLayout(userID: userID)
        self.queue = BackupQueueStore(database: database)
        self.multiparts = MultipartUploadStore(database: database)
        self.files = files
        self.catalogSync = catalogSync
        self.options = options
        self.logger = logger
    }

    /// Makes the catalog just merged this device's synced copy, so the next sync fetches no
    /// shard of it; a failure costs only that sync its downloads, and is logged.
    private func adopt(_ merged: CloudCatalog.Merged) async {
        do {
            try await catalogSync.adopt(merged)
        } catch {
            logger.warning(
                "The synced copy of the cloud catalog could not take in this backup's merge; the next sync fetches it.",
                metadata: ["manifest": "\(layout.manifest)", "error": .error(error)])
        }
    }

    /// What one photo needs.
    struct Plan: Sendable {
        var item: BackupItem
        var needsPhoto: Bool
        var needsThumbnail: Bool
        var needsMetadata: Bool

        var isComplete: Bool { !needsPhoto && !needsThumbnail && !needsMetadata }
    }

    /// Backs up the photos at `paths`, their MD5s from the identity index (hashed and recorded
    /// for files not read before); callers that know the MD5s (the star queue) pass
    /// ``BackupItem``s instead.
    /// - Parameter progress: Called on every change, in order, from one actor at a time.
    /// - Throws: ``BackupError/quotaExceeded`` before anything is uploaded when the photos do
    ///   not fit; ``ObjectStoreError`` when the store cannot even be asked (auth, unreachable).
    public func backUp(_ paths: [String], progress: @escaping @Sendable (BackupProgress) -> Void = { _ in }) async throws -> Report {
        let identities = files.identities
        let resolved = try await concurrently(paths, limit: options.concurrency) { path -> Result<BackupItem, Failure> in
            do {
                return .success(
                    try await offload {
                        let size = try FileStatus(path: path).size
                        return BackupItem(path: path, md5: try identities.md5(ofFileAt: path), size: size)
                    })
            } catch {
                return .failure(Failure(path: path, md5: nil, error: error))
            }
        }
        let items = resolved.compactMap { try? $0.get() }
        let failed = resolved.compactMap { result -> Failure? in
            guard case .failure(let failure) = result else { return nil }
            return failure
        }
        return try await run(items, failed: failed, progress: progress)
    }

    /// Backs up `items`, then updates the cloud catalog with all of them. A photo that fails is
    /// reported and the others continue; one whose file changed since it was starred fails with
    /// ``BackupError/changedSinceStarred`` and nothing is stored under its old MD5.
    ///
    /// ```swift
    /// let report = try await service.backUp([BackupItem(path: "/photos/IMG_0001.JPG", md5: md5, size: 3_400_000)])
    /// ```
    /// - Parameter progress: Called on every change, in order, from one actor at a time.
    /// - Throws: ``BackupError/quotaExceeded`` before anything is uploaded when the photos do
    ///   not fit; ``ObjectStoreError`` when the store cannot even be asked (auth, unreachable).
    public func backUp(_ items: [BackupItem], progress: @escaping @Sendable (BackupProgress) -> Void = { _ in }) async throws -> Report {
        try await run(items, failed: [], progress: progress)
    }

    /// Plans every photo (HEADs only, so this takes little of the run), checks the quota with
    /// the known sizes, uploads what is missing and merges the catalog.
    private func run(_ items: [BackupItem], failed: [Failure], progress: @escaping @Sendable (BackupProgress) -> Void) async throws -> Report {
        let tracker = BackupProgressTracker(report: progress)
        var report = Report()
        report.failed = failed
        // Each photo's HEAD failure is its own (it names its own key); a store failing every
        // photo alike (credentials, bucket, network) ends the run at its first sign.
        let planned = try await concurrently(items, limit: options.concurrency * 2) { item -> Result<Plan, Failure> in
            do {
                return .success(try await self.plan(item))
            } catch let error as ObjectStoreError where Self.failsEveryPhoto(error) {
                throw error
            } catch {
                return .failure(Failure(path: item.path, md5: item.md5, error: error))
            }
        }
        let plans = planned.compactMap { try? $0.get() }
        report.failed += planned.compactMap { result -> Failure? in
            guard case .failure(let failure) = result else { return nil }
            return failure
        }
        let originals = plans.filter(\.needsPhoto).reduce(Int64(0)) { $0 + $1.item.size }
        // The quota holds everything stored, as usage() counts it: thumbnails and plists too.
        let needed = originals + Int64(plans.filter { $0.needsThumbnail || $0.needsMetadata }.count) * Self.estimatedExtraBytesPerPhoto
        if let quota = options.quotaBytes, needed > 0 {
            let used = try await usage()
            if used + needed > quota {
                throw BackupError.quotaExceeded(used: used, needed: needed, quota: quota)
            }
        }
        await tracker.start(photos: plans.count + report.failed.count, bytes: originals)
        for _ in report.failed {
            await tracker.failed()
        }
        let slots = AsyncSemaphore(limit: options.concurrency)
        // Each photo's outcome, and the row of an original stored without its thumbnail or
        // metadata, which is listed all the same.
        let results = try await concurrently(plans, limit: options.concurrency * 2) { plan -> (Result<CatalogEntry?, Failure>, CatalogEntry?) in
            if plan.isComplete {
                await tracker.finished(skipped: true)
                return (.success(nil), nil)
            }
            do {
                let entry = try await upload(plan, originals: slots, tracker: tracker)
                await tracker.finished(skipped: false)
                return (.success(entry), nil)
            } catch let partly as PartlyStored {
                await tracker.failed()
                return (.failure(Failure(path: plan.item.path, md5: plan.item.md5, error: partly.error)), partly.entry)
            } catch {
                await tracker.failed()
                return (.failure(Failure(path: plan.item.path, md5: plan.item.md5, error: error)), nil)
            }
        }
        var stored = results.compactMap(\.1)
        for (plan, (result, _)) in zip(plans, results) {
            switch result {
            case .success(let entry?):
                stored.append(entry)
                report.uploaded.append(plan.item.md5)
            case .success(nil):
                report.skipped.append(plan.item.md5)
            case .failure(let failure):
                report.failed.append(failure)
            }
        }
        // Skipped photos are merged too: a run whose catalog update failed is repaired by the next.
        if !stored.isEmpty || !report.skipped.isEmpty {
            do {
                let listed = Set(report.uploaded + report.skipped)
                let merged = try await CloudCatalog(store: store, layout: layout, timing: options.catalogTiming).merge(
                    stored, present: report.skipped, facts: facts(of: plans.map(\.item).filter { listed.contains($0.md5) })
                ) {
                    try await self.storedEntry($0)
                }
                await adopt(merged)
            } catch {
                report.catalogFailure =
                    "The photos are stored, but the cloud catalog could not be updated, so other devices do not list them yet: \(error) The next backup run lists them."
            }
        }
        report.progress = await tracker.current
        return report
    }

    /// What a photo's thumbnail (a JPEG of at most 512 × 256) and metadata plist take, at
    /// most, together: the quota check counts it for each photo that needs them, as their
    /// sizes are known only once they are made.
    static let estimatedExtraBytesPerPhoto: Int64 = 64 << 10

    /// Records in the backup queue (when the photo is in it) how many bytes of its original
    /// the store holds, verified: what `backup status` counts, from any process, even after
    /// this one is killed.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func recordStored(md5: String, bytes: Int64) throws {
        try queue.recordStored(md5: md5, bytes: bytes)
    }

    /// Bytes the user's objects occupy in the store now: originals, thumbnails, metadata and
    /// the cloud catalog.
    /// - Throws: ``ObjectStoreError`` when the store cannot be listed.
    public func usage() async throws -> Int64 {
        try await Self.usage(of: store, layout: layout)
    }

    /// Bytes `layout`'s objects occupy in `store`: ``usage()`` asked of another store of the
    /// same bucket, such as one that gives up sooner (``CloudConfiguration/objectStore(answeringWithin:)``).
    /// - Throws: ``ObjectStoreError`` when the store cannot be listed.
    public static func usage(of store: any ObjectStore, layout: CloudLayout) async throws -> Int64 {
        var total: Int64 = 0
        for prefix in layout.prefixes {
            total += try await store.listAll(prefix: prefix).reduce(0) { $0 + $1.size }
        }
        return total
    }

    /// Whether a store error would fail every photo alike: the run then ends rather than ask
    /// the store about each.
    static func failsEveryPhoto(_ error: ObjectStoreError) -> Bool {
        [.unreachable, .accessDenied, .signatureDoesNotMatch, .noSuchBucket].contains(error.code)
    }

    /// Asks the store what it already holds of the photo: the original first, and only when it
    /// is there the thumbnail and metadata, so a new photo costs one HEAD. What it finds is
    /// recorded in the queue, so the status counts an original found stored from now on, and
    /// one gone from the bucket no longer.
    private func plan(_ item: BackupItem) async throws -> Plan {
        let md5 = item.md5
        // A multipart ETag is not the MD5: the MD5 is then in the object's metadata.
        guard let stored = try await store.head(layout.photo(md5)), stored.etag == md5 || stored.metadata["md5"] == md5 else {
            // Not (or no longer) stored, whatever an earlier run recorded.
            try recordStored(md5: md5, bytes: 0)
            return Plan(item: item, needsPhoto: true, needsThumbnail: true, needsMetadata: true)
        }
        try recordStored(md5: md5, bytes: item.size)
        async let thumbnail = store.head(layout.thumbnail(md5))
        async let metadata = store.head(layout.metadata(md5))
        return Plan(item: item, needsPhoto: false, needsThumbnail: try await thumbnail == nil, needsMetadata: try await metadata == nil)
    }
}
