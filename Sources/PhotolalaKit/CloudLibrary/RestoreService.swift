import Foundation
import GRDB
public import Logging
public import PhotolalaS3

/// Restores originals from Deep Archive and downloads them (seed 002's PhotoRetrievalView and
/// S3DownloadService): a priced request with a tier and a number of days, state read from the
/// `x-amz-restore` header and persisted, polling with backoff, and the download of a restored
/// original under the extension its `Format` tag names, its MD5 checked.
///
/// It owns the `restoreRequest` table (each restore's state) and the `cloudOriginal` table
/// (what a HEAD told of an original, so the inspector says it offline too).
///
/// ```swift
/// let restores = try CloudContext(engine: engine, configuration: configuration).restores()
/// let estimate = try await restores.estimate([md5], tier: .bulk)   // show it, then ask
/// _ = try await restores.request([md5], tier: .bulk, days: 7)
/// let path = try await restores.download(md5, to: "/home/me/Restored")
/// ```
public struct RestoreService: Sendable {
    let store: any ObjectStore
    public let layout: CloudLayout
    /// Holds the `restoreRequest` and `cloudOriginal` tables.
    let database: PhotolalaDatabase
    /// The synced catalog, for sizes and names.
    let catalog: SyncedCloudCatalog
    public var pricing: RetrievalPricing
    /// Where checks with the store that fail in the background are told.
    var logger: Logger

    /// - Parameters:
    ///   - store: The bucket holding the backup.
    ///   - userID: Whose originals to restore.
    ///   - database: Persists the restores and what was learnt of originals.
    ///   - catalog: The synced catalog, for sizes and names.
    ///   - pricing: Retrieval prices for the estimate (``CloudConfiguration/retrievalPricing``).
    ///   - logger: Hears checks with the store that fail in the background.
    public init(
        store: any ObjectStore, userID: String, database: PhotolalaDatabase, catalog: SyncedCloudCatalog,
        pricing: RetrievalPricing = RetrievalPricing(), logger: Logger = Logger(label: "photolala.cloud")
    ) {
        self.store = store
        self.layout = CloudLayout(userID: userID)
        self.database = database
        self.catalog = catalog
        self.pricing = pricing
        self.logger = logger
    }

    /// What restoring these originals would cost; sizes from the synced catalog, else from the store.
    /// - Throws: ``CloudError/notInCatalog`` for an MD5 the backup does not hold; ``ObjectStoreError``.
    public func estimate(_ md5s: [String], tier: RestoreTier) async throws -> RetrievalEstimate {
        var bytes: Int64 = 0
        for md5 in md5s {
            if let size = try catalog.entry(md5: md5)?.size {
                bytes += size
            } else {
                let md5 = try CloudLayout.md5(md5)
                let info = try await storedOriginal(md5)
                bytes += info.size
            }
        }
        return pricing.estimate(bytes: bytes, requests: md5s.count, tier: tier)
    }

    /// Asks the store to restore each original for `days` days, eight at a time (a restore of
    /// a year of photos is thousands of requests); one already readable is left alone.
    /// - Returns: Each photo's status after asking, in the order of `md5s`.
    /// - Throws: ``CloudError/invalidDays``; ``CloudError/missingObject``;
    ///   ``CloudError/restoreUnsupported`` from a store without an archive; ``ObjectStoreError``.
    public func request(_ md5s: [String], tier: RestoreTier, days: Int) async throws -> [RestoreStatus] {
        guard (1...30).contains(days) else { throw CloudError.invalidDays(days) }
        return try await concurrently(try md5s.map(CloudLayout.md5), limit: 8) { md5 in
            let key = layout.photo(md5)
            let info = try await storedOriginal(md5)
            if ArchiveStatus(info) == .archived {
                try await askToRestore(key, md5: md5, days: days, tier: tier)
            }
            let now = Date()
            var status = try await check(md5, now: now)
            status.tier = tier
            status.days = days
            status.requested = now
            try save(status)
            return status
        }
    }

