extension CatalogManifest {
    /// What is wrong with the manifest on its own: shards numbered 0 to 15, each listed at most
    /// once (as the cloud sync requires; a shard not listed must have no file, see
    /// ``FolderCatalog/load()``), with a SHA-256 and a row count of at least 0, and a photo count
    /// that is their sum.
    ///
    /// ``FolderCatalog/load()`` reports these with the shards' problems, so `catalog verify`
    /// and `catalog build` judge a catalog by the same list.
    var problems: [CatalogProblem] {
        var problems: [CatalogProblem] = []
        func report(_ shard: Int?, _ message: String) {
            problems.append(CatalogProblem(shard: shard, line: nil, message: message))
        }
        var listed = [Int](repeating: 0, count: 16)
        for shard in shards {
            guard (0..<16).contains(shard.index) else {
                report(nil, "The manifest lists a shard \(shard.index); shards are numbered 0 to 15.")
                continue
            }
            listed[shard.index] += 1
            let name = FolderCatalog.shardName(shard.index)
            if shard.rows < 0 {
                report(shard.index, "The manifest says shard \(name) has \(shard.rows) rows.")
            }
            if !ContentHash.isHex(shard.sha256, digits: 64) {
                report(shard.index, "The manifest's checksum of shard \(name) is not a SHA-256.")
            }
        }
        for (index, count) in listed.enumerated() where count > 1 {
            report(index, "The manifest lists shard \(FolderCatalog.shardName(index)) \(count) times.")
        }
        if photoCount < 0 || shards.map(\.rows).reduce(0, &+) != photoCount {
            report(nil, "The manifest's photo count \(photoCount) is not the sum of its shards' rows.")
        }
        return problems
    }
}
