import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// RAW+JPEG pairs and Live Photos: the files of one folder shown as one item.
@Suite("Files shown as one item")
struct FilePairingTests {
    /// The groups among `names`, as `still: [companion: role]`.
    private func groups(_ names: [String]) -> [String: [String: FilePairing.Role]] {
        Dictionary(
            FilePairing.groups(ofNames: names).map { group in
                (names[group.primary], Dictionary(group.companions.map { (names[$0.index], $0.role) }, uniquingKeysWith: { first, _ in first }))
            }, uniquingKeysWith: { first, _ in first })
    }

    @Test("a RAW beside its JPEG or HEIC, and a still beside its QuickTime movie")
    func pairs() {
        #expect(groups(["DSC_0100.NEF", "DSC_0100.JPG"]) == ["DSC_0100.JPG": ["DSC_0100.NEF": .raw]])
        #expect(groups(["IMG_0042.HEIC", "IMG_0042.MOV"]) == ["IMG_0042.HEIC": ["IMG_0042.MOV": .live]])
        #expect(groups(["IMG_0042.jpg", "IMG_0042.mov"]) == ["IMG_0042.jpg": ["IMG_0042.mov": .live]])
        // Extensions in either case; every RAW of the name and one movie join the JPEG.
        #expect(groups(["a.CR3", "a.dng", "a.jpg", "a.MOV"]) == ["a.jpg": ["a.CR3": .raw, "a.dng": .raw, "a.MOV": .live]])
        // With no JPEG or HEIC, a RAW is the still of its Live Photo movie.
        #expect(groups(["b.DNG", "b.MOV"]) == ["b.DNG": ["b.MOV": .live]])
        // A JPEG is shown before a HEIC of the same name; the HEIC stays an item of its own.
        #expect(groups(["c.HEIC", "c.JPG", "c.CR2"]) == ["c.JPG": ["c.CR2": .raw]])
    }

    @Test("near misses stay items of their own")
    func nearMisses() {
        #expect(groups(["IMG_0050.JPG", "IMG_0050.mp4"]).isEmpty, "a Live Photo's movie is QuickTime")
        #expect(groups(["IMG_1.JPG", "img_1.CR3"]).isEmpty, "base names are compared as written")
        #expect(groups(["IMG_1.JPG", "IMG_1.JPG.CR3"]).isEmpty, "the base name is before the last extension")
        #expect(groups(["x.png", "x.CR3"]).isEmpty, "only a JPEG or a HEIC is shown for a RAW")
        #expect(groups(["y.CR3", "y.NEF"]).isEmpty, "RAWs alone")
        #expect(groups(["z.MOV"]).isEmpty)
        #expect(groups(["notes.txt", "notes.MOV"]).isEmpty)
        #expect(groups(["d.JPG", "d.MOV", "d.mov"]) == ["d.JPG": ["d.MOV": .live]], "one movie joins; the other is an item")
    }

    @Test("a listing folds companions into the row of the still shown, in place, the others as they were")
    func rows() {
        let names = ["a.JPG", "DSC_1.NEF", "b.JPG", "DSC_1.JPG", "IMG_2.MOV", "IMG_2.HEIC"]
        let rows = names.enumerated().map { index, name in
            ListedPhoto(item: PhotoItem(id: "~" + name, displayName: name), date: Int64(index), size: Int64(100 + index))
        }
        let paired = FilePairing.pair(rows)
        #expect(paired.map(\.item.displayName) == ["a.JPG", "b.JPG", "DSC_1.JPG", "IMG_2.HEIC"])
        #expect(paired[2].companions.map(\.item.displayName) == ["DSC_1.NEF"] && paired[2].companions[0].companionRole == .raw)
        #expect(paired[2].companions[0].size == 101, "the companion keeps its own facts")
        #expect(paired[3].companions.map(\.item.displayName) == ["IMG_2.MOV"] && paired[3].companions[0].companionRole == .live)
        #expect(paired[3].files.map(\.item.displayName) == ["IMG_2.HEIC", "IMG_2.MOV"])
        #expect(paired[0].companions.isEmpty)
    }

    @Test("in a backup, files of one base name pair only when taken at one moment")
    func moments() {
        let files: [(name: String, date: Int64)] = [
            ("IMG_1.JPG", 1_000), ("IMG_1.CR2", 1_000), ("IMG_1.MOV", 1_002), ("IMG_1.JPG", 9_000), ("IMG_1.MOV", 50_000), ("IMG_2.CR2", 7),
            ("IMG_2.MOV", 5), ("x.JPG", .max), ("x.MOV", .min),
        ]
        let rows = files.enumerated().map { index, file in
            ListedPhoto(item: PhotoItem(id: "\(index)", displayName: file.name), date: file.date, size: 1)
        }
        let paired = Dictionary(
            FilePairing.pair(rows, rule: .backup).map { ($0.item.id, $0.companions.map(\.item.id)) }, uniquingKeysWith: { first, _ in first })
        #expect(paired == ["0": ["1", "2"], "3": [], "4": [], "5": ["6"], "7": [], "8": []])
        // In one folder the names alone pair, whatever the dates.
        #expect(FilePairing.pair(rows).first { $0.item.id == "0" }?.companions.map(\.item.id) == ["1", "2"])
        #expect(FilePairing.pair(rows).first { $0.item.id == "7" }?.companions.map(\.item.id) == ["8"])
    }

