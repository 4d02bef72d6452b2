import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// The search index over the sources beside folder trees: an Apple Photos library (what its
/// database says, read as the reader reads it) and the synced cloud catalog (what the catalog
/// says, and what this device recorded of the same content).
@Suite("Searching Apple Photos libraries and the cloud backup")
struct SearchSourcesTests {
    @Test(
        "A library's favourites, keywords, people, descriptions, kinds and places are found as its own reader reports them",
        arguments: [PhotosLibraries.catalina, PhotosLibraries.ventura])
    func library(_ name: String) async throws {
        let folder = try TemporaryDirectory()
        let path = try await PhotosLibraries.copy(name, into: folder)
        var configuration = EngineConfiguration(cacheDirectory: folder.path("cache"), dataDirectory: folder.path("data"))
        configuration.placeDataDirectory = try await Fixtures.places()
        let engine = try Engine(configuration: configuration)
        let library = try ApplePhotosLibrary(path: path)
        let assets = try library.assets()
        let progress = try engine.index(library)
        #expect(progress.found == assets.count && progress.removed == 0)

        func uuids(_ query: String) throws -> Set<String> {
            Set(try engine.searchIndex.search(try SearchQuery(parsing: query), limit: 10_000).map(\.key))
        }
        #expect(try uuids("source:photos") == Set(assets.map(\.uuid)))
        #expect(try uuids("is:favorite") == Set(assets.filter(\.isFavorite).map(\.uuid)))
        #expect(try uuids("kind:video") == Set(assets.filter(\.isMovie).map(\.uuid)))
        #expect(try uuids("kind:live") == Set(assets.filter(\.isLivePhoto).map(\.uuid)))
        #expect(try uuids("kind:pair") == Set(assets.filter(\.hasRAW).map(\.uuid)))
        let weddings = Set(assets.filter { $0.keywords.contains("wedding") }.map(\.uuid))
        #expect(try !weddings.isEmpty && uuids("keyword:wedding") == weddings)
        let facts = try library.facts()
        let (people, descriptions) = (facts.people, facts.descriptions)
        let katie = Set(people.filter { $0.value.contains("Katie") }.keys)
        #expect(try !katie.isEmpty && uuids("person:katie") == katie.intersection(assets.map(\.uuid)))
        #expect(try uuids("has:people") == Set(people.keys).intersection(assets.map(\.uuid)))
        let pumpkins = Set(descriptions.filter { $0.value.localizedCaseInsensitiveContains("pumpkin") }.keys).intersection(assets.map(\.uuid))
        #expect(try !pumpkins.isEmpty && uuids("description:pumpkin") == pumpkins)
        #expect(try uuids("has:gps") == Set(assets.filter { $0.latitude != nil && $0.latitude != 0 }.map(\.uuid)))
        let places = try engine.searchIndex.places(within: [library.path])
        #expect(places.map(\.count).reduce(0, +) == (try uuids("has:gps")).count, "every positioned photo has a place: \(places)")
        // Photos' own place wins over the one of the position: its city, by name and country code.
        let named = facts.places.filter { uuid, place in place.city != nil && assets.contains { $0.uuid == uuid } }
        #expect(!named.isEmpty, "Photos named places")
        for (uuid, place) in named {
            #expect(try uuids("place:\"\(place.city ?? "")\" country:\(place.countryCode)").contains(uuid), "\(uuid) \(place)")
        }

        let again = try engine.index(library)
        #expect(again.found == assets.count && again.removed == 0, "\(again)")
    }

    @Test("The synced catalog's photos are found by name and date, and by what this device recorded of their content")
    func cloud() throws {
        let workspace = try TestWorkspace()
        let engine = workspace.engine
        let catalogs = CatalogStore(database: engine.database)
        let synced = SyncedCloudCatalog(userID: "search-user", catalogs: catalogs)
        let record = try catalogs.findOrCreateCatalog(directoryPath: synced.name, directoryUUID: UUID().uuidString)
        let june2019 = Int64(1_560_600_000)
        let entries = [
            CatalogEntry(md5: String(repeating: "a", count: 32), filename: "IMG_0001.CR2", size: 10, photoDate: june2019, modified: june2019),
            CatalogEntry(md5: String(repeating: "b", count: 32), filename: "beach.jpg", size: 20, photoDate: june2019 + 86_400 * 400, modified: 0),
        ]
        var entriesByShard: [Int: [CatalogEntry]] = [:]
        for entry in entries {
            entriesByShard[Int(String(entry.md5.prefix(1)), radix: 16) ?? 0, default: []].append(entry)
        }
        for (shard, rows) in entriesByShard {
            #expect(try catalogs.importShard(shard, csv: CatalogCSV.encode(rows), into: record).isEmpty)
        }
        var described = PhotoDescription()
        described.cameraMake = "Canon"
        described.keywords = ["surf"]
        engine.fileReader.descriptions.record([(md5: entries[1].md5, description: described)])

        let progress = try engine.index(synced)
        #expect(progress.found == 2)
        func names(_ query: String) throws -> [String] {
            try engine.searchIndex.search(try SearchQuery(parsing: query), limit: 100).map(\.name)
        }
        #expect(try names("source:cloud kind:raw") == ["IMG_0001.CR2"])
        #expect(try names("date:2019-06") == ["IMG_0001.CR2"])
        #expect(try names("camera:canon keyword:surf") == ["beach.jpg"])
        #expect(try engine.searchIndex.search(try SearchQuery(parsing: "beach"), limit: 1).first?.md5 == entries[1].md5)

        try catalogs.removeEntries(of: record)
        #expect(try engine.index(synced).removed == 2)
        #expect(try names("source:cloud") == [])
    }
}
