import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// What a device that backed photos up does not fetch back: the catalog it just merged, and
/// the thumbnails it made; another device still fetches both.
@Suite struct CloudOwnBackupTests {
    static let userID = "9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f"

    @Test(
        "After a backup run, the next sync fetches no shard and the Cloud source shows the device's own thumbnails without downloading them",
        arguments: ["backup folder", "SeaweedFS"])
    func ownBackupIsNotFetchedBack(storeKind: String) async throws {
        let folder = try TemporaryDirectory()
        let base: any ObjectStore
        if storeKind == "SeaweedFS" {
            guard let server = try await SeaweedFS.shared() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
            base = try await makeS3Store(on: server)
        } else {
            base = LocalDirectoryObjectStore(root: folder.path("store"))
        }
        let store = CountingStore(base)
        let engine = try makeEngine(in: folder, device: "a")
        let paths = try await makePhotos(3, in: folder)
        let report = try await engine.backupService(store: store, userID: Self.userID).backUp(paths)
        #expect(report.failed.isEmpty && report.uploaded.count == 3 && report.catalogFailure == nil, "\(report)")

        await store.reset()
        let source = engine.cloudSource(store: store, userID: Self.userID)
        let synced = await source.sync.sync()
        #expect(synced.error == nil && synced.photoCount == 3, "\(synced)")
        #expect(synced.downloadedShards.isEmpty)
        #expect(await store.heads == [source.layout.manifest])
        // The albums are asked for at each sync: none here, so one GET finds none.
        #expect(await store.gets == [source.layout.albums], "the merge left the synced copy current: one HEAD")

        let listed = try source.listedPhotos()
        #expect(Set(listed.map(\.item.id)) == Set(try paths.map { try ContentHash.md5(ofFileAt: $0) }))
        for photo in listed {
            let thumbnail = try await source.thumbnail(for: photo.item.id)
            #expect(thumbnail.jpeg == engine.thumbnailStore.thumbnail(forMD5: photo.item.id))
        }
        #expect(await store.gets == [source.layout.albums], "no thumbnail downloaded")

        // A second run adds a photo to a catalog this device has synced: again nothing to fetch.
        let added = try await makePhotos(1, in: folder, prefix: "NEW_")
        _ = try await engine.backupService(store: store, userID: Self.userID).backUp(added)
        await store.reset()
        let again = await source.sync.sync()
        #expect(again.error == nil && again.photoCount == 4 && again.downloadedShards.isEmpty, "\(again)")
        #expect(await store.gets == [source.layout.albums])

        // Another device fetches the whole catalog, and the thumbnails it shows.
        let other = try makeEngine(in: folder, device: "b").cloudSource(store: store, userID: Self.userID)
        let seen = await other.sync.sync()
        #expect(seen.error == nil && seen.photoCount == 4 && !seen.downloadedShards.isEmpty, "\(seen)")
        let md5 = try #require(try other.listedPhotos().first?.item.id)
        await store.reset()
        #expect(try await other.thumbnail(for: md5).origin == .generated)
        #expect(await store.gets == [other.layout.thumbnail(md5)])
    }
}
