import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("Catalog v5.1 files")
struct CatalogFormatTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    private func entry(_ md5Prefix: String, _ filename: String, width: Int? = 4000) -> CatalogEntry {
        let md5 = md5Prefix + String(repeating: "0", count: 32 - md5Prefix.count)
        return CatalogEntry(
            md5: md5, filename: filename, size: 123_456, photoDate: 1_689_297_753, modified: 1_700_000_000,
            width: width, height: width.map { $0 * 3 / 4 }, applePhotoID: nil)
    }

    /// Names a filesystem allows that CSV must quote or that Unicode treats specially.
    static let awkwardNames = [
        "plain.jpg", "with,comma.jpg", "with \"quotes\".jpg", "line\nbreak.jpg", "crlf\r\nbreak.jpg", "emoji 📸🌅.heic",
        "Cafe\u{301}.jpg", "Caf\u{E9}.jpg", "日本語の写真.png", " leading and trailing .jpg ", "\"", ",",
    ]

    @Test("Rows round-trip through CSV, awkward names included")
    func csvRoundTrip() {
        var entries = Self.awkwardNames.enumerated().map { index, name in entry(String(format: "%02x", index * 16), name) }
        entries.append(
            CatalogEntry(md5: String(repeating: "f", count: 32), filename: "a.jpg", size: 1, photoDate: 2, modified: 3, applePhotoID: "ABC,\"1\""))
        let bytes = CatalogCSV.encode(entries)
        #expect(String(decoding: bytes.prefix(62), as: UTF8.self) == CatalogCSV.header)
        let (decoded, problems) = CatalogCSV.decode(bytes)
        #expect(problems.isEmpty)
        #expect(decoded.count == entries.count)
        for (original, read) in zip(entries.sorted { $0.md5 < $1.md5 }, decoded) {
            #expect(Array(original.filename.utf8) == Array(read.filename.utf8))
            #expect(original == read)
        }
    }

    @Test("v5.0 shards without a header load, and CRLF line ends are accepted")
    func legacyShards() {
        let legacy =
            "3a1b2c3d4e5f60718293a4b5c6d7e8f9,DSC_0001.jpg,2456789,1710504600,1710504600,4000,3000\r\n"
            + "3f4e5d6c7b8a99887766554433221100,IMG_1234.jpg,1987654,1710598920,1710598920,,\r\n"
        let (entries, problems) = CatalogCSV.decode(Array(legacy.utf8))
        #expect(problems.isEmpty)
        #expect(entries.map(\.filename) == ["DSC_0001.jpg", "IMG_1234.jpg"])
        #expect(entries[0].width == 4000 && entries[1].width == nil)
    }

    @Test("A malformed row is skipped with its line number; the rest loads")
    func malformedRows() {
        let text =
            CatalogCSV.header + "\n"
            + "3a1b2c3d4e5f60718293a4b5c6d7e8f9,good.jpg,1,2,3,,,\n"
            + "not-an-md5,bad.jpg,1,2,3,,,\n"
            + "3a1b2c3d4e5f60718293a4b5c6d7e8f0,short.jpg,1\n"
            + "3a1b2c3d4e5f60718293a4b5c6d7e8f1,size.jpg,big,2,3,,,\n"
            + "3a1b2c3d4e5f60718293a4b5c6d7e8f2,also good.jpg,1,2,3,10,20,\n"
            + "3a1b2c3d4e5f60718293a4b5c6d7e8f3,\"never closed.jpg,1,2,3,,,\n"
        let (entries, problems) = CatalogCSV.decode(Array(text.utf8))
        #expect(entries.map(\.filename) == ["good.jpg", "also good.jpg"])
        #expect(problems.map(\.line) == [3, 4, 5, 7])
    }

    @Test("Written catalogs load back: 16 shards, counts and checksums agree with the manifest")
    func writeAndLoad() throws {
        let catalog = FolderCatalog(folder: folder.path("photos"), cacheDirectory: folder.path("cache"))
        try FileManager.default.createDirectory(atPath: catalog.folder, withIntermediateDirectories: true)
        let entries = (0..<40).map { entry(String(format: "%x", $0 % 16) + String(format: "%02d", $0), "IMG_\($0).jpg") }
        let (manifest, directory) = try catalog.write(entries)
        #expect(directory == catalog.ownDirectory)
        #expect(manifest.version == "5.1")
        #expect(manifest.photoCount == 40)
        #expect(manifest.shards.map(\.index) == Array(0..<16))
        #expect(manifest.shards.allSatisfy { $0.rows == 40 / 16 || $0.rows == 40 / 16 + 1 })
        for shard in manifest.shards {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + String(shard.index, radix: 16) + ".csv"))
            #expect(ContentHash.sha256(of: Array(bytes)) == shard.sha256)
        }
        let loaded = try catalog.load()
        #expect(Set(loaded.entries) == Set(entries))
        #expect(loaded.problems.isEmpty)
        #expect(try catalog.verify().isEmpty)

        // A rebuild keeps the directory's identity.
        let (again, _) = try catalog.write(entries + [entry("ab", "new.jpg")], previous: manifest)
        #expect(again.directoryUUID == manifest.directoryUUID)
        #expect(again.created == manifest.created)
        #expect(again.photoCount == 41)
    }

    @Test("A shard that does not match its checksum is rejected, not trusted")
    func tamperedShard() throws {
        let catalog = FolderCatalog(folder: folder.path("photos"), cacheDirectory: folder.path("cache"))
        try FileManager.default.createDirectory(atPath: catalog.folder, withIntermediateDirectories: true)
        try catalog.write([entry("a1", "one.jpg"), entry("b2", "two.jpg")])
        let shard = catalog.ownDirectory + "/a.csv"
        var text = try String(contentsOfFile: shard, encoding: .utf8)
        text = text.replacingOccurrences(of: "one.jpg", with: "evil.jpg")
        try text.write(toFile: shard, atomically: true, encoding: .utf8)

        let loaded = try catalog.load()
        #expect(loaded.entries.map(\.filename) == ["two.jpg"])
        #expect(loaded.rejectedShards == [10])
        let problems = try catalog.verify()
        #expect(problems.count == 1)
        #expect(problems.first?.shard == 10)
        #expect(problems.first?.message.contains("a.csv does not match its checksum") == true)
    }

    @Test("A build killed while renaming shards leaves the old manifest's catalog loadable, and the next write repairs it")
    func interruptedRenames() throws {
        let catalog = FolderCatalog(folder: folder.path("photos"), cacheDirectory: folder.path("cache"))
        try FileManager.default.createDirectory(atPath: catalog.folder, withIntermediateDirectories: true)
        let old = [entry("a1", "one.jpg"), entry("b2", "two.jpg")]
        let (manifest, directory) = try catalog.write(old)
        // What a killed build leaves: a.csv moved aside and replaced, the new manifest staged
        // beside it but not in place yet.
        let previous = directory + "/.previous"
        try FileManager.default.createDirectory(atPath: previous, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: previous + "/.pending", contents: Data("new manifest".utf8))
        try FileManager.default.moveItem(atPath: directory + "/a.csv", toPath: previous + "/a.csv")
        try Data(CatalogCSV.encode([entry("a9", "newer.jpg")])).write(to: URL(fileURLWithPath: directory + "/a.csv"))
        FileManager.default.createFile(atPath: directory + "/.tmp-1-2-b.csv", contents: Data("half".utf8))

        #expect(Set(try catalog.load().entries) == Set(old))
        #expect(try catalog.verify().isEmpty)

        try catalog.write(old + [entry("c3", "three.jpg")], previous: manifest)
        #expect(try catalog.load().entries.count == 3)
        #expect(try catalog.verify().isEmpty)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }

    @Test("A folder that cannot be written gets its catalog in the cache mirror, which is found next time")
    func readOnlyFolder() throws {
        let photos = folder.path("readonly")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try ReadOnly.make(photos)
        defer { ReadOnly.undo(photos) }
        let catalog = FolderCatalog(folder: photos, cacheDirectory: folder.path("cache"))
        let (_, directory) = try catalog.write([entry("a1", "one.jpg")])
        #expect(directory == catalog.mirrorDirectory)
        #expect(directory.hasPrefix(folder.path("cache") + "/catalogs/"))
        #expect(!FileManager.default.fileExists(atPath: catalog.ownDirectory))
        let again = FolderCatalog(folder: photos, cacheDirectory: folder.path("cache"))
        #expect(again.existingDirectory == catalog.mirrorDirectory)
        #expect(try again.load().entries.count == 1)
    }
}
