/// The user's catalog in the bucket, `catalogs/{userId}/.photolala/`: the same 16 CSV shards
/// and manifest as a folder catalog, so other devices browse the backup without listing it.
struct CloudCatalog: Sendable {
    let store: any ObjectStore
    let layout: CloudLayout

    /// The entries and manifest in the bucket now; empty when there is no catalog yet.
    /// - Throws: ``ObjectStoreError`` when the store fails, ``PhotolalaError/damagedCatalog``
    ///   when the manifest cannot be read.
    func load() async throws -> (entries: [CatalogEntry], manifest: CatalogManifest?) {
        guard let bytes = try await store.get(layout.manifest) else { return ([], nil) }
        let manifest = try CatalogManifest(propertyList: bytes, path: layout.manifest)
        var entries: [CatalogEntry] = []
        for shard in manifest.shards where shard.rows > 0 {
            guard let csv = try await store.get(layout.shard(shard.index)) else { continue }
            entries += CatalogCSV.decode(csv).entries
        }
        return (entries, manifest)
    }

    /// Adds or replaces `entries` (by MD5), uploads the shards that changed, then the manifest
    /// last, so a reader never sees a manifest describing shards that are not there yet.
    /// Nothing is written when no shard changed.
    /// - Parameters:
    ///   - entries: Rows to add or replace.
    ///   - present: MD5s of photos already backed up that must be listed too; a run whose
    ///     catalog update failed is repaired by the next, which skips those photos.
    ///   - entry: Makes the row of a `present` photo the catalog lacks (`nil` leaves it out);
    ///     asked only for those, so a complete catalog costs nothing more.
    /// - Returns: The new manifest.
    /// - Throws: ``ObjectStoreError`` when an upload fails; the old manifest then still stands.
    @discardableResult
    func merge(
        _ entries: [CatalogEntry], present: [String] = [], entry: @Sendable (String) async throws -> CatalogEntry? = { _ in nil }
    ) async throws -> CatalogManifest {
        let (current, previous) = try await load()
        var byMD5: [String: CatalogEntry] = [:]
        for entry in current + entries {
            byMD5[entry.md5] = entry
        }
        for md5 in present where byMD5[md5] == nil {
            byMD5[md5] = try await entry(md5)
        }
        let merged = byMD5.values.sorted { $0.md5 < $1.md5 }
        let (shards, manifest) = FolderCatalog.render(merged, previous: previous)
        let previousHashes = Dictionary(uniqueKeysWithValues: (previous?.shards ?? []).map { ($0.index, $0.sha256) })
        if let previous, manifest.shards.allSatisfy({ previousHashes[$0.index] == $0.sha256 }) {
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
        _ = try await store.put(
            layout.manifest, body: plist, options: PutOptions(contentType: "application/x-plist", contentMD5: ContentHash.base64MD5(of: plist)))
        return manifest
    }
}
