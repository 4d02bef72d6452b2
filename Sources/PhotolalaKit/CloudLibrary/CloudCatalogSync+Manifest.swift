extension CloudCatalogSync {
    /// The most rows one shard may claim: far beyond any real catalog, low enough that adding up
    /// sixteen of them cannot overflow.
    static let maximumShardRows = 1_000_000_000

    /// The downloaded manifest, checked before anything is indexed or trusted by it: a damaged
    /// or hostile manifest must neither crash the sync nor replace the catalog synced before.
    /// Shard indices are 0 to 15, each listed at most once; row counts are not negative and add
    /// up to the photo count; checksums are SHA-256 hex (lowercased here, as ours are written).
    /// - Throws: ``CloudError/damagedManifest`` saying what is wrong.
    static func validatedManifest(_ bytes: [UInt8], key: String) throws -> CatalogManifest {
        func damaged(_ reason: String) -> CloudError { .damagedManifest(key, reason: reason) }
        var manifest: CatalogManifest
        do {
            manifest = try CatalogManifest(propertyList: bytes, path: key)
        } catch {
            throw damaged("it is not a catalog manifest")
        }
        guard manifest.version.hasPrefix("5.") else { throw damaged("version '\(manifest.version.prefix(20))' is not one this build reads (5.x)") }
        var seen = Set<Int>()
        for (position, shard) in manifest.shards.enumerated() {
            guard (0..<16).contains(shard.index) else { throw damaged("it lists a shard numbered \(shard.index); shards are numbered 0 to 15") }
            guard seen.insert(shard.index).inserted else { throw damaged("it lists shard \(FolderCatalog.shardName(shard.index)) twice") }
            guard (0...maximumShardRows).contains(shard.rows) else {
                throw damaged("shard \(FolderCatalog.shardName(shard.index)) claims \(shard.rows) rows")
            }
            guard ContentHash.isHex(shard.sha256, digits: 64) else {
                throw damaged("the checksum of shard \(FolderCatalog.shardName(shard.index)) is not a SHA-256 (64 hex digits)")
            }
            manifest.shards[position].sha256 = shard.sha256.lowercased()
        }
        let rows = manifest.shards.map(\.rows).reduce(0, +)
        guard manifest.photoCount == rows else {
            throw damaged("its photo count \(manifest.photoCount) is not the \(rows) rows its shards hold")
        }
        return manifest
    }
}
