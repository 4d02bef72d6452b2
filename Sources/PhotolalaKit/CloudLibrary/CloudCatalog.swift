import Foundation
import Logging
import PhotolalaS3

/// The user's catalog in the bucket, `catalogs/{userId}/.photolala/`: the same 16 CSV shards
/// and manifest as a folder catalog, so other devices browse the backup without listing it.
///
/// Devices backing up to one catalog merge into it, and the merge is safe by construction:
/// - Shards are immutable and content-addressed (`shards/{index}-{sha256}.csv`), written with
///   `If-None-Match: *` before the manifest that names them. No write ever changes a shard a
///   manifest names, so every manifest, whoever wrote it and whenever it is read, describes
///   shards that are there and match it.
/// - The manifest is the one mutable object, written by compare-and-swap: `If-Match` the ETag
///   that was read (`If-None-Match: *` for a new catalog). A merge that another device's got
///   ahead of (412) reads the catalog again and merges on top of it, with a growing, jittered
///   pause between tries, so no device's rows are dropped.
/// - Shards no manifest names any more are deleted by later merges once older than a grace
///   time, so a reader that read the previous manifest still finds its shards.
/// - Each photo's facts for search (``CloudFacts``) are merged the same way: content-addressed
///   shards under `facts/`, listed under the manifest's `facts` key, so the facts a manifest
///   names are there and match it, and a device's facts are never dropped by another's merge.
/// - After each merge the shards are also copied under the seeds' fixed keys (`0.csv` …
///   `f.csv`), for readers of the v5.1 layout; nothing of Photolala's reads those copies while
///   the content-addressed shard is there.
/// - A store that ignores conditions (found by a probe: a second `If-None-Match: *` write of one
///   key must fail) merges under a lease object instead (``holdingLease(_:)``).
///
/// A shard the manifest lists that is missing or does not match its SHA-256 (damage, or a
/// catalog written before shards were content-addressed and changed under the read) is rebuilt
/// from what the store holds, each stored original described by its metadata plist.
struct CloudCatalog: Sendable {
    /// How patient a merge is; tests shorten the pauses.
    struct Timing: Sendable {
        /// Reads, and merges, that find the catalog changed by another device start over; this
        /// many tries in all.
        var attempts = 8
        /// The pause before the second try; it doubles each try, with jitter, up to `maximumBackoff`.
        var backoff: Duration = .milliseconds(50)
        var maximumBackoff: Duration = .seconds(2)
        /// How long a shard no manifest names is kept, for readers still using an older manifest.
        var shardGrace: Duration = .seconds(3600)
        /// How long a merge may hold the lease (stores without conditional writes).
        var leaseDuration: Duration = .seconds(120)
        /// How long after writing the lease a merge reads it back to see whether it holds it.
        var leaseSettle: Duration = .seconds(1)
        /// How long a merge waits for another device's lease before giving up.
        var leaseTimeout: Duration = .seconds(600)

        /// The pause before try `attempt` (2 or more): `backoff` doubled per try, capped, and
        /// jittered between half and all of it, so devices that collided do not collide again.
        func backoff(beforeTry attempt: Int) -> Duration {
            let base = min(backoff.inSeconds * pow(2, Double(attempt - 2)), maximumBackoff.inSeconds)
            return .milliseconds(Int64(base * Double.random(in: 0.5...1) * 1000))
        }
    }

    let store: any ObjectStore
    let layout: CloudLayout
    var timing = Timing()
    var logger = Logger(label: "photolala.cloud")

    /// The catalog as a merge left it in the bucket.
    struct Merged: Sendable {
        var manifest: CatalogManifest
        /// The manifest's bytes in the bucket, and their ETag.
        var manifestBytes: [UInt8]
        var etag: String
        /// Every shard's CSV, by index (what the manifest lists, and empty ones).
        var shards: [[UInt8]]
        /// Every facts shard's lines, by index (empty where no photo falls).
        var facts: [[UInt8]]
    }

    /// The catalog as one read found it.
    struct Snapshot: Sendable {
        var entries: [CatalogEntry] = []
        var manifest: CatalogManifest?
        /// The manifest as read, byte for byte.
        var manifestBytes: [UInt8] = []
        /// The manifest's ETag, for a conditional write; `nil` when there is no catalog yet.
        var etag: String?
        /// Shards the manifest lists that are missing or do not match their SHA-256.
        var damaged: [Int] = []
        /// Shards read, intact, from their content-addressed key: what a merge need not write.
        var stored: Set<Int> = []
    }

