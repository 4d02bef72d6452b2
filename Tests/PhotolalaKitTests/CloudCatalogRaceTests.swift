import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Synchronization
import Testing

@testable import PhotolalaKit

/// Two devices merging into one cloud catalog at once: content-addressed shards and a
/// compare-and-swap of the manifest lose no device's photos and never show a reader a
/// manifest whose shards do not match it; a store without conditional writes is found out
/// and merged under a lease.
@Suite struct CloudCatalogRaceTests {
    static let userID = "5b1d0c7e-3a2f-4e8d-9b6c-1f0a2e4d6c8b"
    let layout = CloudLayout(userID: Self.userID)

    /// Quick pauses, so lost races cost milliseconds.
    static var quick: CloudCatalog.Timing {
        var timing = CloudCatalog.Timing()
        timing.backoff = .milliseconds(5)
        timing.maximumBackoff = .milliseconds(50)
        timing.leaseSettle = .milliseconds(50)
        return timing
    }

    func service(_ store: any ObjectStore, _ engine: Engine) -> BackupService {
        var options = BackupService.Options()
        options.catalogTiming = Self.quick
        return engine.backupService(store: store, userID: Self.userID, options: options)
    }

    /// What a strict reader finds wrong with the catalog now: one manifest read, then every
    /// shard it names (empty ones too) fetched and checked against its SHA-256, with no retry.
    static func problems(in store: any ObjectStore, layout: CloudLayout) async throws -> [String] {
        guard let bytes = try await store.get(layout.manifest) else { return [] }
        let manifest = try CloudCatalogSync.validatedManifest(bytes, key: layout.manifest)
        var problems: [String] = []
        for shard in manifest.shards {
            let fetched = try await CloudCatalog.shard(shard, in: store, layout: layout)
            if fetched.map({ ContentHash.sha256(of: $0.bytes) }) != shard.sha256 {
                problems.append("shard \(shard.index) does not match the manifest")
            }
        }
        return problems
    }

    /// Tells a loop in another task to stop after its current round (cancelling it would
    /// cancel its request half-way).
    final class Flag: Sendable {
        private let value = Mutex(false)
        var isSet: Bool { value.withLock { $0 } }
        func set() { value.withLock { $0 = true } }
    }

    func md5s(_ paths: [String]) throws -> Set<String> {
        Set(try paths.map { try ContentHash.md5(ofFileAt: $0) })
    }

    @Test("A merge overtaken between its read and its write merges again on top and loses nothing", arguments: StoreKind.allCases)
    func aMergeOvertakenBetweenItsReadAndItsWriteMergesAgainOnTopAndLosesNothing(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let deviceA = try makeEngine(in: folder, device: "a")
        let deviceB = try makeEngine(in: folder, device: "b")
        let paths = try await makePhotos(5, in: folder)
        // A catalog exists, so the manifest is swapped with If-Match.
        #expect(try await service(store, deviceB).backUp([paths[0]]).catalogFailure == nil)

        // A reader checks the catalog over and over while the devices merge.
        let layout = layout
        let stop = Flag()
        let reader = Task {
            var reads = 0
            while !stop.isSet {
                let found = try await Self.problems(in: store, layout: layout)
                if !found.isEmpty { return (reads, found) }
                reads += 1
                // The folder store answers without suspending: let the devices have the thread.
                await Task.yield()
            }
            return (reads, [String]())
        }

        // Device A reads the manifest and is held before its first write…
        let held = InterleavingStore(store, layout: layout)
        let serviceA = service(held, deviceA)
        let runA = Task { try await serviceA.backUp(Array(paths[1...2])) }
        await held.waitUntilHeld()
        #expect(try await Self.problems(in: store, layout: layout).isEmpty)
        // …device B reads, merges and writes meanwhile…
        let reportB = try await service(store, deviceB).backUp(Array(paths[3...4]))
        #expect(reportB.catalogFailure == nil && reportB.failed.isEmpty, "\(reportB.failed)")
        #expect(try await Self.problems(in: store, layout: layout).isEmpty)
        // …then A writes what it merged from the catalog it read.
        await held.release()
        let reportA = try await runA.value
        #expect(reportA.catalogFailure == nil && reportA.failed.isEmpty, "\(reportA.catalogFailure ?? "") \(reportA.failed)")
        #expect(await held.refusedManifestWrites == 1, "A's write on top of the manifest it read was refused, then merged again")

        stop.set()
        let (reads, seen) = try await reader.value
        #expect(seen.isEmpty, "a reader saw \(seen) after \(reads) consistent reads")
        #expect(reads > 0)
        #expect(try await Self.problems(in: store, layout: layout).isEmpty)
        let listed = try await CloudCatalog(store: store, layout: layout).load().entries
        #expect(Set(listed.map(\.md5)) == (try md5s(paths)), "both devices' photos are in the catalog")
        #expect(listed.count == 5)
    }