    @Test("a batch of a scan is not cut between a RAW and its JPEG")
    func batches() {
        var listing = DirectoryContents()
        let names = (0..<199).map { String(format: "P%04d.JPG", $0) } + ["Q.CR3", "Q.JPG", "R.JPG"]
        listing.photos = names.map { ScannedPhoto(item: PhotoItem(id: "~" + $0, displayName: $0), folder: "/photos", status: nil) }
        var batcher = ProgressiveBatcher()
        let due = batcher.add(listing)
        #expect(due.map(\.photos.count) == [201])
        #expect(due.first?.photos.last?.item.displayName == "Q.JPG")
        #expect(batcher.finish()?.photos.map(\.item.displayName) == ["R.JPG"])
    }
}

/// An open folder keeps its pairs as files come and go.
@Suite("Pairs in an open folder")
struct FolderPairingTests {
    @Test("a RAW copied in joins its JPEG, a movie its still; a still deleted leaves its companions items of their own")
    func followsFiles() async throws {
        let workspace = try TestWorkspace()
        for name in ["DSC_0100.JPG", "IMG_0042.JPG", "solo.JPG"] {
            try await Fixtures.datedPhoto(at: workspace.photos + "/" + name, tags: ["-DateTimeOriginal=2024:06:01 10:00:00"])
        }
        // The RAW's bytes do not matter to pairing, which goes by name.
        try await Fixtures.datedPhoto(at: workspace.folder.path("raw.jpg"), tags: [])
        try FileManager.default.moveItem(atPath: workspace.folder.path("raw.jpg"), toPath: workspace.photos + "/DSC_0100.NEF")
        let source = try workspace.engine.localSource(root: workspace.photos).folderListing(id: LocalPhotoSource.rootFolderID)
        let events = EventLog()
        let session = FolderSession(
            listing: source, describe: { PhotoFolder(id: LocalPhotoSource.rootFolderID, name: "photos", breadcrumb: [], folders: []) },
            // Watched through inotify: a poll backs off to ten times a rescan's duration, long on a loaded machine.
            watching: .init(watcher: FolderWatcher(), pollInterval: .milliseconds(100)), publish: { await events.record($0) })
        await session.start()
        defer { Task { await session.stop() } }

        let listed = try await listedRows(of: session) { $0.count == 3 }
        #expect(listed.keys.sorted() == ["DSC_0100.JPG", "IMG_0042.JPG", "solo.JPG"])
        #expect(listed["DSC_0100.JPG"]?.companions.map(\.item.displayName) == ["DSC_0100.NEF"])

        // A Live Photo's movie arrives: the still's row is updated, no item is added.
        let videos = try await Fixtures.videos()
        try FileManager.default.copyItem(atPath: videos.appendingPathComponent("iphone.mov").path, toPath: workspace.photos + "/IMG_0042.MOV")
        let joined = try await listedRows(of: session) { $0["IMG_0042.JPG"]?.companions.isEmpty == false }
        #expect(joined.count == 3)
        #expect(joined["IMG_0042.JPG"]?.companions.map(\.item.displayName) == ["IMG_0042.MOV"])
        #expect(joined["IMG_0042.JPG"]?.companions.first?.kind == .video)
        let arrival = await events.changes()
        #expect(arrival.added.isEmpty && arrival.removed.isEmpty)
        #expect(Set(arrival.updated) == ["IMG_0042.JPG"])

        // The JPEG of the RAW+JPEG pair is deleted: the RAW is listed on its own.
        await events.clear()
        try FileManager.default.removeItem(atPath: workspace.photos + "/DSC_0100.JPG")
        let parted = try await listedRows(of: session) { $0["DSC_0100.NEF"] != nil }
        #expect(parted.keys.sorted() == ["DSC_0100.NEF", "IMG_0042.JPG", "solo.JPG"])
        #expect(parted["DSC_0100.NEF"]?.companions.isEmpty == true)
        let parting = await events.changes()
        #expect(parting.added == ["DSC_0100.NEF"] && parting.removed == ["~DSC_0100.JPG"])

        // The movie is deleted: the still is a photo of its own again.
        await events.clear()
        try FileManager.default.removeItem(atPath: workspace.photos + "/IMG_0042.MOV")
        let alone = try await listedRows(of: session) { $0["IMG_0042.JPG"]?.companions.isEmpty == true }
        #expect(alone["IMG_0042.JPG"]?.companions.isEmpty == true)
        #expect(Set(await events.changes().updated) == ["IMG_0042.JPG"])
    }
}

/// The change events a session published, by name (removed ones by id).
private actor EventLog {
    private var events: [FolderSession.Event] = []

    func record(_ event: FolderSession.Event) {
        events.append(event)
    }

    func clear() {
        events = []
    }

    func changes() -> (added: [String], removed: [String], updated: [String]) {
        var added: [String] = []
        var removed: [String] = []
        var updated: [String] = []
        for case .change(let new, let gone, let changed) in events {
            added += new.map(\.item.displayName)
            removed += gone
            updated += changed.map(\.item.displayName)
        }
        return (added, removed, updated)
    }
}
