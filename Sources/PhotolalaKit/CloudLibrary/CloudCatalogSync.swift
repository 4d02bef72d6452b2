import Foundation
public import Logging
public import PhotolalaS3

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Pulls the user's cloud catalog into this device (seed 004's S3CatalogSyncServiceV2).
///
/// The protocol, in order: HEAD the cloud manifest and compare its ETag with the one recorded
/// in the database (unchanged: done, one request); GET the manifest and check it; GET only the
/// shards whose SHA-256 differs from the local copy, verifying each against the manifest (a
/// mismatch is fetched once more, then rejected, never imported); write the new catalog into
/// its folder through the crash-safe ``DirectorySwap``; import the changed shards into the
/// database with the cloud winning (a shard the manifest no longer lists is emptied, and a cloud catalog that
/// is gone empties the local one); record the GET's ETag and the date. Syncs of one catalog
/// never overlap, across processes too. Offline, the last synced catalog keeps working.
///
/// ```swift
/// let sync = CloudCatalogSync(
///     store: store, userID: config.userID, catalogs: CatalogStore(database: engine.database),
///     dataDirectory: engine.configuration.dataDirectory)
/// let state = await sync.sync { print($0.fraction, $0.status) }
/// if let error = state.error { print(error, "(offline: \(state.isOffline))") }
/// ```
public struct CloudCatalogSync: Sendable {
    let store: any ObjectStore
    public let layout: CloudLayout
    let catalogs: CatalogStore
    /// `{data}/cloud/{userId}`: holds `.photolala/`, the local copy of the cloud catalog.
    let directory: String
    /// How long a sync waits for another sync of the same catalog before giving up.
    var lockTimeout: Duration = .seconds(300)
    /// Where a leftover that cannot be removed, or a state that cannot be read, is told.
    var logger: Logger
    /// The albums, merged with the bucket's after each sync of the catalog.
    var albums: AlbumSync

    /// - Parameters:
    ///   - store: The bucket holding the backup.
    ///   - userID: The user whose catalog to sync.
    ///   - catalogs: The database's catalogs, which receive the entries.
    ///   - dataDirectory: The data folder, which keeps the catalog files in `cloud/{userID}/`.
    ///   - logger: Hears leftovers that cannot be removed and states that cannot be read.
    public init(
        store: any ObjectStore, userID: String, catalogs: CatalogStore, dataDirectory: String, logger: Logger = Logger(label: "photolala.cloud")
    ) {
        self.store = store
        self.layout = CloudLayout(userID: userID)
        self.catalogs = catalogs
        self.directory = dataDirectory + "/cloud/" + userID
        self.albums = AlbumSync(
            store: store, key: layout.albums, albums: AlbumStore(dataDirectory: dataDirectory), syncedPath: directory + "/albums.synced",
            logger: logger)
        self.logger = logger
    }

    /// The catalog's name in the database (its `directoryPath`).
    public var catalogName: String { copy.name }

    /// The catalog as synced so far, read without the store.
    public var copy: SyncedCloudCatalog { SyncedCloudCatalog(userID: layout.userID, catalogs: catalogs) }

    /// The local copy of `catalogs/{userId}/.photolala/`.
    public var catalogDirectory: String { directory + "/" + FolderCatalog.directoryName }

    /// What the backup records of its photos, as synced here (``CloudFacts``).
    var backupDescriptions: PhotoDescriptionIndex { PhotoDescriptionIndex(database: catalogs.database, origin: .backup) }

    /// The file whose lock serialises the syncs of this catalog, across processes.
    var lockPath: String { directory + "/.sync.lock" }

