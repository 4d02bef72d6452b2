public import Foundation
public import PhotolalaKit
public import PhotolalaS3

extension CloudLayout {
    /// The key of shard `index` as the manifest in `store` names it now (content-addressed),
    /// for tests that damage or read one shard.
    public func storedShard(_ index: Int, in store: any ObjectStore) async throws -> String {
        guard let bytes = try await store.get(manifest) else { throw CocoaError(.fileNoSuchFile) }
        let manifest = try PropertyListDecoder().decode(CatalogManifest.self, from: Data(bytes))
        guard let shard = manifest.shards.first(where: { $0.index == index }) else { throw CocoaError(.fileNoSuchFile) }
        return self.shard(index, sha256: shard.sha256)
    }
}
