import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Albums travel with the backup: each device's cloud sync merges its book with the bucket's,
/// by compare-and-swap, so every device ends with every device's edits.
@Suite struct AlbumSyncTests {
    static let userID = "0d6b9c2e-8f41-4a7e-b3c5-2e9f7a1d4c60"
    let layout = CloudLayout(userID: Self.userID)

    static func photos(_ md5s: String...) -> [(md5: String, origin: AlbumPhotoOrigin)] {
        md5s.map { ($0, AlbumPhotoOrigin(kind: "folders", location: "/p/" + $0, name: $0)) }
    }

    func sync(_ store: any ObjectStore, _ engine: Engine) async -> CloudSyncState {
        await CloudCatalogSync(
            store: store, userID: Self.userID, catalogs: CatalogStore(database: engine.database),
            dataDirectory: engine.configuration.dataDirectory
        ).sync()
    }

    func order(_ engine: Engine, _ path: String) throws -> [String] {
        try engine.albums.read().album(at: path).orderedPhotos.map(\.md5)
    }

    @Test("An album made on one device is on the other after both sync, with both devices' later edits", arguments: StoreKind.allCases)
    func twoDevices(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let deviceA = try makeEngine(in: folder, device: "a")
        let deviceB = try makeEngine(in: folder, device: "b")
        try await deviceA.albums.edit { book, device in
            try book.create("Trips/Rome", isFolder: false, device: device)
            try book.add(Self.photos("a1", "a2"), to: "Trips/Rome", device: device)
        }
        let first = await sync(store, deviceA)
        #expect(first.error == nil && first.albumCount == 1, "\(first.error ?? "")")
        let second = await sync(store, deviceB)
        #expect(second.error == nil && second.albumCount == 1, "\(second.error ?? "")")
        #expect(try order(deviceB, "Trips/Rome") == ["a1", "a2"])

        // Both edit the album before either syncs again.
        try await deviceA.albums.edit { book, device in try book.add(Self.photos("a3"), to: "Trips/Rome", device: device) }
        try await deviceB.albums.edit { book, device in
            try book.add(Self.photos("b1"), to: "Trips/Rome", device: device)
            try book.remove(["a1"], from: "Trips/Rome", device: device)
        }
        for engine in [deviceA, deviceB, deviceA] { _ = await sync(store, engine) }
        #expect(try order(deviceA, "Trips/Rome") == ["a2", "a3", "b1"])
        #expect(try order(deviceB, "Trips/Rome") == ["a2", "a3", "b1"])
        let bucket = try AlbumStore.decode(try #require(try await store.get(layout.albums)))
        #expect(bucket == (try deviceA.albums.read()))

        // Nothing changed since: a sync asks whether the bucket's albums changed, and writes nothing.
        let counting = CountingStore(store)
        #expect(await sync(counting, deviceB).albumCount == 1)
        #expect(await counting.notModified == [layout.albums])
        #expect(await counting.puts.isEmpty)
    }

    @Test("A sync overtaken between its read of the bucket's albums and its write merges again and loses nothing", arguments: StoreKind.allCases)
    func overtaken(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let deviceA = try makeEngine(in: folder, device: "a")
        let deviceB = try makeEngine(in: folder, device: "b")
        try await deviceA.albums.edit { book, device in try book.create("Shared", isFolder: false, device: device) }
        _ = await sync(store, deviceA)
        _ = await sync(store, deviceB)
        try await deviceA.albums.edit { book, device in try book.add(Self.photos("a1"), to: "Shared", device: device) }
        try await deviceB.albums.edit { book, device in try book.add(Self.photos("b1"), to: "Shared", device: device) }

        // Device A reads the bucket's albums and is held before its write…
        let held = InterleavingStore(store, manifestKey: layout.albums)
        var timing = CloudCatalog.Timing()
        timing.backoff = .milliseconds(5)
        let syncA = AlbumSync(
            store: held, key: layout.albums, albums: deviceA.albums,
            syncedPath: deviceA.configuration.dataDirectory + "/cloud/" + Self.userID + "/albums.synced",
            timing: timing)
        let runA = Task { try await syncA.sync() }
        await held.waitUntilHeld()
        // …device B merges and writes meanwhile…
        #expect(await sync(store, deviceB).error == nil)
        // …then A's write on top of what it read is refused, and it merges again.
        await held.release()
        let merged = try await runA.value
        #expect(await held.refusedManifestWrites == 1)
        #expect(Set(try merged.album(at: "Shared").orderedPhotos.map(\.md5)) == ["a1", "b1"])
        let bucket = try AlbumStore.decode(try #require(try await store.get(layout.albums)))
        #expect(Set(try bucket.album(at: "Shared").orderedPhotos.map(\.md5)) == ["a1", "b1"])
    }

    @Test("Damaged albums in the bucket are said and left as they are; the device's own are kept")
    func damagedInTheBucket() async throws {
        let folder = try TemporaryDirectory()
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        let engine = try makeEngine(in: folder)
        try await engine.albums.edit { book, device in try book.create("Mine", isFolder: false, device: device) }
        let damaged = Array("{\"albums\": {\"x\": ".utf8)
        _ = try await store.put(layout.albums, body: damaged, options: PutOptions())
        let state = await sync(store, engine)
        #expect(state.error?.contains("The albums could not be synced") == true)
        #expect(state.albumCount == nil)
        #expect(try await store.get(layout.albums) == damaged)
        #expect(try engine.albums.read().album(at: "Mine").isFolder == false)
    }
}
