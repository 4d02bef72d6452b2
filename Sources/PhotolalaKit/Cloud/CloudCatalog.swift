/// The user's catalog in the bucket, `catalogs/{userId}/.photolala/`: the same 16 CSV shards
/// and manifest as a folder catalog, so other devices browse the backup without listing it.
///
/// Devices backing up to one catalog merge into it, and a merge never loses rows:
/// - A shard the manifest lists must be in the store and match its SHA-256. When it does not
///   and the manifest did not change meanwhile (another device's write would explain it), the
///   shard's rows are rebuilt from what the store holds, each stored original described by its
///   metadata plist, rather than from a partial read.
/// - The manifest is written on condition: `If-Match` the ETag that was read (`If-None-Match: *`
///   for a new catalog), so a merge that another device's got ahead of starts over on top of
///   it; then it is read back, which catches the same on stores that ignore conditions.
///
/// What remains: shards are written before the manifest and without a condition, so two merges
/// overlapping can leave one device's shard under the other's manifest until the next merge,
/// which finds the mismatch and rebuilds that shard; meanwhile readers reject the shard (its
/// SHA-256 does not match), never import it.
struct CloudCatalog: Sendable {
    let store: any ObjectStore
    let layout: CloudLayout

    /// Reads, and merges, that find the catalog changed by another device start over; this
    /// many tries in all.
    static let attempts = 5

    /// The catalog as one read found it.
    struct Snapshot: Sendable {
        var entries: [CatalogEntry] = []
        var manifest: CatalogManifest?
        /// The manifest's ETag, for a conditional write; `nil` when there is no catalog yet.
        var etag: String?
        /// Shards the manifest lists that are missing or do not match their SHA-256.
        var damaged: [Int] = []
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

    /// The manifest and every shard it lists, each checked against its SHA-256. A mismatch
    /// may be another device's merge landing between two reads: when the manifest changed
    /// meanwhile, the catalog is read again.
    func read() async throws -> Snapshot {
        var snapshot = Snapshot()
        for _ in 1...Self.attempts {
            guard let manifestObject = try await store.object(layout.manifest) else { return Snapshot() }
            let manifest = try CatalogManifest(propertyList: manifestObject.bytes, path: layout.manifest)
            snapshot = Snapshot(manifest: manifest, etag: manifestObject.etag)
            let listed = manifest.shards.filter { $0.rows > 0 }
            let contents = try await concurrently(listed, limit: 16) { [store, layout] shard in
                try await store.object(layout.shard(shard.index))?.bytes
            }
            for (shard, bytes) in zip(listed, contents) {
                guard let bytes, ContentHash.sha256(of: bytes) == shard.sha256 else {
                    snapshot.damaged.append(shard.index)
                    continue
                }
                snapshot.entries += CatalogCSV.decode(bytes).entries
            }
            if snapshot.damaged.isEmpty { return snapshot }
            guard try await store.head(layout.manifest)?.etag != manifestObject.etag else { return snapshot }
        }
        return snapshot
    }

    /// Adds or replaces `entries` (by MD5), uploads the shards that changed, then the manifest
    /// last, so a reader never sees a manifest describing shards that are not there yet.
    /// Nothing is written when no shard changed.
    /// - Parameters:
    ///   - entries: Rows to add or replace.
    ///   - present: MD5s of photos already backed up that must be listed too; a run whose
    ///     catalog update failed is repaired by the next, which skips those photos.
    ///   - entry: Makes the row of a stored photo from its metadata plist (`nil` when there is
    ///     none): for `present` photos the catalog lacks, and for the rows of a damaged shard.
    /// - Returns: The new manifest.
    /// - Throws: ``ObjectStoreError`` when the store fails, ``BackupError/catalogBusy`` when
    ///   other devices kept changing the catalog; the manifest that stood before then stands.
    @discardableResult
    func merge(
        _ entries: [CatalogEntry], present: [String] = [], entry: @escaping @Sendable (String) async throws -> CatalogEntry? = { _ in nil }
    ) async throws -> CatalogManifest {
        for _ in 1...Self.attempts {
            let current = try await read()
            var byMD5: [String: CatalogEntry] = [:]
            for row in try await current.entries + rebuild(current.damaged, entry: entry) + entries {
                byMD5[row.md5] = row
            }
            for md5 in present where byMD5[md5] == nil {
                byMD5[md5] = try await entry(md5)
            }
            let (shards, manifest) = FolderCatalog.render(byMD5.values.sorted { $0.md5 < $1.md5 }, previous: current.manifest)
            // A damaged shard is written whatever its manifest says.
            let damaged = Set(current.damaged)
            let previousHashes = Dictionary(
                uniqueKeysWithValues: (current.manifest?.shards ?? []).filter { !damaged.contains($0.index) }.map { ($0.index, $0.sha256) })
            if let previous = current.manifest, manifest.shards.allSatisfy({ previousHashes[$0.index] == $0.sha256 }) {
                return previous
            }
            // The changed shards go up together: on a fresh catalog that is 16 requests.
            let changed = shards.enumerated().filter { previousHashes[$0.offset] != manifest.shards[$0.offset].sha256 }
            _ = try await concurrently(changed.map { (index: $0.offset, bytes: $0.element) }, limit: 16) { [store, layout] shard in
                try await store.put(
                    layout.shard(shard.index), body: shard.bytes,
                    options: PutOptions(contentType: "text/csv", contentMD5: ContentHash.base64MD5(of: shard.bytes)))
            }
            let plist = try manifest.propertyList()
            let written: String
            do {
                written = try await store.put(
                    layout.manifest, body: plist,
                    options: PutOptions(
                        contentType: "application/x-plist", contentMD5: ContentHash.base64MD5(of: plist),
                        condition: current.etag.map { .ifMatch($0) } ?? .ifAbsent))
            } catch let error as ObjectStoreError where error.code == .preconditionFailed {
                continue
            }
            if try await store.head(layout.manifest)?.etag == written {
                return manifest
            }
        }
        throw BackupError.catalogBusy(attempts: Self.attempts)
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
