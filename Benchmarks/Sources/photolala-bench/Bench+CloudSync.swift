import Foundation
import PhotolalaKit
import PhotolalaS3

extension Bench {
    /// Syncs a cloud catalog of `count` entries (100,000; a million for the growth rows) from a local-folder object store (the same code path
    /// as S3 minus the network), cold and after one shard changed; the reference is `cp -r` of
    /// the catalog's objects, the least any sync must do to read them.
    static func cloudSync(entries count: Int = 100_000) async throws -> [Measurement] {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let userID = cloudFolderUserID
        let layout = CloudLayout(userID: userID)
        let store = LocalDirectoryObjectStore(root: root + "/store")
        var entries = syntheticEntries(count)
        let manifest = try await publish(entries, previous: nil, to: store, layout: layout, scratch: root + "/render")

        var coldBest = Double.infinity
        var changedBest = Double.infinity
        var copyBest = Double.infinity
        for run in 0..<2 {
            let state = root + "/device-\(run)"
            let engine = try Engine(configuration: EngineConfiguration(cacheDirectory: state + "/cache", dataDirectory: state + "/data"))
            let sync = CloudCatalogSync(
                store: store, userID: userID, catalogs: CatalogStore(database: engine.database), dataDirectory: engine.configuration.dataDirectory)
            var result = CloudSyncState(lastSyncDate: nil, manifestETag: nil, photoCount: 0)
            coldBest = min(coldBest, try await time { result = await sync.sync() })
            guard result.photoCount == count, result.error == nil else {
                throw CommandFailed(command: "cold sync: \(result.error ?? "\(result.photoCount) entries")", status: 1)
            }

            // One photo renamed: its shard and the manifest change, nothing else.
            entries[run].filename = "RENAMED_\(run).JPG"
            _ = try await publish(entries, previous: manifest, to: store, layout: layout, scratch: root + "/render")
            changedBest = min(changedBest, try await time { result = await sync.sync() })
            guard result.downloadedShards.count == 1 else {
                throw CommandFailed(command: "one-shard sync: shards \(result.downloadedShards)", status: 1)
            }

            let copy = root + "/copy-\(run)"
            copyBest = min(copyBest, try time { try shell("cp -r '\(root)/store/objects/catalogs' '\(copy)'") })
        }
        let (firstThumbnails, readThumbnails) = try await firstThumbnails(store: store, userID: userID, root: root)
        return [
            Measurement(
                name: "cloud catalog sync, \(count.formatted()) entries, cold (local-folder store)", ours: String(format: "%.0f ms", coldBest * 1000),
                reference: String(format: "%.0f ms", copyBest * 1000), tool: "cp -r", ratio: coldBest / copyBest,
                target: count > 100_000 ? "< 10 s" : "(time)"),
            Measurement(
                name: "cloud catalog sync, one changed shard", ours: String(format: "%.0f ms", changedBest * 1000),
                reference: String(format: "%.0f ms", coldBest * 1000), tool: "cold sync", ratio: changedBest / coldBest,
                target: count > 100_000 ? "< 1 s" : "≪ cold"),
            Measurement(
                name: "Cloud source of that catalog: list it and download the first 100 thumbnails (20 KB each, empty cache)",
                ours: String(format: "%.0f ms", firstThumbnails * 1000), reference: String(format: "%.0f ms", readThumbnails * 1000),
                tool: "cat of the 100 thumbnails", ratio: firstThumbnails / readThumbnails, target: count > 100_000 ? "< 1 s" : "< 500 ms"),
        ]
    }

    /// The user whose backup ``makeCloudFolder(at:thumbnailOf:count:)`` writes.
    static let cloudFolderUserID = "5b3c1f6e-0d2a-4c8e-9f61-2a7d3e4b5c6d"

    /// Writes a backup folder (`PHOTOLALA_BACKUP_FOLDER`) as the backup would: a cloud catalog of
    /// `count` photos a minute apart, and for the oldest 500 (the first screens in the browser's
    /// date order) a real thumbnail, the one of `photo`; for the browser benchmark of the Cloud
    /// source. With `placeData`, what the backup records of each photo's content too (its facts
    /// shards, ``publishFacts(_:manifest:positions:to:layout:)``), for the search server's.
    static func makeCloudFolder(at root: String, thumbnailOf photo: String, count: Int = 100_000, placeData: String? = nil) async throws {
        let layout = CloudLayout(userID: cloudFolderUserID)
        let store = LocalDirectoryObjectStore(root: root)
        let entries = syntheticEntries(count)
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let manifest = try await publish(entries, previous: nil, to: store, layout: layout, scratch: scratch)
        if let placeData {
            let positions = try photoPositions(min(count, 1_000_000), placeData: placeData)
            _ = try await publishFacts(entries, manifest: manifest, positions: positions, to: store, layout: layout)
        }
        let jpeg = try ImageProcessor().thumbnail(of: Array(try Data(contentsOf: URL(fileURLWithPath: photo))), name: photo)
        for entry in entries.prefix(500) {
            _ = try await store.put(layout.thumbnail(entry.md5), body: jpeg, options: PutOptions(storageClass: .standard, contentType: "image/jpeg"))
        }
    }

