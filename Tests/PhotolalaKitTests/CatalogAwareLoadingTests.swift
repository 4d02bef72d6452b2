import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("Listing a folder from its catalog")
struct CatalogAwareLoadingTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    /// Writes `count` distinct small JPEGs named `IMG_0000.jpg` …, taken at `taken` when given
    /// (EXIF DateTimeOriginal, UTC).
    private func makePhotos(_ count: Int, from start: Int = 0, taken: String? = nil) async throws {
        var seed = try Data(contentsOf: try await Fixtures.file("orientation6.jpg"))
        if let taken {
            let dated = folder.path("dated-seed.jpg")
            try seed.write(to: URL(fileURLWithPath: dated))
            try await Shell.run("exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=\(taken)", "-OffsetTimeOriginal=+00:00", dated])
            seed = try Data(contentsOf: URL(fileURLWithPath: dated))
        }
        for index in start..<start + count {
            var bytes = seed
            bytes.append(contentsOf: withUnsafeBytes(of: UInt32(index).bigEndian, Array.init))
            try bytes.write(to: URL(fileURLWithPath: photos + String(format: "/IMG_%04d.jpg", index)))
        }
    }

    private func list(_ listing: LocalFolderListing) async throws -> (batches: [Int], names: Set<String>) {
        var batches: [Int] = []
        var names = Set<String>()
        for try await batch in listing.listFolder() {
            batches.append(batch.count)
            names.formUnion(batch.map(\.item.displayName))
        }
        return (batches, names)
    }

    @Test("A folder of 100 photos or more is catalogued in the background after its first listing")
    func catalogAfterFirstListing() async throws {
        try await makePhotos(120)
        let source = try engine.folderListing(photos)
        let first = try await list(source)
        #expect(first.names.count == 120)
        await source.settle()
        let catalog = try engine.catalog(of: photos).load()
        #expect(catalog.entries.count == 120)
        #expect(catalog.problems.isEmpty)
    }

    @Test("A folder whose manifest nests 10,000 arrays deep lists from the folder itself, and its catalog is rebuilt")
    func hostileManifest() async throws {
        try await makePhotos(120)
        let source = try engine.folderListing(photos)
        _ = try await list(source)
        await source.settle()
        let catalog = engine.catalog(of: photos)
        try Data(HostileDocuments.nestedXMLPropertyList(depth: 10_000)).write(to: URL(fileURLWithPath: catalog.ownDirectory + "/manifest.plist"))

        let again = try await list(try engine.folderListing(photos))
        #expect(again.names.count == 120)
        for try await _ in engine.catalogBuilder(jobs: 2).build(folder: try engine.localSource(root: photos)) {}
        #expect(try catalog.verify().isEmpty)
        #expect(try catalog.load().entries.count == 120)
    }

    @Test("Photos first listed with their files' times are announced with their photo dates once the catalog is built")
    func catalogDatesAnnounced() async throws {
        try await makePhotos(120, taken: "2019:07:14 09:30:00")
        let source = try engine.folderListing(photos)
        var changes = source.changes().makeAsyncIterator()
        var listed: [ListedPhoto] = []
        for try await batch in source.listFolder() {
            listed += batch
        }
        let taken: Int64 = 1_563_096_600  // 2019-07-14 09:30:00 UTC
        #expect(listed.count == 120 && !listed.contains { $0.date == taken })
        await source.settle()
        guard case .updated(let items)? = await changes.next() else {
            Issue.record("no update announced after the catalog was built")
            return
        }
        #expect(Set(items.map(\.displayName)) == Set(listed.map(\.item.displayName)))
        let redated = source.listedPhotos(for: items)
        #expect(redated.count == 120 && redated.allSatisfy { $0.date == taken && $0.width != nil })
    }

    @Test("A big uncatalogued folder is listed by file time at once, then dated from EXIF by a follow-up pass before its catalog")
    func headerDatesFollow() async throws {
        try await makePhotos(120, taken: "2019:07:14 09:30:00")
        let source = try engine.folderListing(photos)
        var changes = source.changes().makeAsyncIterator()
        var listed: [ListedPhoto] = []
        for try await batch in source.listFolder() {
            listed += batch
        }
        #expect(listed.count == 120 && listed.allSatisfy { $0.dateSource == .file })
        guard case .updated(let items)? = await changes.next() else {
            Issue.record("no update announced by the follow-up pass")
            return
        }
        #expect(items.count == 120)
        let redated = source.listedPhotos(for: items)
        #expect(redated.count == 120 && redated.allSatisfy { $0.date == 1_563_096_600 && $0.dateSource == .exif })
    }

    @Test("A small uncatalogued folder is dated from EXIF before its rows are handed out")
    func smallFolderDated() async throws {
        try await makePhotos(20, taken: "2019:07:14 09:30:00")
        let source = try engine.folderListing(photos)
        var listed: [ListedPhoto] = []
        for try await batch in source.listFolder() {
            listed += batch
        }
        #expect(listed.count == 20 && listed.allSatisfy { $0.date == 1_563_096_600 && $0.offset == 0 && $0.dateSource == .exif })
    }

    @Test("A folder of fewer than 100 photos is not catalogued by browsing")
    func smallFolder() async throws {
        try await makePhotos(20)
        let source = try engine.folderListing(photos)
        #expect(try await list(source).names.count == 20)
        await source.settle()
        #expect(engine.catalog(of: photos).existingDirectory == nil)
    }

    @Test("The next visit lists from the catalog, then the reconcile finds a photo added, removed and changed, not one touched")
    func reconcile() async throws {
        try await makePhotos(150)
        let first = try engine.folderListing(photos)
        _ = try await list(first)
        await first.settle()

        try await makePhotos(1, from: 500)
        try FileManager.default.removeItem(atPath: photos + "/IMG_0003.jpg")
        try Data(contentsOf: try await Fixtures.file("photo.gif")).write(to: URL(fileURLWithPath: photos + "/IMG_0007.jpg"))
        let touched = photos + "/IMG_0009.jpg"
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -86_400)], ofItemAtPath: touched)

        let second = try engine.folderListing(photos)
        var changes = second.changes().makeAsyncIterator()
        let listed = try await list(second)
        // Straight from the catalog: as the folder was, first 200 at once, then the rest.
        #expect(listed.names.count == 150)
        #expect(listed.names.contains("IMG_0003.jpg") && !listed.names.contains("IMG_0500.jpg"))
        #expect(listed.batches == [150])

        await second.settle()
        var seen: [PhotoSourceChange] = []
        for _ in 0..<3 {
            if let change = await changes.next() { seen.append(change) }
        }
        let id = { (name: String) in LocalItemID.make(relativePath: name) }
        #expect(seen.contains(.added([PhotoItem(id: id("IMG_0500.jpg"), displayName: "IMG_0500.jpg")])))
        #expect(seen.contains(.removed([id("IMG_0003.jpg")])))
        #expect(seen.contains(.updated([PhotoItem(id: id("IMG_0007.jpg"), displayName: "IMG_0007.jpg")])))

        // The catalog was brought up to date.
        let names = Set(try engine.catalog(of: photos).load().entries.map(\.filename))
        #expect(names.count == 150 && names.contains("IMG_0500.jpg") && !names.contains("IMG_0003.jpg"))
    }

    @Test("Large catalogs arrive as 200, then everything else")
    func batching() async throws {
        try await makePhotos(450)
        let first = try engine.folderListing(photos)
        _ = try await list(first)
        await first.settle()
        let listed = try await list(try engine.folderListing(photos))
        #expect(listed.batches == [200, 250])
    }

    @Test("The catalog answers which photos have an MD5")
    func photosByMD5() async throws {
        try await makePhotos(100)
        try FileManager.default.copyItem(atPath: photos + "/IMG_0042.jpg", toPath: photos + "/copy of 42.jpg")
        _ = try await engine.catalogBuilder(jobs: 2).build(folder: try engine.localSource(root: photos)).reduce(0) { count, _ in count + 1 }
        let md5 = try ContentHash.md5(ofFileAt: photos + "/IMG_0042.jpg")
        let source = try engine.folderListing(photos)
        #expect(Set(try source.items(withMD5: md5).map(\.displayName)) == ["IMG_0042.jpg", "copy of 42.jpg"])
    }

    @Test("Network folders reuse their listing for five minutes, keyed by the catalog's directory UUID")
    func networkListingCache() async throws {
        try await makePhotos(120)
        _ = try await engine.catalogBuilder(jobs: 2).build(folder: try engine.localSource(root: photos)).reduce(0) { count, _ in count + 1 }
        let context = engine.catalogContext
        let share = try LocalPhotoSource(root: photos, files: engine.fileReader, catalogs: context, volume: .network)
            .folderListing(id: LocalPhotoSource.rootFolderID)
        _ = try await list(share)
        await share.settle()

        try await makePhotos(1, from: 900)
        let again = try LocalPhotoSource(root: photos, files: engine.fileReader, catalogs: context, volume: .network)
            .folderListing(id: LocalPhotoSource.rootFolderID)
        let listed = try await list(again)
        #expect(listed.names.count == 120, "served from the five-minute cache, without reading the share")

        let uuid = try engine.catalog(of: photos).load().manifest.directoryUUID
        #expect(await context.networkListings.listing(directoryUUID: uuid)?.count == 120)
        #expect(await context.networkListings.listing(directoryUUID: uuid, now: Date(timeIntervalSinceNow: 301)) == nil)
        #expect(VolumeKind(path: folder.path) == .local)
    }
}