    /// The synced catalog's record; `nil` before the first sync.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    func record() throws -> CatalogRecord? {
        try copy.record()
    }

    /// The state of the last sync, without asking the store.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func state() throws -> CloudSyncState {
        try copy.state()
    }

    /// Brings the local catalog up to date with the cloud's, then merges the albums with the bucket's.
    /// - Parameters:
    ///   - force: Download the manifest even when its ETag is unchanged (shards are still only
    ///     downloaded when their SHA-256 differs).
    ///   - progress: Called as the sync advances, from any task.
    /// - Returns: The new state; on failure the previous catalog's state with ``CloudSyncState/error`` set.
    public func sync(force: Bool = false, progress: @escaping @Sendable (CloudSyncProgress) -> Void = { _ in }) async -> CloudSyncState {
        do {
            progress(CloudSyncProgress(fraction: 0, status: "Checking the cloud catalog…"))
            return try await FileLock(path: lockPath).holding(timeout: lockTimeout) {
                progress(CloudSyncProgress(fraction: 0, status: "Waiting for another sync to finish…"))
            } timedOut: {
                CloudError.syncInProgress(lockPath)
            } _: {
                var state = try await run(force: force, progress: progress)
                do {
                    state.albumCount = try await albums.sync().live.count { !$0.isFolder }
                } catch {
                    logger.warning("The albums could not be merged with the bucket's.", metadata: ["error": .error(error)])
                    state.error = "The albums could not be synced: \(error)"
                }
                return state
            }
        } catch {
            var state: CloudSyncState
            do {
                state = try self.state()
            } catch let stateError {
                logger.error("The state of the last cloud catalog sync could not be read.", metadata: ["error": .error(stateError)])
                state = CloudSyncState(lastSyncDate: nil, manifestETag: nil, photoCount: 0)
            }
            state.isOffline = (error as? ObjectStoreError)?.code == .unreachable
            let since = state.lastSyncDate.map { " Showing the catalog synced on \(DateText.event($0))." } ?? ""
            state.error = "The cloud catalog could not be synced: \(error)\(since)"
            progress(CloudSyncProgress(fraction: 1, status: state.isOffline ? "Offline" : "Sync failed"))
            return state
        }
    }

    /// The sync itself, under the lock.
    private func run(force: Bool, progress: @escaping @Sendable (CloudSyncProgress) -> Void) async throws -> CloudSyncState {
        try recoverInterruptedSwap()
        let previous = try record()
        // Only an answer that the manifest is not there (404) empties the catalog; an
        // unreachable store throws and leaves it alone.
        guard let head = try await store.head(layout.manifest) else {
            return try removeCatalog(progress: progress)
        }
        let localManifestPath = catalogDirectory + "/" + FolderCatalog.manifestName
        if !force, let previous, previous.manifestETag == head.etag, previous.syncState == "synced",
            FileManager.default.fileExists(atPath: localManifestPath)
        {
            try catalogs.recordSync(of: previous, state: "synced", manifestETag: head.etag, at: Date())
            await readEarlierFacts(progress: progress)
            progress(CloudSyncProgress(fraction: 1, status: "Up to date"))
            return try state()
        }

        progress(CloudSyncProgress(fraction: 0.05, status: "Downloading the manifest…"))
        // The manifest may have changed since the HEAD: the ETag recorded is that of the bytes read.
        guard let manifestObject = try await store.object(layout.manifest) else {
            throw CloudError.missingObject(layout.manifest)
        }
        let manifest = try Self.validatedManifest(manifestObject.bytes, key: layout.manifest)
        let local = localShards()
        let wanted = manifest.shards.filter { shard in local[shard.index].map { ContentHash.sha256(of: $0) } != shard.sha256 }

        let localFacts = localFactShards()
        let wantedFacts = (manifest.facts ?? []).filter { shard in localFacts[shard.index].map { ContentHash.sha256(of: $0) } != shard.sha256 }

        let downloads = DownloadCounter(total: wanted.count + wantedFacts.count, progress: progress)
        let fetched = try await concurrently(wanted, limit: 4) { shard in
            let result = try await self.download(shard)
            await downloads.finished()
            return (shard.index, result)
        }
        let fetchedFacts = try await concurrently(wantedFacts, limit: 4) { shard in
            let result = try await self.download(shard, at: self.layout.facts(shard.index, sha256: shard.sha256))
            await downloads.finished()
            return (shard.index, result)
        }
        let state = try install(
            manifest, bytes: manifestObject.bytes, etag: manifestObject.etag, shards: (local, fetched), facts: (localFacts, fetchedFacts),
            previous: previous, progress: progress)
        await readEarlierFacts(progress: progress)
        progress(
            CloudSyncProgress(
                fraction: 1, status: state.rejectedShards.isEmpty ? "Synced \(state.photoCount) photos" : "Synced, with rejected shards"))
        return state
    }

    /// Brings the local copy and its import up to a catalog this device has just merged into
    /// the bucket (``CloudCatalog/merge(_:present:entry:)``), from the shards the merge wrote
    /// rather than from the store, through the sync's own staging and import: the next sync
    /// finds the manifest's ETag unchanged and fetches nothing.
    /// - Throws: ``CloudError/damagedManifest``; ``PhotolalaError`` when the copy cannot be
    ///   written or imported (the next sync then fetches what changed).
    func adopt(_ merged: CloudCatalog.Merged) async throws {
        _ = try await FileLock(path: lockPath).holding(timeout: lockTimeout, timedOut: { CloudError.syncInProgress(lockPath) }) {
            try recoverInterruptedSwap()
            let previous = try record()
            let manifest = try Self.validatedManifest(merged.manifestBytes, key: layout.manifest)
            // Each shard as the merge wrote it, checked as a download is (one that does not match is rejected).
            func written(_ shards: [CatalogManifest.Shard], _ bytes: [[UInt8]]) -> [(Int, [UInt8]?)] {
                shards.map { shard in
                    let written = bytes.indices.contains(shard.index) ? bytes[shard.index] : nil
                    return (shard.index, written.flatMap { ContentHash.sha256(of: $0) == shard.sha256 ? $0 : nil })
                }
            }
            return try install(
                manifest, bytes: merged.manifestBytes, etag: merged.etag, shards: (localShards(), written(manifest.shards, merged.shards)),
                facts: (localFactShards(), written(manifest.facts ?? [], merged.facts)), previous: previous, progress: { _ in })
        }
    }

    /// The shards of the local copy, by index; `nil` where it has none.
    private func localShards() -> [[UInt8]?] {
        (0..<16).map { index in try? FileContents(path: shardPath(index, in: catalogDirectory), sizeLimit: 1 << 30).bytes }
    }

    /// The facts shards of the local copy, by index; `nil` where it has none.
    private func localFactShards() -> [[UInt8]?] {
        (0..<16).map { index in
            try? FileContents(path: catalogDirectory + "/" + CloudLayout.factsName(index), sizeLimit: Int64(CloudFacts.Limits.shardBytes)).bytes
        }
    }

    /// Stages the new local copy and imports its changed shards: the manifest read (its bytes
    /// and ETag), and for its shards and its facts shards those of the old copy and those
    /// fetched (`nil` when rejected).
    private func install(
        _ manifest: CatalogManifest, bytes manifestBytes: [UInt8], etag: String,
        shards sources: (local: [[UInt8]?], fetched: [(Int, [UInt8]?)]), facts factSources: (local: [[UInt8]?], fetched: [(Int, [UInt8]?)]),
        previous: CatalogRecord?, progress: @Sendable (CloudSyncProgress) -> Void
    ) throws -> CloudSyncState {
        let (local, fetched) = sources
        // The new local copy: the manifest's shards, those unchanged from the old copy; a
        // shard the manifest no longer lists is left out.
        var shards = [[UInt8]?](repeating: nil, count: 16)
        for shard in manifest.shards {
            shards[shard.index] = local[shard.index]
        }
        var rejected: [Int] = []
        for (index, bytes) in fetched {
            if let bytes { shards[index] = bytes } else { rejected.append(index) }
        }
        rejected.sort()

        progress(CloudSyncProgress(fraction: 0.8, status: "Saving the catalog…"))
        // Facts shards: those the manifest lists, unchanged or fetched; a rejected one is
        // left out, and the staged manifest lists only those kept, so the next sync fetches it.
        var facts = [[UInt8]?](repeating: nil, count: 16)
        for shard in manifest.facts ?? [] {
            facts[shard.index] = factSources.local[shard.index]
        }
        for (index, bytes) in factSources.fetched {
            facts[index] = bytes
        }
        var staged = Self.manifest(manifest, keepingOld: rejected, shards: shards)
        staged.facts = manifest.facts.map { listed in listed.filter { facts[$0.index] != nil } }
        try stage(shards: shards, facts: facts, manifestBytes: staged == manifest ? manifestBytes : try staged.propertyList())

        progress(CloudSyncProgress(fraction: 0.85, status: "Importing into the database…"))
        let record = try catalogs.findOrCreateCatalog(directoryPath: catalogName, directoryUUID: manifest.directoryUUID)
        let imported = try catalogs.importedChecksums(of: record)
        for shard in manifest.shards where !rejected.contains(shard.index) && imported[shard.index] != shard.sha256 {
            guard let bytes = shards[shard.index] else { continue }
            try catalogs.importShard(shard.index, csv: bytes, into: record)
        }
        for (index, bytes) in factSources.fetched {
            guard let bytes else { continue }
            let decoded = CloudFacts.decode(bytes, shard: index)
            if decoded.refused > 0 {
                logger.warning(
                    "Lines of a facts shard of the cloud catalog could not be read and were left out.",
                    metadata: ["shard": "\(CloudLayout.factsName(index))", "lines": "\(decoded.refused)"])
            }
            backupDescriptions.record(decoded.facts.map { ($0.key, $0.value) })
        }
        // The cloud wins: a shard it no longer lists has no photos.
        let listed = Set(manifest.shards.map(\.index))
        let empty = ContentHash.sha256(of: [UInt8]())
        for index in 0..<16 where !listed.contains(index) && imported[index] != empty {
            try catalogs.importShard(index, csv: [], into: record)
        }
        // A rejected shard keeps the old ETag, so the next sync tries it again.
        try catalogs.recordSync(
            of: record, state: rejected.isEmpty ? "synced" : "partial", manifestETag: rejected.isEmpty ? etag : previous?.manifestETag,
            at: Date())
        var result = try state()
        result.downloadedShards = fetched.map(\.0).filter { !rejected.contains($0) }.sorted()
        result.rejectedShards = rejected
        if !rejected.isEmpty {
            result.error =
                "Shards \(rejected.map { FolderCatalog.shardName($0) }.joined(separator: ", ")) did not match the manifest's SHA-256 and were not imported; the rest was synced."
        }
        return result
    }

    /// The manifest of the local copy: the cloud's, except that a rejected shard is described
    /// as the old shard kept in its place (or left out when there was none), so the local copy
    /// matches its manifest and the next sync, seeing the cloud's checksum differ, tries again.
    private static func manifest(_ manifest: CatalogManifest, keepingOld rejected: [Int], shards: [[UInt8]?]) -> CatalogManifest {
        guard !rejected.isEmpty else { return manifest }
        var local = manifest
        local.shards = manifest.shards.compactMap { shard in
            guard rejected.contains(shard.index) else { return shard }
            return shards[shard.index].map { old in
                CatalogManifest.Shard(
                    index: shard.index, sha256: ContentHash.sha256(of: old),
                    rows: CatalogCSV.decode(old).entries.filter { $0.shard == shard.index }.count)
            }
        }
        local.photoCount = local.shards.map(\.rows).reduce(0, +)
        return local
    }

    /// The cloud has no catalog (any more): neither has this device. Its rows and local copy go.
    private func removeCatalog(progress: @Sendable (CloudSyncProgress) -> Void) throws -> CloudSyncState {
        let record = try catalogs.findOrCreateCatalog(directoryPath: catalogName, directoryUUID: "")
        try catalogs.removeEntries(of: record)
        if FileManager.default.fileExists(atPath: catalogDirectory) {
            FileManager.default.removeLeftover(atPath: retiredDirectory, logger: logger)
            try move(catalogDirectory, to: retiredDirectory)
            FileManager.default.removeLeftover(atPath: retiredDirectory, logger: logger)
        }
        try catalogs.recordSync(of: record, state: "synced", manifestETag: nil, at: Date())
        progress(CloudSyncProgress(fraction: 1, status: "No backup in the cloud"))
        return try state()
    }

    /// One shard, from its content-addressed key (or its old fixed key), or a facts shard from
    /// `key`, verified against the manifest; fetched a second time on a mismatch, then `nil`
    /// (rejected) when it still does not match.
    private func download(_ shard: CatalogManifest.Shard, at key: String? = nil) async throws -> [UInt8]? {
        for _ in 0..<2 {
            let fetched: [UInt8]?
            if let key {
                fetched = try await store.get(key)
            } else {
                fetched = try await CloudCatalog.shard(shard, in: store, layout: layout)?.bytes
            }
            guard let bytes = fetched else { return nil }
            if ContentHash.sha256(of: bytes) == shard.sha256 { return bytes }
        }
        return nil
    }

    private func shardPath(_ index: Int, in folder: String) -> String {
        folder + "/" + FolderCatalog.shardName(index)
    }

    private var retiredDirectory: String { directory + "/.retired" }

    /// Writes the new catalog into its folder through ``DirectorySwap``: the shards and facts
    /// shards, then the manifest; a shard left out (`nil`) is removed. A crash leaves the old copy or the new.
    private func stage(shards: [[UInt8]?], facts: [[UInt8]?], manifestBytes: [UInt8]) throws {
        let named =
            shards.enumerated().map { (FolderCatalog.shardName($0.offset), $0.element) }
            + facts.enumerated().map { (CloudLayout.factsName($0.offset), $0.element) }
        let files = named.compactMap { name, bytes in bytes.map { (name: name, bytes: $0) } }
        let removed = named.filter { $0.1 == nil }.map(\.0)
        try swap.replace(files: files, commit: (FolderCatalog.manifestName, manifestBytes), removing: removed)
    }

    /// Repairs what a killed sync left: a swap under way, or a catalog being removed.
    private func recoverInterruptedSwap() throws {
        try swap.recover()
        FileManager.default.removeLeftover(atPath: retiredDirectory, logger: logger)
    }

    private var swap: DirectorySwap { DirectorySwap(directory: catalogDirectory, logger: logger) }

    private func move(_ from: String, to path: String) throws {
        guard rename(from, path) == 0 else { throw PhotolalaError.writeFailed(path, errno: errno) }
    }
}

/// Counts finished shard downloads into the progress between 10 % and 80 %.
private actor DownloadCounter {
    let total: Int
    let progress: @Sendable (CloudSyncProgress) -> Void
    private var done = 0

    init(total: Int, progress: @escaping @Sendable (CloudSyncProgress) -> Void) {
        self.total = total
        self.progress = progress
        progress(CloudSyncProgress(fraction: 0.1, status: "Downloading \(total) changed shards…"))
    }

    func finished() {
        done += 1
        progress(CloudSyncProgress(fraction: 0.1 + 0.7 * Double(done) / Double(max(total, 1)), status: "Downloaded \(done) of \(total) shards"))
    }
}