    /// The catalog published in `store` synced into `engine`, as a second device syncs it.
    /// - Throws: ``CommandFailed`` when the sync fails or brings other than `count` entries.
    static func syncedCatalog(from store: LocalDirectoryObjectStore, into engine: Engine, count: Int) async throws -> CloudCatalogSync {
        let sync = CloudCatalogSync(
            store: store, userID: cloudFolderUserID, catalogs: CatalogStore(database: engine.database),
            dataDirectory: engine.configuration.dataDirectory)
        let synced = await sync.sync()
        guard synced.photoCount == count, synced.error == nil else {
            throw CommandFailed(command: "sync: \(synced.error ?? "\(synced.photoCount) entries")", status: 1)
        }
        return sync
    }

    /// `count` catalog rows of distinct photos a minute apart.
    static func syntheticEntries(_ count: Int) -> [CatalogEntry] {
        (0..<count).map { index in
            CatalogEntry(
                md5: ContentHash.md5(of: Array("photo-\(index)".utf8)), filename: "IMG_\(index).JPG", size: 3_000_000 + Int64(index),
                photoDate: 1_600_000_000 + Int64(index) * 60, modified: 1_600_000_000 + Int64(index) * 60, width: 4032, height: 3024)
        }
    }

    /// Opens the Cloud source on a synced device with an empty download cache: the listing from
    /// the database, then the first 100 listed thumbnails fetched at once into the cache.
    private static func firstThumbnails(store: LocalDirectoryObjectStore, userID: String, root: String) async throws -> (Double, Double) {
        let state = root + "/device-thumbnails"
        let engine = try Engine(configuration: EngineConfiguration(cacheDirectory: state + "/cache", dataDirectory: state + "/data"))
        let source = CloudBackupReader(
            sync: CloudCatalogSync(
                store: store, userID: userID, catalogs: CatalogStore(database: engine.database), dataDirectory: engine.configuration.dataDirectory),
            downloads: DownloadCache(directory: engine.configuration.cacheDirectory + "/cloud/" + userID), thumbnails: engine.thumbnailStore,
            imaging: engine.imaging, liveIdentifiers: LiveIdentifierIndex(database: engine.database))
        _ = await source.sync.sync()
        let first = try source.listedPhotos().prefix(100).map(\.item.id)
        for md5 in first {
            let jpeg = [0xFF, 0xD8, 0xFF] + (0..<20_000).map { _ in UInt8.random(in: 0...255) }
            _ = try await store.put(source.layout.thumbnail(md5), body: jpeg, options: PutOptions(contentType: "image/jpeg"))
        }
        let ours = try await time {
            let ids = try source.listedPhotos().prefix(100).map(\.item.id)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for id in ids {
                    group.addTask { _ = try await source.thumbnail(for: id) }
                }
                try await group.waitForAll()
            }
        }
        let files = first.map { "'\(root)/store/objects/\(source.layout.thumbnail($0))'" }.joined(separator: " ")
        let reference = try time { try shell("cat \(files) > /dev/null") }
        return (ours, reference)
    }

    /// Writes the catalog as the backup does: the 16 shards, then the manifest, as objects.
    static func publish(
        _ entries: [CatalogEntry], previous: CatalogManifest?, to store: LocalDirectoryObjectStore, layout: CloudLayout, scratch: String
    ) async throws -> CatalogManifest {
        let catalog = FolderCatalog(folder: scratch, cacheDirectory: scratch + "/cache")
        let (manifest, directory) = try catalog.write(entries, previous: previous)
        for index in 0..<16 {
            let name = String(index, radix: 16) + ".csv"
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name)))
            _ = try await store.put(layout.shard(index), body: bytes, options: PutOptions(contentType: "text/csv"))
        }
        let plist = Array(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + FolderCatalog.manifestName)))
        _ = try await store.put(layout.manifest, body: plist, options: PutOptions(contentType: "application/x-plist"))
        return manifest
    }
}