    /// Sends RestoreObject for an archived original.
    /// - Throws: ``CloudError/restoreUnsupported`` when the store has no archive to restore
    ///   from; ``ObjectStoreError``.
    private func askToRestore(_ key: String, md5: String, days: Int, tier: RestoreTier) async throws {
        do {
            try await store.restore(key, days: days, tier: tier)
        } catch let error as ObjectStoreError where Self.refusesRestores(error) {
            throw CloudError.restoreUnsupported(md5, answer: Self.answer(error))
        }
    }

    /// Whether a store's answer to RestoreObject says it has no archive to restore from: 405
    /// MethodNotAllowed or 501 NotImplemented, which S3-compatible stores without archive tiers
    /// give.
    static func refusesRestores(_ error: ObjectStoreError) -> Bool {
        error.statusCode == 405 || error.statusCode == 501 || error.s3Code == "MethodNotAllowed" || error.s3Code == "NotImplemented"
    }

    /// A store's refusal in a few words: "HTTP 405 MethodNotAllowed".
    private static func answer(_ error: ObjectStoreError) -> String {
        let status = "HTTP \(error.statusCode ?? 405)"
        guard let code = error.s3Code else { return status }
        return status + " " + code
    }

    /// Asks the store for the current state of every restore this device knows, and saves it.
    /// - Throws: ``ObjectStoreError`` when the store cannot be asked.
    public func refresh() async throws -> [RestoreStatus] {
        var statuses: [RestoreStatus] = []
        for saved in try storedStatuses() {
            statuses.append(try await refresh(saved.md5))
        }
        return statuses
    }

    /// The current state of one original, saved.
    /// - Throws: ``CloudError/missingObject``; ``ObjectStoreError``.
    public func refresh(_ md5: String) async throws -> RestoreStatus {
        let md5 = try CloudLayout.md5(md5)
        var status = try await check(md5, now: Date())
        if let saved = try storedStatuses().first(where: { $0.md5 == md5 }) {
            status.tier = saved.tier
            status.days = saved.days
            status.requested = saved.requested
        }
        try save(status)
        return status
    }

