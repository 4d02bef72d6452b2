import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Live Photos whose still and movie were renamed apart, paired by the content identifier both
/// carry: MakerApple tag 17 in the still, `com.apple.quicktime.content.identifier` in the movie.
@Suite("Live Photos paired by Apple's content identifier")
struct LivePhotoIdentifierTests {
    /// The renamed pair of `make-pairs.sh`, and the pair named alike.
    static let stills = [("IMG_0061.HEIC", "IMG_0061 (1).MOV"), ("IMG_0042.JPG", "IMG_0042.MOV")]

    /// exiftool's value of one tag, as printed by `-s3`.
    private func exiftool(_ tag: String, _ path: String) async throws -> String {
        try await Shell.run("exiftool", ["-s3", tag, path]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("The still's maker note (JPEG APP1, HEIC Exif item) and the movie's key read as exiftool reads them")
    func readsAsExiftool() async throws {
        let pairs = try await Fixtures.pairs()
        let workspace = try TestWorkspace()
        for (still, movie) in Self.stills {
            let stillPath = pairs.appendingPathComponent(still).path
            // exiftool 12.19 renamed MakerNotes:ContentIdentifier to MediaGroupUUID.
            let expected = try await exiftool("-MakerNotes:MediaGroupUUID", stillPath)
            #expect(expected.count == 36, "\(still)")
            // From the first bytes, as a listing reads them, and from libvips' EXIF, as a thumbnail or a catalog build does.
            #expect(HeaderDate.exif(atPath: stillPath)?.liveIdentifier == expected, "\(still)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: stillPath)))
            #expect(try workspace.engine.imaging.inspect(bytes, name: stillPath).exif?.liveIdentifier == expected, "\(still)")
            let moviePath = pairs.appendingPathComponent(movie).path
            #expect(try VideoHeader.read(atPath: moviePath, format: .mov).contentIdentifier == expected, "\(movie)")
            #expect(try await exiftool("-Keys:ContentIdentifier", moviePath) == expected, "\(movie)")
        }
        for other in ["IMG_0050.JPG", "DSC_0100.JPG", "solo.JPG"] {
            #expect(HeaderDate.exif(atPath: pairs.appendingPathComponent(other).path)?.liveIdentifier == nil, "\(other)")
        }
    }

    /// An Apple maker note as `apple-maker-note.py` writes it, with what a test changes.
    private func note(
        identifier: String = "8B3E6A1C-2F0D-4C5B-9E7A-1D2C3B4A5F60", entries: UInt16 = 2, type: UInt16 = 2, offset: UInt32? = nil,
        order: [UInt8] = Array("MM".utf8)
    ) -> [UInt8] {
        let text = Array(identifier.utf8) + [0]
        let bigEndian = order == Array("MM".utf8)
        func bytes<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
            withUnsafeBytes(of: bigEndian ? value.bigEndian : value.littleEndian, Array.init)
        }
        var note = Array("Apple iOS\0".utf8) + [0, 1] + order + bytes(entries)
        note += bytes(UInt16(1)) + bytes(UInt16(9)) + bytes(UInt32(1)) + bytes(UInt32(14))
        note += bytes(UInt16(0x11)) + bytes(type) + bytes(UInt32(text.count)) + bytes(offset ?? UInt32(14 + 2 + 24 + 4))
        return note + bytes(UInt32(0)) + text
    }

    @Test("A damaged or hostile maker note gives no identifier and never traps")
    func hostileNotes() {
        #expect(AppleMakerNote.contentIdentifier(in: note()[...]) == "8B3E6A1C-2F0D-4C5B-9E7A-1D2C3B4A5F60")
        #expect(AppleMakerNote.contentIdentifier(in: note(order: Array("II".utf8))[...]) == "8B3E6A1C-2F0D-4C5B-9E7A-1D2C3B4A5F60")
        #expect(AppleMakerNote.contentIdentifier(in: note(order: Array("XX".utf8))[...]) == nil, "no byte order")
        #expect(AppleMakerNote.contentIdentifier(in: ([0x4E] + note().dropFirst())[...]) == nil, "not Apple's")
        #expect(AppleMakerNote.contentIdentifier(in: note(entries: 0xFFFF)[...]) == nil, "more entries than a note has")
        #expect(AppleMakerNote.contentIdentifier(in: note(offset: 0xFFFF_FFF0)[...]) == nil, "a value past the note")
        #expect(AppleMakerNote.contentIdentifier(in: note(type: 7)[...]) == nil, "not text")
        #expect(AppleMakerNote.contentIdentifier(in: note(identifier: String(repeating: "A", count: 200))[...]) == nil, "too long")
        #expect(AppleMakerNote.contentIdentifier(in: note(identifier: "8B3E 6A1C")[...]) == nil, "not printable")
        // Every truncation, and bytes flipped anywhere: no trap, and nothing but printable ASCII.
        let whole = note()
        for length in 0..<whole.count {
            #expect(AppleMakerNote.contentIdentifier(in: whole.prefix(length)) == nil)
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2_000 {
            var damaged = whole
            for _ in 0..<3 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                damaged[Int(state >> 33) % damaged.count] = UInt8(truncatingIfNeeded: state >> 17)
            }
            let identifier = AppleMakerNote.contentIdentifier(in: damaged[...])
            #expect(identifier.map { $0.utf8.allSatisfy { (0x21...0x7E).contains($0) } && $0.utf8.count <= 64 } ?? true)
        }
        // A note inside a slice whose indices do not start at zero reads the same.
        #expect(AppleMakerNote.contentIdentifier(in: ([0xFF, 0xFF] + whole).dropFirst(2)) == "8B3E6A1C-2F0D-4C5B-9E7A-1D2C3B4A5F60")
    }

    @Test("A listing pairs a still and a QuickTime movie sharing an identifier; an MP4 or a still with a movie of its name does not")
    func rows() {
        let files: [(String, String?)] = [
            ("IMG_0001.HEIC", "A"), ("IMG_0001 (1).MOV", "A"), ("x.JPG", "B"), ("x.MOV", nil), ("y.MOV", "B"), ("z.mp4", "C"),
            ("z2.JPG", "C"), ("lone.MOV", "D"),
        ]
        let rows = files.enumerated().map { index, file in
            ListedPhoto(item: PhotoItem(id: "~" + file.0, displayName: file.0), date: Int64(index), size: 1, liveIdentifier: file.1)
        }
        let paired = Dictionary(
            FilePairing.pair(rows).map { ($0.item.displayName, $0.companions.map(\.item.displayName)) }, uniquingKeysWith: { first, _ in first })
        #expect(paired == ["IMG_0001.HEIC": ["IMG_0001 (1).MOV"], "x.JPG": ["x.MOV"], "y.MOV": [], "z.mp4": [], "z2.JPG": [], "lone.MOV": []])
    }

    /// One listing of the folder, by name.
    private func listing(_ engine: Engine, _ photos: String) async throws -> [String: ListedPhoto] {
        var listed: [String: ListedPhoto] = [:]
        for try await batch in try engine.folderListing(photos).listFolder() {
            for photo in batch {
                listed[photo.item.displayName] = photo
            }
        }
        return listed
    }

    private func expectPaired(_ listed: [String: ListedPhoto], _ comment: Comment) {
        #expect(listed.count == 7, comment)
        for (still, movie) in Self.stills {
            #expect(listed[still]?.companions.map(\.item.displayName) == [movie], comment)
            #expect(listed[still]?.companions.first?.companionRole == .live, comment)
            #expect(listed[movie] == nil, comment)
        }
        #expect(listed["IMG_0050.JPG"]?.companions.isEmpty == true, comment)
    }

    @Test("A renamed Live Photo is one item: uncatalogued, catalogued, and catalogued on a device that never read it")
    func listings() async throws {
        let folder = try TemporaryDirectory()
        let photos = folder.path("photos")
        try FileManager.default.copyItem(atPath: try await Fixtures.pairs().path, toPath: photos)
        let engine = try makeEngine(in: folder)
        expectPaired(try await listing(engine, photos), "uncatalogued: identifiers from the files' first bytes")

        for try await _ in engine.catalogBuilder(jobs: 1).build(folder: try engine.localSource(root: photos)) {}
        expectPaired(try await listing(engine, photos), "catalogued: identifiers the build recorded")

        let other = try makeEngine(in: folder, device: "other")
        expectPaired(try await listing(other, photos), "catalogued elsewhere: identifiers read with the dates")
    }

    /// A folder past the catalog threshold, so its first rows go out by file time and a
    /// follow-up pass reads them: the renamed pair and distinct copies of `solo.JPG`.
    private func bigFolder(in folder: TemporaryDirectory) async throws -> String {
        let photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        let pairs = try await Fixtures.pairs()
        for name in ["IMG_0061.HEIC", "IMG_0061 (1).MOV"] {
            try FileManager.default.copyItem(atPath: pairs.appendingPathComponent(name).path, toPath: photos + "/" + name)
        }
        let seed = try Data(contentsOf: pairs.appendingPathComponent("solo.JPG"))
        for index in 0..<LocalFolderListing.catalogThreshold + 20 {
            var bytes = seed
            bytes.append(contentsOf: withUnsafeBytes(of: UInt32(index).bigEndian, Array.init))
            try bytes.write(to: URL(fileURLWithPath: photos + String(format: "/P%04d.JPG", index)))
        }
        return photos
    }

    /// The big folder's rows once the session holds the pair joined, looked at once the listing
    /// has ended and the follow-up pass has finished. That pass reads at a lower priority, so
    /// beside the other suites on two cores it can take minutes; only the session's taking in
    /// of what it announced is given a deadline.
    private func rowsOnceJoined(_ listing: any FolderListing) async throws -> [String: ListedPhoto] {
        let session = FolderSession(
            listing: listing, describe: { PhotoFolder(id: LocalPhotoSource.rootFolderID, name: "photos", breadcrumb: [], folders: []) },
            watching: .init(watcher: nil, pollInterval: .seconds(60)), publish: { _ in })
        await session.start()
        defer { Task { await session.stop() } }
        while try await !session.items(from: .max, limit: 0).complete {}
        await listing.settle()
        return try await listedRows(of: session) { $0["IMG_0061.HEIC"]?.companions.isEmpty == false }
    }

    private func expectJoined(_ listed: [String: ListedPhoto]) {
        #expect(listed["IMG_0061.HEIC"]?.companions.map(\.item.displayName) == ["IMG_0061 (1).MOV"])
        #expect(listed["IMG_0061 (1).MOV"] == nil)
        #expect(listed.count == LocalFolderListing.catalogThreshold + 21)
    }

    @Test("An open big folder, listed before its files are read, joins the renamed pair once its follow-up pass has read them")
    func bigFolderJoinsThePair() async throws {
        let folder = try TemporaryDirectory()
        let engine = try makeEngine(in: folder)
        let photos = try await bigFolder(in: folder)
        expectJoined(try await rowsOnceJoined(try engine.localSource(root: photos).folderListing(id: LocalPhotoSource.rootFolderID)))
    }

    @Test("The pair is joined also when the follow-up pass announces it before the session has taken in the rows it names")
    func aChangeAheadOfItsRows() async throws {
        let folder = try TemporaryDirectory()
        let engine = try makeEngine(in: folder)
        let photos = try await bigFolder(in: folder)
        let source = try engine.localSource(root: photos).folderListing(id: LocalPhotoSource.rootFolderID)
        expectJoined(try await rowsOnceJoined(RowsBehindChanges(source: source)))
    }
}

/// A folder's listing whose rows reach the session only after the source has announced the
/// first change to them, as a loaded machine can order them: the source yields every batch,
/// starts its follow-up pass, and that pass announces before the session reads the batches.
private struct RowsBehindChanges: FolderListing {
    let source: LocalFolderListing

    func listFolder() -> AsyncThrowingStream<[ListedPhoto], any Error> {
        let announced = source.changes()
        let rows = source.listFolder()
        return AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    var batches: [[ListedPhoto]] = []
                    for try await batch in rows {
                        batches.append(batch)
                    }
                    for await change in announced {
                        if case .updated = change { break }
                    }
                    // Time for the session to take the change while its rows are still on the way.
                    try await Task.sleep(for: .milliseconds(500))
                    batches.forEach { continuation.yield($0) }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func changes() -> AsyncStream<PhotoSourceChange> { source.changes() }
    func listedPhotos(for items: [PhotoItem]) throws -> [ListedPhoto] { source.listedPhotos(for: items) }
    var pairing: FilePairing.Rule? { source.pairing }
    var watchedPath: String? { nil }
    func refresh() async throws {}
    func settle() async { await source.settle() }
}
