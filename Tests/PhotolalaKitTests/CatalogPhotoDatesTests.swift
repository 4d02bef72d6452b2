import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("Catalogued listings keep the photos' own dates and offsets")
struct CatalogPhotoDatesTests: WorkspaceSuite {
    let workspace: TestWorkspace

    /// 2019-07-14 09:30:00 on the camera's clock.
    static let clock: Int64 = 1_563_096_600
    static let offset = 9 * 3_600

    init() throws {
        workspace = try TestWorkspace()
    }

    /// Writes `count` distinct small JPEGs `IMG_0000.jpg` …, all taken at ``clock``: the odd ones
    /// record OffsetTimeOriginal +09:00, the even ones no offset (a floating clock time).
    private func makePhotos(_ count: Int) async throws {
        let original = try Data(contentsOf: try await Fixtures.file("orientation6.jpg"))
        var seeds: [Data] = []
        for tags in [["-DateTimeOriginal=2019:07:14 09:30:00"], ["-DateTimeOriginal=2019:07:14 09:30:00", "-OffsetTimeOriginal=+09:00"]] {
            let path = folder.path("seed.jpg")
            try original.write(to: URL(fileURLWithPath: path))
            try await Shell.run("exiftool", ["-q", "-overwrite_original"] + tags + [path])
            seeds.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        for index in 0..<count {
            var bytes = seeds[index % 2]
            bytes.append(contentsOf: withUnsafeBytes(of: UInt32(index).bigEndian, Array.init))
            try bytes.write(to: URL(fileURLWithPath: photos + String(format: "/IMG_%04d.jpg", index)))
        }
    }

    private func buildCatalog(with engine: Engine) async throws {
        for try await _ in engine.catalogBuilder(jobs: 2).build(folder: try engine.localSource(root: photos)) {}
    }

    private func listing(_ listing: LocalFolderListing) async throws -> [String: ListedPhoto] {
        var listed: [String: ListedPhoto] = [:]
        for try await batch in listing.listFolder() {
            for photo in batch {
                listed[photo.item.displayName] = photo
            }
        }
        return listed
    }

    /// Whether `photo` shows the camera's clock time of photo `name`, with its offset when it
    /// records one.
    private static func isDated(_ photo: ListedPhoto?, as name: String) -> Bool {
        let zoned = (Int(name.dropFirst(4).prefix(4)) ?? 0) % 2 == 1
        return photo?.dateSource == .exif && photo?.offset == (zoned ? offset : nil)
            && photo?.date == (zoned ? clock - Int64(offset) : clock)
    }

    @Test("A catalogued folder of 100 photos or more lists the offsets its photos record, without reading them")
    func bigFolderKeepsOffsets() async throws {
        try await makePhotos(120)
        try await buildCatalog(with: engine)
        // One photo's offset rewritten in place, its size and time kept: reading it now would
        // find +05:00; the listing shows what the build recorded.
        let rewritten = photos + "/IMG_0001.jpg"
        let time = try FileStatus(path: rewritten).modificationDate
        var bytes = try Data(contentsOf: URL(fileURLWithPath: rewritten))
        let recorded = try #require(bytes.range(of: Data("+09:00".utf8)))
        bytes.replaceSubrange(recorded, with: Data("+05:00".utf8))
        try bytes.write(to: URL(fileURLWithPath: rewritten))
        try FileManager.default.setAttributes([.modificationDate: time], ofItemAtPath: rewritten)
        #expect(HeaderDate.read(atPath: rewritten)?.offset == 5 * 3_600)

        let listed = try await listing(try engine.folderListing(photos))
        #expect(listed.count == 120)
        #expect(listed.allSatisfy { Self.isDated($0.value, as: $0.key) && $0.value.width != nil })
        // As `info --json` says of a photo with an offset and of one without.
        for name in ["IMG_0002.jpg", "IMG_0003.jpg"] {
            let info = PhotoMetadataJSON(try await engine.metadata(ofFileAt: photos + "/" + name))
            let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(info)) as? [String: Any])
            let row = try #require(listed[name])
            #expect(json["photoDate"] as? Int64 == row.date && json["photoDateOffset"] as? Int == row.offset, "\(name)")
            #expect(json["dateSource"] as? String == row.dateSource?.rawValue, "\(name)")
        }
    }

    @Test("A big folder catalogued on another device lists at once, then a follow-up pass reads and records the offsets", .timeLimit(.minutes(5)))
    func otherDeviceCatalog() async throws {
        try await makePhotos(120)
        try await buildCatalog(with: try makeEngine(in: folder, device: "other"))

        let source = try engine.folderListing(photos)
        var changes = source.changes().makeAsyncIterator()
        let first = try await listing(source)
        // Listed from the catalog before any file is read: the floating times are right, the
        // offsets are not known yet.
        #expect(first.count == 120 && first.values.allSatisfy { $0.offset == nil && $0.width != nil })
        guard case .updated(let items)? = await changes.next() else {
            Issue.record("no update announced by the follow-up pass")
            return
        }
        #expect(Set(items.map(\.displayName)) == Set(first.keys.filter { Self.isDated(first[$0], as: $0) == false }))
        #expect(items.count == 60)
        let redated = source.listedPhotos(for: items)
        #expect(redated.count == 60 && redated.allSatisfy { Self.isDated($0, as: $0.item.displayName) })
        await source.settle()

        // What was read is recorded: the next listing has the offsets at once.
        let again = try await listing(try engine.folderListing(photos))
        #expect(again.count == 120 && again.allSatisfy { Self.isDated($0.value, as: $0.key) })
    }

    @Test("A small folder catalogued on another device reads the offsets before its rows go out")
    func otherDeviceSmallCatalog() async throws {
        try await makePhotos(20)
        try await buildCatalog(with: try makeEngine(in: folder, device: "other"))
        let listed = try await listing(try engine.folderListing(photos))
        #expect(listed.count == 20 && listed.allSatisfy { Self.isDated($0.value, as: $0.key) && $0.value.width != nil })
    }

    @Test("A catalog written by another process after the listing is announced, and changes no photo's date", .timeLimit(.minutes(5)))
    func catalogWrittenElsewhere() async throws {
        try await makePhotos(20)
        let source = try engine.folderListing(photos)
        let before = try await listing(source)
        #expect(before.count == 20 && before.allSatisfy { Self.isDated($0.value, as: $0.key) && $0.value.width == nil })
        await source.settle()
        var changes = source.changes().makeAsyncIterator()

        source.refreshCatalog()
        await source.settle()
        try await buildCatalog(with: engine)
        source.refreshCatalog()
        await source.settle()
        guard case .updated(let items)? = await changes.next() else {
            Issue.record("the new catalog was not announced")
            return
        }
        // The first look found the catalog as listed and announced nothing: this is the new one.
        #expect(items.count == 20)
        let after = source.listedPhotos(for: items)
        #expect(after.count == 20)
        for photo in after {
            let listed = try #require(before[photo.item.displayName])
            #expect(photo.date == listed.date && photo.offset == listed.offset && photo.dateSource == listed.dateSource)
            #expect(photo.width != nil, "listed from the catalog")
        }
    }

    @Test("Recorded dates come back in the order asked, and a name that is no MD5 (quotes, brackets) matches nothing")
    func recordedDatesLookup() {
        let dates = PhotoDateIndex(database: engine.database)
        let zoned = String(repeating: "a", count: 32)
        let undated = String(repeating: "b", count: 32)
        dates.record([(zoned, .taken(HeaderDate(seconds: Self.clock, offset: Self.offset))), (undated, .undated)])
        let hostile = "\"]' OR 1=1 --"
        #expect(
            dates.dates(ofMD5s: [undated, hostile, String(repeating: "c", count: 32), zoned])
                == [.undated, nil, nil, .taken(HeaderDate(seconds: Self.clock, offset: Self.offset))])
    }

    @Test("A folder's dates read by walking the table (most of what is recorded) equal those looked up one by one (a few among many)")
    func recordedDatesWalkedAndLookedUp() {
        let dates = PhotoDateIndex(database: engine.database)
        var generator = SystemRandomNumberGenerator()
        let recorded = (0..<30_000).map { index -> (md5: String, date: PhotoDateIndex.Recorded) in
            let md5 = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
            return (
                md5, index % 3 == 0 ? .undated : .taken(HeaderDate(seconds: Self.clock + Int64(index), offset: index % 2 == 0 ? Self.offset : nil))
            )
        }
        dates.record(recorded)
        let known = Dictionary(recorded.map { ($0.md5, $0.date) }, uniquingKeysWith: { first, _ in first })
        let unknown = (0..<500).map { _ in String(repeating: "0", count: 8) + String(generator.next() as UInt64, radix: 16).leftPadded(to: 24) }

        // All of them, in MD5 order as a catalog gives them, with copies and contents never read.
        let folder = (recorded.map(\.md5) + recorded.prefix(300).map(\.md5) + unknown).sorted()
        #expect(Self.wrong(dates.dates(ofMD5s: folder), folder.map { known[$0] }) == 0)
        // A few among many, in no order: each looked up.
        let few = Array(recorded.map(\.md5).shuffled().prefix(800)) + unknown.prefix(50)
        #expect(Self.wrong(dates.dates(ofMD5s: few), few.map { known[$0] }) == 0)
        // Most of them in no order, with names that are no MD5: sorted first, then walked.
        let shuffled = (folder + ["\"]' OR 1=1 --", String(repeating: "z", count: 32), "A" + recorded[0].md5.dropFirst()]).shuffled()
        #expect(Self.wrong(dates.dates(ofMD5s: shuffled), shuffled.map { known[$0] }) == 0)
    }

    /// How many dates differ from those expected (a count, where the lists themselves would
    /// print tens of thousands of rows).
    private static func wrong(_ dates: [PhotoDateIndex.Recorded?], _ expected: [PhotoDateIndex.Recorded?]) -> Int {
        dates.count == expected.count ? zip(dates, expected).filter { $0 != $1 }.count : max(dates.count, expected.count)
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