    /// The entries and manifest in the bucket now; empty when there is no catalog yet.
    /// - Throws: ``BackupError/catalogDamaged`` when a shard is missing or altered,
    ///   ``ObjectStoreError`` when the store fails, ``PhotolalaError/damagedCatalog`` when the
    ///   manifest cannot be read.
    func load() async throws -> (entries: [CatalogEntry], manifest: CatalogManifest?) {
        let snapshot = try await read()
        if let index = snapshot.damaged.first {
            throw BackupError.catalogDamaged(layout.shard(index))
        }
        return (snapshot.entries, snapshot.manifest)
    }

    /// The manifest and every shard it lists, each checked against its SHA-256. A mismatch of
    /// an old-layout shard may be another device's merge landing between two reads: when the
    /// manifest changed meanwhile, the catalog is read again.
    func read() async throws -> Snapshot {
        var snapshot = Snapshot()
        for _ in 1...timing.attempts {
            guard let manifestObject = try await store.object(layout.manifest) else { return Snapshot() }
            let manifest = try CatalogManifest(propertyList: manifestObject.bytes, path: layout.manifest)
            snapshot = Snapshot(manifest: manifest, manifestBytes: manifestObject.bytes, etag: manifestObject.etag)
            let listed = manifest.shards.filter { $0.rows > 0 }
            let contents = try await concurrently(listed, limit: 16) { [store, layout] shard in
                try await Self.shard(shard, in: store, layout: layout)
            }
            for (shard, fetched) in zip(listed, contents) {
                guard let fetched, ContentHash.sha256(of: fetched.bytes) == shard.sha256 else {
                    snapshot.damaged.append(shard.index)
                    continue
                }
                if !fetched.isOldLayout {
                    snapshot.stored.insert(shard.index)
                }
                snapshot.entries += CatalogCSV.decode(fetched.bytes).entries
            }
            if snapshot.damaged.isEmpty { return snapshot }
            guard try await store.head(layout.manifest)?.etag != manifestObject.etag else { return snapshot }
        }
        return snapshot
    }

    /// The facts of every facts shard `manifest` lists. A shard that is missing, altered or
    /// unreadable is logged and left out: facts are what devices know of their photos, and the
    /// next merge of each writes them again.
    func facts(listedIn manifest: CatalogManifest) async -> [String: PhotoDescription] {
        var facts: [String: PhotoDescription] = [:]
        for shard in manifest.facts ?? [] {
            let key = layout.facts(shard.index, sha256: shard.sha256)
            do {
                guard let bytes = try await store.get(key), ContentHash.sha256(of: bytes) == shard.sha256 else {
                    logger.warning(
                        "A facts shard of the cloud catalog is missing or altered; its photos' facts are written again as devices back them up.",
                        metadata: ["key": "\(key)"])
                    continue
                }
                let decoded = CloudFacts.decode(bytes, shard: shard.index)
                if decoded.refused > 0 {
                    logger.warning(
                        "Lines of a facts shard of the cloud catalog could not be read and were left out.",
                        metadata: ["key": "\(key)", "lines": "\(decoded.refused)"])
                }
                facts.merge(decoded.facts) { _, new in new }
            } catch {
                logger.warning(
                    "A facts shard of the cloud catalog could not be read; its photos' facts are left out.",
                    metadata: ["key": "\(key)", "error": "\(error)"])
            }
        }
        return facts
    }

    /// The bytes of a shard a manifest lists: from its content-addressed key, or from its
    /// old fixed key (`3.csv`) for a catalog written before; `nil` when neither is there.
    /// The caller checks them against the manifest's SHA-256.
    static func shard(
        _ shard: CatalogManifest.Shard, in store: any ObjectStore, layout: CloudLayout
    ) async throws -> (bytes: [UInt8], isOldLayout: Bool)? {
        if let bytes = try await store.get(layout.shard(shard.index, sha256: shard.sha256)) {
            return (bytes, false)
        }
        return try await store.get(layout.shard(shard.index)).map { ($0, true) }
    }