    @Test("A store that ignores conditions is found out and merged under a lease", arguments: StoreKind.allCases)
    func aStoreThatIgnoresConditionsIsFoundOutAndMergedUnderALease(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let careless = InterleavingStore(store, layout: layout, holdingAfterManifestRead: false, ignoresConditions: true)
        #expect(try await CloudCatalog(store: store, layout: layout).honoursConditions())
        #expect(try await !CloudCatalog(store: careless, layout: layout).honoursConditions())
        #expect(try await store.listAll(prefix: layout.catalogPrefix).isEmpty, "the probe leaves nothing behind")

        let paths = try await makePhotos(6, in: folder)
        let deviceA = try makeEngine(in: folder, device: "a")
        let deviceB = try makeEngine(in: folder, device: "b")
        async let one = service(careless, deviceA).backUp(Array(paths[..<3]))
        async let other = service(careless, deviceB).backUp(Array(paths[3...]))
        let reports = try await [one, other]
        #expect(reports.allSatisfy { $0.catalogFailure == nil && $0.failed.isEmpty }, "\(reports.map(\.catalogFailure))")
        let listed = try await CloudCatalog(store: store, layout: layout).load().entries
        #expect(Set(listed.map(\.md5)) == (try md5s(paths)))
        #expect(try await store.head(layout.catalogLease) == nil, "the lease is released")
        #expect(try await Self.problems(in: store, layout: layout).isEmpty)
    }

    func entries(_ count: Int, from start: Int) -> [CatalogEntry] {
        (start..<start + count).map { number in
            let md5 = ContentHash.md5(of: Array("photo \(number)".utf8))
            return CatalogEntry(md5: md5, filename: "IMG_\(number).JPG", size: Int64(1000 + number), photoDate: 0, modified: 0)
        }
    }

    @Test("Shards no manifest names are removed only after the grace time") func shardsNoManifestNamesAreRemovedOnlyAfterTheGraceTime() async throws {
        let folder = try TemporaryDirectory()
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        var patient = CloudCatalog(store: store, layout: layout, timing: Self.quick)
        try await patient.merge(entries(40, from: 0))
        let first = try await patient.read()
        try await patient.merge(entries(40, from: 40))
        // A reader still using the first manifest finds its shards.
        for shard in try #require(first.manifest).shards {
            #expect(try await store.get(layout.shard(shard.index, sha256: shard.sha256)) != nil)
        }
        let stored = try await store.listAll(prefix: layout.shardsPrefix).count
        #expect(stored > 16)

        patient.timing.shardGrace = .zero
        try await patient.merge(entries(1, from: 80))
        let manifest = try #require(try await patient.read().manifest)
        let kept = Set(try await store.listAll(prefix: layout.shardsPrefix).map(\.key))
        #expect(kept == Set(manifest.shards.map { layout.shard($0.index, sha256: $0.sha256) }))
        #expect(try await patient.load().entries.count == 81)
    }

    @Test("A reader of the seeds' layout finds every row: after each merge, 0.csv … f.csv match the manifest", arguments: StoreKind.allCases)
    func seedsLayoutReader(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let catalog = CloudCatalog(store: store, layout: layout, timing: Self.quick)
        for round in 0..<2 {
            try await catalog.merge(entries(40, from: 40 * round))
            // As the original app reads it: the manifest, then each shard it lists under its fixed key.
            let manifest = try CloudCatalogSync.validatedManifest(try #require(try await store.get(layout.manifest)), key: layout.manifest)
            var rows = 0
            for shard in manifest.shards {
                let bytes = try #require(try await store.get(layout.shard(shard.index)), "round \(round): \(layout.shard(shard.index)) is missing")
                #expect(ContentHash.sha256(of: bytes) == shard.sha256, "round \(round): shard \(shard.index) does not match the manifest")
                rows += CatalogCSV.decode(bytes).entries.count
            }
            #expect(rows == 40 * (round + 1) && manifest.photoCount == rows)
        }
    }

    @Test("A catalog of the old layout is read, synced and merged into the new one") func aCatalogOfTheOldLayoutIsReadSyncedAndMergedIntoTheNewOne()
        async throws
    {
        let folder = try TemporaryDirectory()
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        let old = entries(30, from: 0)
        let (shards, manifest) = FolderCatalog.render(old, previous: nil)
        for (index, bytes) in shards.enumerated() {
            _ = try await store.put(layout.shard(index), body: bytes, options: PutOptions())
        }
        _ = try await store.put(layout.manifest, body: try manifest.propertyList(), options: PutOptions())
        let catalog = CloudCatalog(store: store, layout: layout, timing: Self.quick)
        #expect(try await catalog.load().entries.count == 30)
        let synced = try await makeEngine(in: folder).cloudSync(store: store, userID: Self.userID).sync()
        #expect(synced.error == nil && synced.photoCount == 30, "\(synced)")

        try await catalog.merge(entries(1, from: 30))
        #expect(try await catalog.load().entries.count == 31)
        let written = try #require(try await catalog.read().manifest)
        for shard in written.shards {
            #expect(try await store.get(layout.shard(shard.index, sha256: shard.sha256)) != nil, "shard \(shard.index) content-addressed")
        }
    }
}
