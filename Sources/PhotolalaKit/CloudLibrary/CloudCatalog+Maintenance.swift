import Foundation
import Logging
import PhotolalaS3

extension CloudCatalog {
    /// Whether the store honours conditional writes: a probe key is written twice with
    /// `If-None-Match: *`, and the second write must be refused (412). A store that answers
    /// `NotImplemented` (501) to the condition does not honour it either.
    /// - Throws: ``ObjectStoreError`` when the store fails otherwise.
    func honoursConditions() async throws -> Bool {
        let key = layout.conditionProbe(UUID().uuidString.lowercased())
        let options = PutOptions(contentType: "text/plain", condition: .ifAbsent)
        let honoured: Bool
        do {
            _ = try await store.put(key, body: [], options: options)
            _ = try await store.put(key, body: [], options: options)
            honoured = false
        } catch let error as ObjectStoreError where error.code == .preconditionFailed {
            honoured = true
        } catch let error as ObjectStoreError where error.statusCode == 501 {
            honoured = false
        }
        do {
            try await store.delete(key)
        } catch {
            logger.warning("The conditional-write probe could not be removed.", metadata: ["key": "\(key)", "error": "\(error)"])
        }
        return honoured
    }

    /// Deletes content-addressed shards and facts shards that `manifest` does not name and that are older than
    /// the grace time: those of manifests replaced since, and those of merges that lost their
    /// race. A shard younger than that may belong to a merge under way or to the manifest a
    /// reader is using. Failures are logged; the next merge tries again.
    func collectGarbage(keeping manifest: CatalogManifest) async {
        let kept = Set(
            manifest.shards.map { layout.shard($0.index, sha256: $0.sha256) }
                + (manifest.facts ?? []).map { layout.facts($0.index, sha256: $0.sha256) })
        do {
            let listed = try await store.listAll(prefix: layout.shardsPrefix) + store.listAll(prefix: layout.factsPrefix)
            let unused = listed.filter { !kept.contains($0.key) }
            let cutoff = Date().addingTimeInterval(-timing.shardGrace.inSeconds)
            for object in unused {
                guard let modified = try await store.head(object.key)?.lastModified, modified < cutoff else { continue }
                try await store.delete(object.key)
            }
        } catch {
            logger.warning("Unused cloud catalog shards could not be removed; the next merge tries again.", metadata: ["error": "\(error)"])
        }
    }
}
