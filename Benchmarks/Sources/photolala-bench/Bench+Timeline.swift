import Foundation
import PhotolalaKit
import PhotolalaS3

extension Bench {
    /// Every photo of a synced cloud catalog of `count` entries (a million for the growth rows)
    /// newest first, read through the search index as the server's timelines read it
    /// (`SearchIndex.timeline`), once the catalog is synced and indexed; the cloud's names come
    /// from the full-text table, the costlier case (a tree's come from its keys). The reference
    /// is `sqlite3` reading the same keys and dates in date order from the same database, the
    /// least any timeline of the index does.
    static func timeline(entries count: Int) async throws -> [Measurement] {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = LocalDirectoryObjectStore(root: root + "/store")
        _ = try await publish(
            syntheticEntries(count), previous: nil, to: store, layout: CloudLayout(userID: cloudFolderUserID), scratch: root + "/render")
        let engine = try Engine(configuration: EngineConfiguration(cacheDirectory: root + "/cache", dataDirectory: root + "/data"))
        let sync = try await syncedCatalog(from: store, into: engine, count: count)
        _ = try engine.index(sync.copy)
        let scope = SearchIndex.TimelineScope(source: SearchScope(kind: .cloud, root: sync.copy.name))

        var best = Double.infinity
        var firstBest = Double.infinity
        var referenceBest = Double.infinity
        let database = engine.configuration.dataDirectory + "/photolala.sqlite"
        for _ in 0..<3 {
            referenceBest = min(
                referenceBest, try time { try shell("sqlite3 '\(database)' 'SELECT key, date FROM searchPhoto ORDER BY date DESC' > /dev/null") })
            let start = ContinuousClock.now
            var first: Double?
            var rows = 0
            try engine.searchIndex.timeline(of: [scope]) { batch in
                if first == nil { first = seconds(since: start) }
                rows += batch.count
            }
            best = min(best, seconds(since: start))
            firstBest = min(firstBest, first ?? .infinity)
            guard rows == count else { throw CommandFailed(command: "timeline: \(rows) of \(count) photos", status: 1) }
        }
        return [
            Measurement(
                name: "timeline of \(count.formatted()) photos (a synced cloud catalog), newest first, from the search index",
                ours: String(format: "%.0f ms", best * 1000), reference: String(format: "%.0f ms", referenceBest * 1000),
                tool: "sqlite3 of the keys in date order", ratio: best / referenceBest, target: count > 100_000 ? "< 1.5 s" : "(time)",
                note: "first batch in \(String(format: "%.1f", firstBest * 1000)) ms")
        ]
    }
}
