import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("Catalog database")
struct CatalogStoreTests {
    let folder: TemporaryDirectory
    let store: CatalogStore

    init() throws {
        folder = try TemporaryDirectory()
        store = CatalogStore(database: try PhotolalaDatabase(path: folder.path("data/photolala.sqlite")))
    }

    private func entry(_ md5Prefix: String, _ filename: String, apple: String? = nil) -> CatalogEntry {
        CatalogEntry(
            md5: md5Prefix + String(repeating: "7", count: 32 - md5Prefix.count), filename: filename, size: 10, photoDate: 20, modified: 30,
            width: 640, height: 480, applePhotoID: apple)
    }

    @Test("After importing a folder catalog, every exported shard equals its CSV file byte for byte")
    func importExportAgree() throws {
        let photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        let catalog = FolderCatalog(folder: photos, cacheDirectory: folder.path("cache"))
        let entries = (0..<64).map {
            entry(String(format: "%x%02d", $0 % 16, $0), "IMG \($0), \"copy\".jpg", apple: $0 % 5 == 0 ? "UUID-\($0)" : nil)
        }
        let (manifest, directory) = try catalog.write(entries)
        let record = try store.importCatalog(try catalog.load(), folder: photos)
        #expect(record.directoryUUID == manifest.directoryUUID)
        for index in 0..<16 {
            let file = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + String(index, radix: 16) + ".csv"))
            #expect(try store.exportShard(index, of: record) == Array(file), "shard \(index)")
        }
        #expect(try store.entries(of: record).count == 64)
    }

    @Test("Find by MD5 across folders and by Apple Photos id")
    func lookups() throws {
        let a = try store.findOrCreateCatalog(directoryPath: "/a", directoryUUID: "A")
        let b = try store.findOrCreateCatalog(directoryPath: "/b", directoryUUID: "B")
        try store.upsert(entry("ab", "x.jpg"), in: a)
        try store.upsert(entry("ab", "copy of x.jpg"), in: b)
        try store.upsert(entry("cd", "y.jpg", apple: "8F3C-UUID"), in: b)
        let copies = try store.entries(md5: entry("ab", "").md5.uppercased())
        #expect(copies.map(\.directoryPath) == ["/a", "/b"])
        #expect(copies.map(\.entry.filename) == ["x.jpg", "copy of x.jpg"])
        #expect(try store.entry(applePhotoID: "8F3C-UUID")?.filename == "y.jpg")
        #expect(try store.entry(md5: entry("cd", "").md5, in: a) == nil)
        #expect(try store.findOrCreateCatalog(directoryPath: "/a", directoryUUID: "other").directoryUUID == "A")
    }

    @Test("An imported shard wins: it replaces the shard's rows, and rows it drops are gone")
    func importedSideWins() throws {
        let record = try store.findOrCreateCatalog(directoryPath: "/photos", directoryUUID: "U")
        try store.upsert(entry("a1", "local-name.jpg"), in: record)
        try store.upsert(entry("a2", "only-local.jpg"), in: record)
        try store.upsert(entry("b1", "other-shard.jpg"), in: record)

        let cloud = CatalogCSV.encode([entry("a1", "cloud-name.jpg"), entry("a3", "cloud-only.jpg")])
        let problems = try store.importShard(10, csv: cloud, into: record)
        #expect(problems.isEmpty)
        let names = try store.entries(of: record).map(\.filename).sorted()
        #expect(names == ["cloud-name.jpg", "cloud-only.jpg", "other-shard.jpg"])
        #expect(try store.exportShard(10, of: record) == cloud)
    }

    @Test("Upserting keeps one row per MD5 in a catalog")
    func upsertIsIdempotent() throws {
        let record = try store.findOrCreateCatalog(directoryPath: "/p", directoryUUID: "U")
        var first = entry("e1", "a.jpg")
        try store.upsert(first, in: record)
        first.filename = "renamed.jpg"
        try store.upsert(first, in: record)
        #expect(try store.entries(of: record).map(\.filename) == ["renamed.jpg"])
    }
}
