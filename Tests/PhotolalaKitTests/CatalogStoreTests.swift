import Foundation
import GRDB
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

    /// The entries of one shard, by MD5.
    private func shard(_ index: Int, of record: CatalogRecord) throws -> [CatalogEntry] {
        try store.entries(of: record).filter { $0.shard == index }.sorted { $0.md5 < $1.md5 }
    }

    @Test("After importing a folder catalog, every shard's rows in the database are its CSV file's, field for field")
    func importKeepsEveryField() throws {
        let photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        let catalog = FolderCatalog(folder: photos, cacheDirectory: folder.path("cache"))
        let entries = (0..<64).map {
            entry(String(format: "%x%02d", $0 % 16, $0), "IMG \($0), \"copy\".jpg", apple: $0 % 5 == 0 ? "UUID-\($0)" : nil)
        }
        let (manifest, directory) = try catalog.write(entries)
        let record = try store.importCatalog(try catalog.load(), folder: photos)
        #expect(record.directoryUUID == manifest.directoryUUID)
        #expect(try store.catalog(directoryPath: photos) == record)
        for index in 0..<16 {
            let file = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + String(index, radix: 16) + ".csv"))
            #expect(try CatalogCSV.encode(shard(index, of: record)) == Array(file), "shard \(index)")
        }
        #expect(try store.count(of: record) == 64)
        #expect(try store.importedChecksums(of: record) == Dictionary(uniqueKeysWithValues: manifest.shards.map { ($0.index, $0.sha256) }))
    }

    @Test("Find an entry by MD5 in its catalog only, whatever the MD5's case; a folder keeps its first UUID")
    func lookups() throws {
        let a = try store.findOrCreateCatalog(directoryPath: "/a", directoryUUID: "A")
        let b = try store.findOrCreateCatalog(directoryPath: "/b", directoryUUID: "B")
        try store.importShard(10, csv: CatalogCSV.encode([entry("ab", "x.jpg")]), into: a)
        try store.importShard(12, csv: CatalogCSV.encode([entry("cd", "y.jpg", apple: "8F3C-UUID")]), into: b)
        #expect(try store.entry(md5: entry("ab", "").md5.uppercased(), in: a)?.filename == "x.jpg")
        #expect(try store.entry(md5: entry("cd", "").md5, in: b)?.applePhotoID == "8F3C-UUID")
        #expect(try store.entry(md5: entry("cd", "").md5, in: a) == nil)
        #expect(try store.findOrCreateCatalog(directoryPath: "/a", directoryUUID: "other").directoryUUID == "A")
    }

    @Test("An imported shard wins: it replaces the shard's rows, and rows it drops are gone")
    func importedSideWins() throws {
        let record = try store.findOrCreateCatalog(directoryPath: "/photos", directoryUUID: "U")
        try store.importShard(10, csv: CatalogCSV.encode([entry("a1", "local-name.jpg"), entry("a2", "only-local.jpg")]), into: record)
        try store.importShard(11, csv: CatalogCSV.encode([entry("b1", "other-shard.jpg")]), into: record)

        let cloud = CatalogCSV.encode([entry("a1", "cloud-name.jpg"), entry("a3", "cloud-only.jpg")])
        let problems = try store.importShard(10, csv: cloud, into: record)
        #expect(problems.isEmpty)
        let names = try store.entries(of: record).map(\.filename).sorted()
        #expect(names == ["cloud-name.jpg", "cloud-only.jpg", "other-shard.jpg"])
        #expect(try CatalogCSV.encode(shard(10, of: record)) == cloud)
        #expect(try store.importedChecksums(of: record)[10] == ContentHash.sha256(of: cloud))
    }

    @Test("Importing a shard again keeps one row per MD5 in a catalog")
    func reimportKeepsOneRow() throws {
        let record = try store.findOrCreateCatalog(directoryPath: "/p", directoryUUID: "U")
        var first = entry("e1", "a.jpg")
        try store.importShard(14, csv: CatalogCSV.encode([first]), into: record)
        first.filename = "renamed.jpg"
        try store.importShard(14, csv: CatalogCSV.encode([first]), into: record)
        #expect(try store.entries(of: record).map(\.filename) == ["renamed.jpg"])
    }

    @Test("Emptied, a catalog lists nothing and has no shard imported")
    func removeEntries() throws {
        let record = try store.findOrCreateCatalog(directoryPath: "/p", directoryUUID: "U")
        try store.importShard(14, csv: CatalogCSV.encode([entry("e1", "a.jpg")]), into: record)
        try store.removeEntries(of: record)
        #expect(try store.count(of: record) == 0)
        #expect(try store.importedChecksums(of: record).isEmpty)
    }

    @Test(
        "Catalog tables hold only what is written and read: no backup state or star (the queue keeps them), no camera, lens, place or format, no shard flag"
    )
    func onlyColumnsInUse() throws {
        let database = try PhotolalaDatabase()
        let (entryColumns, shardColumns) = try database.writer.read { db in
            (try db.columns(in: "catalogEntry").map(\.name), try db.columns(in: "catalogShard").map(\.name))
        }
        #expect(
            Set(entryColumns) == [
                "id", "catalogId", "shardIndex", "md5", "filename", "size", "photoDate", "modified", "width", "height", "applePhotoID",
            ])
        #expect(Set(shardColumns) == ["catalogId", "shardIndex", "checksum"])
    }
}
