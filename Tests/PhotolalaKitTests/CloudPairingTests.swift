import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Browsing a backup: a RAW+JPEG pair and a Live Photo backed up are one item each, with their
/// companions, as in their folder; files of one name taken at other times, which a backup of
/// many folders holds, stay apart.
@Suite("A backup's pairs in the Cloud source")
struct CloudPairingTests {
    static let userID = "7a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d"

    /// No syncs to follow: the test syncs itself.
    private struct Unfollowed: CloudCatalogFollowing {
        func catalogChanges() async -> AsyncStream<Void> { AsyncStream { $0.finish() } }
        func syncNow() async {}
        var isOffline: Bool { get async { false } }
    }

    /// The Cloud source's folder as a browser gets it: each item by its id, with the ids of its
    /// companions; no file is listed twice.
    private func items(_ source: CloudBackupReader) async throws -> [String: [String]] {
        var items: [String: [String]] = [:]
        var files: [String] = []
        for try await batch in CloudListing(photos: source, syncs: Unfollowed()).listFolder() {
            for item in batch {
                items[item.item.id] = item.companions.map(\.item.id)
                files += item.files.map(\.item.id)
            }
        }
        #expect(files.count == Set(files).count, "a file listed twice")
        return items
    }

    @Test(
        "A backed-up RAW+JPEG pair and Live Photos are one item each; a file of the same name taken another time is not",
        arguments: StoreKind.allCases)
    func pairs(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let photos = folder.path("photos")
        try FileManager.default.copyItem(atPath: try await Fixtures.pairs().path, toPath: photos)
        // Another folder, from years before, of a camera that gave its photos the same names.
        let earlier = folder.path("earlier")
        try FileManager.default.createDirectory(atPath: earlier, withIntermediateDirectories: true)
        try await Fixtures.datedPhoto(at: earlier + "/IMG_0042.JPG", tags: ["-DateTimeOriginal=2019:03:01 12:00:00"])
        try await Shell.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=25", "-t", "1", "-c:v",
                "libx264", "-pix_fmt", "yuv420p", "-metadata", "creation_time=2019-03-02T09:00:00Z", earlier + "/IMG_0042.MOV",
            ])
        let paths = try [photos, earlier].flatMap { directory in
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted().map { directory + "/" + $0 }
        }
        let engine = try makeEngine(in: folder, device: "a")
        let report = try await engine.backupService(store: store, userID: Self.userID).backUp(paths)
        #expect(report.failed.isEmpty && report.uploaded.count == paths.count, "\(report.failed)")
        var md5 = [String: String]()
        for path in paths {
            md5[path.hasPrefix(earlier) ? "earlier/" + FilePath.name(of: path) : FilePath.name(of: path)] = try ContentHash.md5(ofFileAt: path)
        }
        func id(_ name: String) -> String { md5[name] ?? name }

        // The device that backed them up read their content identifiers: the Live Photo renamed apart is one item too.
        let own = engine.cloudSource(store: store, userID: Self.userID)
        #expect(await own.sync.sync().error == nil)
        let listed = try await items(own)
        #expect(listed.count == 9, "12 files")
        #expect(listed[id("DSC_0100.JPG")] == [id("DSC_0100.NEF")])
        #expect(listed[id("IMG_0042.JPG")] == [id("IMG_0042.MOV")])
        #expect(listed[id("IMG_0061.HEIC")] == [id("IMG_0061 (1).MOV")])
        #expect(listed[id("earlier/IMG_0042.JPG")] == [], "taken on another day than the movie of its name")
        #expect(listed[id("earlier/IMG_0042.MOV")] == [])
        #expect(listed[id("IMG_0050.JPG")] == [] && listed[id("IMG_0050.mp4")] == [])

        // Another device, which never read the files, pairs them by name and moment.
        let other = try makeEngine(in: folder, device: "b").cloudSource(store: store, userID: Self.userID)
        #expect(await other.sync.sync().error == nil)
        let seen = try await items(other)
        #expect(seen[id("DSC_0100.JPG")] == [id("DSC_0100.NEF")])
        #expect(seen[id("IMG_0042.JPG")] == [id("IMG_0042.MOV")])
        #expect(seen[id("earlier/IMG_0042.JPG")] == [])
    }

    @Test("The first page of a big backup holds back a photo that may pair with one read later, and every file is listed once")
    func firstPage() {
        func row(_ id: String, _ name: String, _ date: Int64, _ identifier: String? = nil) -> ListedPhoto {
            ListedPhoto(item: PhotoItem(id: id, displayName: name), date: date, size: 1, liveIdentifier: identifier)
        }
        // Two ends of three: the oldest end's newest photo (date 100) is within a moment of a photo not read (102).
        let ends = [
            row("a", "A.JPG", 10), row("a2", "A2.JPG", 20), row("b", "B.JPG", 100), row("y", "Y.JPG", 900), row("y2", "Y2.JPG", 950),
            row("z", "Z.HEIC", 1_000, "L"),
        ]
        let settled = CloudListing.settled(ends, end: 3)
        #expect(
            settled.map(\.item.id) == ["a", "a2", "y2"], "b and y are near the ends' boundaries; z carries an identifier no other first photo carries"
        )
        let first = FilePairing.pair(settled, rule: .backup)
        let all = FilePairing.pair(ends + [row("c", "B.CR2", 102), row("m", "Z (1).MOV", 990, "L"), row("n", "Y.MOV", 5_000)], rule: .backup)
        let rest = CloudListing.rest(of: all, after: first)
        #expect(Set(rest.map(\.item.id)) == ["b", "y", "z", "n"])
        #expect(rest.first { $0.item.id == "b" }?.companions.map(\.item.id) == ["c"])
        #expect(rest.first { $0.item.id == "z" }?.companions.map(\.item.id) == ["m"])
        // Had a shown photo been paired later, its companion would come on its own: never twice, never lost.
        let late = CloudListing.rest(
            of: FilePairing.pair([row("a", "A.JPG", 10), row("r", "A.NEF", 10)], rule: .backup), after: [row("a", "A.JPG", 10)])
        #expect(late.map(\.item.id) == ["r"] && late[0].companions.isEmpty)
    }
}