    /// The persisted states as they stand now, newest request first: as last checked, except that
    /// a restored copy past its expiry is archived again (``RestoreStatus/current(at:)``), so
    /// every view of them (badges, inspector, API, CLI) agrees without asking the store.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func savedStatuses() throws -> [RestoreStatus] {
        let now = Date()
        return try storedStatuses().map { $0.current(at: now) }
    }

    /// The persisted states exactly as last checked.
    func storedStatuses() throws -> [RestoreStatus] {
        try database.read { db in
            try RestoreStatus.order(RestoreStatus.Columns.requested.desc, RestoreStatus.Columns.md5).fetchAll(db)
        }
    }

    /// Downloads a readable original, checks its MD5 and writes it atomically.
    /// - Parameter destination: An existing folder (the file is named after the catalog's file
    ///   name with the extension of the `Format` tag), or a file path to write.
    /// - Returns: The path written.
    /// - Throws: ``CloudError/archived`` or ``CloudError/restoreInProgress`` while it is not
    ///   readable; ``CloudError/checksumMismatch``; ``PhotolalaError/writeFailed``.
    public func download(_ md5: String, to destination: String) async throws -> String {
        let (bytes, filename) = try await original(md5)
        var isFolder: ObjCBool = false
        var path = destination
        if FileManager.default.fileExists(atPath: destination, isDirectory: &isFolder), isFolder.boolValue {
            path = destination + "/" + filename
        }
        try AtomicFile.write(bytes, to: path)
        return path
    }

    /// A readable original's bytes, their MD5 checked, and the name to save them under: the
    /// catalog's file name with the extension of the `Format` tag, so a HEIC saved from a
    /// device that named it `.JPG` opens as what it is.
    /// - Throws: ``CloudError/archived`` or ``CloudError/restoreInProgress`` while it is not
    ///   readable; ``CloudError/missingObject``; ``CloudError/checksumMismatch``.
    public func original(_ md5: String) async throws -> (bytes: [UInt8], filename: String) {
        let md5 = try CloudLayout.md5(md5)
        let key = layout.photo(md5)
        let info = try await storedOriginal(md5)
        // An original its HEAD says is archived is asked for all the same: a store without an
        // archive tier (SeaweedFS, MinIO) keeps the storage class it was given and serves the
        // bytes, where Deep Archive refuses the GET with InvalidObjectState (`archived`).
        if ArchiveStatus(info) == .restoring { throw CloudError.restoreInProgress(md5) }
        let bytes = try await CloudBackupReader.fetchOriginal(md5, from: store, layout: layout)
        let actual = ContentHash.md5(of: bytes)
        guard actual == md5 else { throw CloudError.checksumMismatch(key, expected: md5, actual: actual) }
        let format = try await store.tags(key)["Format"]
        let stem = try catalog.entry(md5: md5).map { Self.stem(of: $0.filename) } ?? md5
        return (bytes, stem + "." + Self.fileExtension(format: format))
    }

    /// The extension for a `Format` tag: JPEG → jpg, HEIF → heic, …; `dat` when unknown.
    public static func fileExtension(format: String?) -> String {
        switch format?.uppercased() {
        case "JPEG": "jpg"
        case "HEIF": "heic"
        case "PNG": "png"
        case "AVIF": "avif"
        case "TIFF": "tiff"
        case "GIF": "gif"
        case "WEBP": "webp"
        case "BMP": "bmp"
        case "MOV": "mov"
        case "MP4": "mp4"
        case "M4V": "m4v"
        case "3GP": "3gp"
        case "AVI": "avi"
        case "MKV": "mkv"
        case "WEBM": "webm"
        case let name? where ImageFormat(rawValue: name)?.isCameraRAW == true: name.lowercased()
        default: "dat"
        }
    }

    /// The catalog's file name without folders or extension; the MD5 when nothing is left.
    private static func stem(of filename: String) -> String {
        let name = FilePath.name(of: filename)
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        return stem.isEmpty || stem.hasPrefix(".") ? "photo" : stem
    }

    /// What the store says of an original. One it lacks is a photo the backup does not hold
    /// unless the synced catalog lists it: then it went missing from the bucket.
    /// - Throws: ``CloudError/notInCatalog``, ``CloudError/missingObject``; ``ObjectStoreError``.
    private func storedOriginal(_ md5: String) async throws -> ObjectInfo {
        let key = layout.photo(md5)
        if let info = try await store.head(key) { return info }
        throw try catalog.entry(md5: md5) == nil ? CloudError.notInCatalog(md5) : CloudError.missingObject(key)
    }

    private func check(_ md5: String, now: Date) async throws -> RestoreStatus {
        let info = try await storedOriginal(md5)
        return RestoreStatus(
            md5: md5, state: ArchiveStatus(info), tier: nil, days: nil, requested: nil, expiry: info.restore?.expiry, checked: now)
    }

    private func save(_ status: RestoreStatus) throws {
        try database.write { db in try status.upsert(db) }
    }

    // MARK: - Originals

    /// What the store says of an original now: its storage class, upload date and restore
    /// state. The upload date and storage class are remembered for ``recordedOriginal(md5:)``.
    /// - Throws: ``ObjectStoreError`` when the store cannot be asked; ``PhotolalaError/databaseFailed``.
    public func originalInfo(md5: String) async throws -> ObjectInfo? {
        let md5 = try CloudLayout.md5(md5)
        guard let info = try await store.head(layout.photo(md5)) else { return nil }
        let record = CloudOriginalRecord(md5: md5, original: CloudOriginal(info))
        try database.write { db in try record.upsert(db) }
        return info
    }

    /// What the last ``originalInfo(md5:)`` learnt of an original, without asking the store
    /// (offline); `nil` when it was never asked.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func recordedOriginal(md5: String) throws -> CloudOriginal? {
        try database.read { db in try CloudOriginalRecord.fetchOne(db, key: md5.lowercased())?.original }
    }
}
