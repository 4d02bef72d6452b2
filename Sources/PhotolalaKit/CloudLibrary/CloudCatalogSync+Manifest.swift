extension CloudCatalogSync {
    /// The most rows one shard may claim: far beyond any real catalog, low enough that adding up
    /// sixteen of them cannot overflow.
    static let maximumShardRows = 1_000_000_000

    /// The downloaded manifest, checked before anything is indexed or trusted by it: a damaged
    /// or hostile manifest must neither crash the sync nor replace the catalog synced before.
    /// Its shards and facts shards are checked (``validated(_:named:damaged:)``), and the shards'
    /// rows add up to the photo count.
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
        manifest.shards = try validated(manifest.shards, named: FolderCatalog.shardName, damaged: damaged)
        manifest.facts = try manifest.facts.map { try validated($0, named: CloudLayout.factsName, damaged: damaged) }
        let rows = manifest.shards.map(\.rows).reduce(0, +)
        guard manifest.photoCount == rows else {
            throw damaged("its photo count \(manifest.photoCount) is not the \(rows) rows its shards hold")
        }
        return manifest
    }

    /// A manifest's list of shards, checked: indices 0 to 15, each at most once, row counts in
    /// range, checksums SHA-256 hex (lowercased, as ours are written).
    private static func validated(
        _ shards: [CatalogManifest.Shard], named name: (Int) -> String, damaged: (String) -> CloudError
    ) throws -> [CatalogManifest.Shard] {
        var seen = Set<Int>()
        var checked = shards
        for (position, shard) in shards.enumerated() {
            guard (0..<16).contains(shard.index) else { throw damaged("it lists a shard numbered \(shard.index); shards are numbered 0 to 15") }
            guard seen.insert(shard.index).inserted else { throw damaged("it lists shard \(name(shard.index)) twice") }
            guard (0...maximumShardRows).contains(shard.rows) else {
                throw damaged("shard \(name(shard.index)) claims \(shard.rows) rows")
            }
            guard ContentHash.isHex(shard.sha256, digits: 64) else {
                throw damaged("the checksum of shard \(name(shard.index)) is not a SHA-256 (64 hex digits)")
            }
            checked[position].sha256 = shard.sha256.lowercased()
        }
        return checked
    }
}