    /// Adds or replaces `entries` (by MD5): writes the shards that are not stored yet, then
    /// swaps the manifest in on condition, starting over on top of another device's merge.
    /// Nothing is written when no shard changed.
    /// - Parameters:
    ///   - entries: Rows to add or replace.
    ///   - present: MD5s of photos already backed up that must be listed too; a run whose
    ///     catalog update failed is repaired by the next, which skips those photos.
    ///   - facts: What is known of the photos' content, by MD5, to add or replace in the
    ///     catalog's facts (only for photos it lists).
    ///   - entry: Makes the row of a stored photo from its metadata plist (`nil` when there is
    ///     none): for `present` photos the catalog lacks, and for the rows of a damaged shard.
    /// - Returns: The catalog as it now stands in the bucket, shards included, which
    ///   ``CloudCatalogSync/adopt(_:)`` makes this device's synced copy without fetching it.
    /// - Throws: ``ObjectStoreError`` when the store fails, ``BackupError/catalogBusy`` when
    ///   other devices kept changing the catalog; the manifest that stood before then stands.
    @discardableResult
    func merge(
        _ entries: [CatalogEntry], present: [String] = [], facts: [String: PhotoDescription] = [:],
        entry: @escaping @Sendable (String) async throws -> CatalogEntry? = { _ in nil }
    ) async throws -> Merged {
        if try await honoursConditions() {
            return try await mergeTries(entries, present: present, facts: facts, conditional: true, entry: entry)
        }
        logger.warning(
            "The store ignores conditional writes: the cloud catalog is merged under a lease.", metadata: ["key": "\(layout.catalogLease)"])
        return try await holdingLease {
            try await mergeTries(entries, present: present, facts: facts, conditional: false, entry: entry)
        }
    }

    /// Read, merge, write shards, swap the manifest; again on a lost race, after a pause.
    private func mergeTries(
        _ entries: [CatalogEntry], present: [String], facts: [String: PhotoDescription], conditional: Bool,
        entry: @escaping @Sendable (String) async throws -> CatalogEntry?
    ) async throws -> Merged {
        for attempt in 1...timing.attempts {
            if attempt > 1 {
                try await Task.sleep(for: timing.backoff(beforeTry: attempt))
            }
            let current = try await read()
            var byMD5: [String: CatalogEntry] = [:]
            for row in try await current.entries + rebuild(current.damaged, entry: entry) + entries {
                byMD5[row.md5] = row
            }
            for md5 in present where byMD5[md5] == nil {
                byMD5[md5] = try await entry(md5)
            }
            var (shards, manifest) = FolderCatalog.render(byMD5.values.sorted { $0.md5 < $1.md5 }, previous: current.manifest)
            // Only a merge needs the facts: a read for the rows alone (verification) fetches none.
            var stored: [String: PhotoDescription] = [:]
            if let manifest = current.manifest {
                stored = await self.facts(listedIn: manifest)
            }
            let merged = stored.merging(facts) { _, new in new }.filter { byMD5[$0.key] != nil }
            let (factShards, factList) = CloudFacts.render(merged)
            manifest.facts = factList.isEmpty ? nil : factList
            let damaged = Set(current.damaged)
            let previousHashes = Dictionary(
                uniqueKeysWithValues: (current.manifest?.shards ?? []).filter { !damaged.contains($0.index) }.map { ($0.index, $0.sha256) })
            if let previous = current.manifest, let etag = current.etag, manifest.shards.allSatisfy({ previousHashes[$0.index] == $0.sha256 }),
                (previous.facts ?? []) == factList
            {
                return Merged(manifest: previous, manifestBytes: current.manifestBytes, etag: etag, shards: shards, facts: factShards)
            }
            try await upload(shards, of: manifest, over: current)
            try await uploadFacts(factShards, listed: factList, over: current.manifest)
            let plist = try manifest.propertyList()
            let written: String
            do {
                written = try await store.put(
                    layout.manifest, body: plist,
                    options: PutOptions(
                        contentType: "application/x-plist", contentMD5: ContentHash.base64MD5(of: plist),
                        condition: conditional ? current.etag.map { .ifMatch($0) } ?? .ifAbsent : nil))
            } catch let error as ObjectStoreError where error.code == .preconditionFailed {
                logger.debug("Another device changed the cloud catalog meanwhile; merging again on top of it.", metadata: ["try": "\(attempt)"])
                continue
            }
            // Under a lease the write had no condition: reading it back catches a lease lost.
            var stands = conditional
            if !stands {
                stands = try await store.head(layout.manifest)?.etag == written
            }
            if stands {
                await mirrorForEarlierReaders(shards, of: manifest)
                await collectGarbage(keeping: manifest)
                return Merged(manifest: manifest, manifestBytes: plist, etag: written, shards: shards, facts: factShards)
            }
        }
        throw BackupError.catalogBusy(attempts: timing.attempts)
    }

    /// Writes the new manifest's shards that the store may not hold yet, each under its
    /// content-addressed key with `If-None-Match: *`: a 412 means the very same bytes are there.
    /// A shard that was read damaged is written without condition, to replace what is there.
    private func upload(_ shards: [[UInt8]], of manifest: CatalogManifest, over current: Snapshot) async throws {
        let unchanged = Dictionary(uniqueKeysWithValues: (current.manifest?.shards ?? []).map { ($0.index, $0.sha256) })
        let missing = manifest.shards.filter { !(current.stored.contains($0.index) && unchanged[$0.index] == $0.sha256) }
        let damaged = Set(current.damaged)
        _ = try await concurrently(missing, limit: 16) { [store, layout] shard in
            let bytes = shards[shard.index]
            do {
                _ = try await store.put(
                    layout.shard(shard.index, sha256: shard.sha256), body: bytes,
                    options: PutOptions(
                        contentType: "text/csv", contentMD5: ContentHash.base64MD5(of: bytes),
                        condition: damaged.contains(shard.index) ? nil : .ifAbsent))
            } catch let error as ObjectStoreError where error.code == .preconditionFailed {
                // Already stored: a content-addressed key holds one content only.
            }
        }
    }

    /// Writes the facts shards the previous manifest did not list, each under its
    /// content-addressed key with `If-None-Match: *` (a 412 means the same bytes are there).
    private func uploadFacts(_ shards: [[UInt8]], listed: [CatalogManifest.Shard], over previous: CatalogManifest?) async throws {
        let listedBefore = Set((previous?.facts ?? []).map(\.sha256))
        _ = try await concurrently(listed.filter { !listedBefore.contains($0.sha256) }, limit: 16) { [store, layout] shard in
            let bytes = shards[shard.index]
            do {
                _ = try await store.put(
                    layout.facts(shard.index, sha256: shard.sha256), body: bytes,
                    options: PutOptions(contentType: "application/jsonl", contentMD5: ContentHash.base64MD5(of: bytes), condition: .ifAbsent))
            } catch let error as ObjectStoreError where error.code == .preconditionFailed {
                // Already stored: a content-addressed key holds one content only.
            }
        }
    }

    /// Writes the manifest's shards under the seeds' own keys too (`0.csv` … `f.csv`), after
    /// the manifest, so a reader of the v5.1 layout (the original app), which reads the manifest
    /// and then those keys, finds the rows. The content-addressed shards stay the truth: a v5.1
    /// reader checks each shard's SHA-256 against the manifest and reads again on a mismatch,
    /// which two devices merging at once may cause for a moment, until the later merge's copies
    /// land. A copy that cannot be written is logged; the next merge writes it again.
    private func mirrorForEarlierReaders(_ shards: [[UInt8]], of manifest: CatalogManifest) async {
        do {
            _ = try await concurrently(manifest.shards, limit: 16) { [store, layout] shard in
                let bytes = shards[shard.index]
                return try await store.put(
                    layout.shard(shard.index), body: bytes, options: PutOptions(contentType: "text/csv", contentMD5: ContentHash.base64MD5(of: bytes))
                )
            }
        } catch {
            logger.warning(
                "The cloud catalog's shards could not all be copied for earlier readers (0.csv … f.csv); the next merge copies them again.",
                metadata: ["error": "\(error)"])
        }
    }

    /// The rows of `shards` rebuilt from the store: every original under the user's prefix
    /// whose MD5 falls in them, described by its metadata plist, or by its key and size when
    /// the plist is gone.
    private func rebuild(_ shards: [Int], entry: @escaping @Sendable (String) async throws -> CatalogEntry?) async throws -> [CatalogEntry] {
        var rows: [CatalogEntry] = []
        for index in shards {
            let stored = try await store.listAll(prefix: layout.photosPrefix + String(index, radix: 16)).compactMap { object in
                layout.md5(ofPhotoKey: object.key).map { (md5: $0, size: object.size) }
            }
            rows += try await concurrently(stored, limit: 16) { photo in
                try await entry(photo.md5) ?? CatalogEntry(md5: photo.md5, filename: "\(photo.md5).dat", size: photo.size, photoDate: 0, modified: 0)
            }
        }
        return rows
    }
}
