import Foundation
import GRDB
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("Searching a folder tree")
struct SearchIndexTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    private func photo(_ relative: String, tags: [String]) async throws -> String {
        let path = photos + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try await Fixtures.datedPhoto(at: path, tags: tags)
        return path
    }

    private func names(_ query: String) throws -> [String] {
        try engine.searchIndex.search(try SearchQuery(parsing: query), limit: 100).map(\.name).sorted()
    }

    @Test("Words, fields, exclusions, dates and kinds find the photos they name, accents and case aside")
    func queries() async throws {
        _ = try await photo(
            "2019/wedding.jpg",
            tags: [
                "-DateTimeOriginal=2019:06:15 14:00:00", "-Make=Canon", "-Model=Canon EOS R5", "-XMP-dc:Subject=wedding", "-XMP-dc:Title=Zürich lake",
            ])
        _ = try await photo("2019/beach.jpg", tags: ["-DateTimeOriginal=2019:08:01 10:00:00", "-Make=NIKON CORPORATION", "-XMP-xmp:Rating=5"])
        _ = try await photo("2021/IMG_1.jpg", tags: ["-DateTimeOriginal=2021:01:01 09:00:00", "-Make=Canon"])
        let progress = try await engine.index(try engine.localSource(root: photos))
        #expect(progress.found == 3 && progress.done == 3 && progress.problems.isEmpty, "\(progress)")

        #expect(try names("camera:canon") == ["IMG_1.jpg", "wedding.jpg"])
        #expect(try names("keyword:wedding") == ["wedding.jpg"])
        #expect(try names("zurich") == ["wedding.jpg"], "accents aside")
        #expect(try names("ZÜR") == ["wedding.jpg"], "a word's start, case aside")
        #expect(try names("-canon") == ["beach.jpg"])
        #expect(try names("date:2019-06..2019-08") == ["beach.jpg", "wedding.jpg"])
        #expect(try names("date:2021") == ["IMG_1.jpg"])
        #expect(try names("rating:>=4") == ["beach.jpg"])
        #expect(try names("folder:2019 -rating:>=4") == ["wedding.jpg"])
        #expect(try names("kind:raw") == [])
        #expect(try names(#"NEAR(a b) OR "x"* ^y"#) == [], "FTS5 syntax is only text")
        let most = (0..<SearchQuery.maximumTerms).map { $0 % 2 == 0 ? "canon" : #"-"absent\#($0)""# }.joined(separator: " ")
        #expect(try names(most) == ["IMG_1.jpg", "wedding.jpg"], "the most terms a query takes, half excluded, are one full-text query")
        #expect(try names(#"-zurich -"" -"*""#) == ["IMG_1.jpg", "beach.jpg"], "exclusions alone, an empty one and a quote among them")
    }

    @Test("Facets count what the photos found share, and each one's term finds exactly its count")
    func facets() async throws {
        _ = try await photo(
            "a.jpg", tags: ["-DateTimeOriginal=2019:06:15 14:00:00", "-Make=Canon", "-Model=Canon EOS R5", "-XMP-dc:Subject=wedding"])
        _ = try await photo(
            "b.jpg",
            tags: [
                "-DateTimeOriginal=2019:08:01 10:00:00", "-Make=Canon", "-Model=Canon EOS R5", "-XMP-dc:Subject+=wedding", "-XMP-dc:Subject+=beach",
            ])
        _ = try await photo(
            "c.jpg", tags: ["-DateTimeOriginal=2021:01:01 09:00:00", "-Make=NIKON CORPORATION", "-Model=NIKON D850", "-XMP-dc:Subject=beach"])
        _ = try await engine.index(try engine.localSource(root: photos))
        let facets = try engine.searchIndex.facets(of: try SearchQuery(parsing: ""))
        #expect(facets.years.map(\.label) == ["2021", "2019"] && facets.years.map(\.count) == [1, 2])
        #expect(facets.keywords.map(\.label).sorted() == ["beach", "wedding"] && facets.keywords.map(\.count) == [2, 2])
        // Each camera by the name people call it, not its maker's name twice.
        #expect(facets.cameras.map(\.label) == ["Canon EOS R5", "NIKON D850"] && facets.cameras.map(\.count) == [2, 1], "\(facets.cameras)")
        #expect(facets.cameras.first?.term.hasPrefix("camera:\"") == true, "\(facets.cameras)")
        #expect(facets.kinds.map(\.term) == ["kind:photo"] && facets.kinds.first?.count == 3)
        for value in facets.years + facets.keywords + facets.cameras + facets.kinds {
            #expect(try names(value.term).count == value.count, "\(value)")
        }
        let narrowed = try engine.searchIndex.facets(of: try SearchQuery(parsing: "keyword:beach"))
        #expect(narrowed.years.map(\.label) == ["2021", "2019"] && narrowed.keywords.first { $0.label == "wedding" }?.count == 1)
    }

    @Test("Facets of places and ratings: countries by name, cities of one name together, each term finding its count")
    func placeFacets() throws {
        let rome = Place(country: "Italy", countryCode: "IT", region: "Latium", city: "Rome")
        let places: [(String, Place?, Int?)] = [
            ("colosseum", rome, 5), ("pantheon", rome, 4),
            ("duomo", Place(country: "Italy", countryCode: "IT", region: "Lombardy", city: "Milan"), 0),
            ("louvre", Place(country: "France", countryCode: "FR", region: "Île-de-France", city: "Paris"), nil),
            ("texas", Place(country: "United States", countryCode: "US", region: "Texas", city: "Paris"), 3), ("sea", nil, nil),
        ]
        let documents = places.enumerated().map { index, photo in
            var described = PhotoDescription()
            described.rating = photo.2
            return SearchDocument(
                source: .folders, key: photo.0 + ".jpg", name: photo.0 + ".jpg", folder: "", md5: nil, date: Int64(index), kinds: [.photo],
                description: described, place: photo.1)
        }
        let ids = SearchIndex.SharedValueIDs()
        try engine.searchIndex.update(.folders, root: photos, documents: documents.map(ids.prepare), ids: ids)
        let facets = try engine.searchIndex.facets(of: SearchQuery(parsing: ""))
        #expect(facets.countries.map(\.label) == ["Italy", "France", "United States"] && facets.countries.map(\.count) == [3, 1, 1])
        #expect(facets.cities.map(\.label) == ["Paris", "Rome", "Milan"] && facets.cities.map(\.count) == [2, 2, 1], "\(facets.cities)")
        for value in facets.countries + facets.cities {
            #expect(try names(value.term).count == value.count, "\(value)")
        }
        #expect(try names("rating:>=4") == ["colosseum.jpg", "pantheon.jpg"])
        #expect(try names("rating:0") == ["duomo.jpg", "louvre.jpg", "sea.jpg"], "no rating is 0 stars")
        let ratings = try engine.searchIndex.search(SearchQuery(parsing: ""), limit: 10).map { "\($0.name) \($0.rating.map(String.init) ?? "-")" }
        #expect(ratings == ["sea.jpg -", "texas.jpg 3", "louvre.jpg -", "duomo.jpg 0", "pantheon.jpg 4", "colosseum.jpg 5"])
    }

    @Test("A run that indexed many photos out of date order leaves the index of dates packed; a small one leaves it be")
    func packedDates() throws {
        let documents = (0..<5_000).map { index in
            SearchDocument(
                source: .folders, key: "\(index).jpg", name: "\(index).jpg", folder: "", md5: nil, date: Int64(5_000 - index), kinds: [.photo],
                description: PhotoDescription(), place: nil)
        }
        let ids = SearchIndex.SharedValueIDs()
        try engine.searchIndex.update(.folders, root: photos, documents: documents.map(ids.prepare), ids: ids)
        func pages() throws -> Int {
            try engine.searchIndex.database.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM dbstat WHERE name = 'searchPhotoDate'") ?? 0
            }
        }
        let unpacked = try pages()
        try engine.searchIndex.finishRun(indexed: 400)
        #expect(try pages() == unpacked, "a run of under a tenth of the photos")
        try engine.searchIndex.finishRun(indexed: documents.count)
        #expect(try pages() * 3 < unpacked * 2, "\(unpacked) pages before")
        #expect(try names("").count == 100, "every photo still found (the first hundred)")
    }

    @Test("A run writes with a big cache and no checkpoint between its transactions, and its end gives SQLite's settings back, the log checkpointed")
    func runSettings() throws {
        let documents = (0..<300).map { index in
            SearchDocument(
                source: .folders, key: "\(index).jpg", name: "\(index).jpg", folder: "", md5: nil, date: Int64(index), kinds: [.photo],
                description: PhotoDescription(), place: nil)
        }
        let ids = SearchIndex.SharedValueIDs()
        let index = engine.searchIndex
        try index.update(.folders, root: photos, documents: documents.prefix(150).map(ids.prepare), ids: ids)
        try index.update(.folders, root: photos, documents: documents.suffix(150).map(ids.prepare), ids: ids)
        func setting(_ name: String) throws -> Int {
            try index.database.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA \(name)") ?? 0 }
        }
        #expect(try setting("wal_autocheckpoint") == 0)
        #expect(try setting("cache_size") == -SearchIndex.runCacheKiB)
        // The run's pages wait in the write-ahead log until its end, then reach the database file.
        let file = engine.configuration.dataDirectory + "/photolala.sqlite"
        func fileSize() throws -> Int { (try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0 }
        let before = try fileSize()
        try index.update(
            .folders, root: photos,
            documents: documents.map { document in
                var next = document
                next.key = "more/" + document.key
                return ids.prepare(next)
            }, ids: ids)
        #expect(try fileSize() == before, "no checkpoint between a run's transactions")
        try index.finishRun(indexed: documents.count)
        #expect(try setting("wal_autocheckpoint") == 1000)
        #expect(try setting("cache_size") == -2000)
        #expect(try fileSize() > before, "the log checkpointed at the run's end")
        #expect(try names("").count == 100, "every photo found (the first hundred)")
    }

    @Test("An area finds the photos in its box: edges and poles included, across the antimeridian, and its points are theirs")
    func areas() throws {
        let places: [(String, Double, Double)] = [
            ("rome", 41.9, 12.5), ("north-pole", 90, 0), ("south-pole", -90, 135), ("fiji-east", -17, 179.5), ("fiji-west", -17, -179.5),
            ("antimeridian", -17, 180), ("antimeridian-west", -17, -180), ("greenwich", 51.48, 0),
        ]
        let documents = places.enumerated().map { index, place in
            var described = PhotoDescription()
            (described.latitude, described.longitude) = (place.1, place.2)
            return SearchDocument(
                source: .folders, key: place.0 + ".jpg", name: place.0 + ".jpg", folder: "", md5: nil, date: Int64(index), kinds: [.photo],
                description: described, place: nil)
        }
        let none = SearchDocument(
            source: .folders, key: "nowhere.jpg", name: "nowhere.jpg", folder: "", md5: nil, date: 99, kinds: [.photo],
            description: PhotoDescription(),
            place: nil)
        let ids = SearchIndex.SharedValueIDs()
        try engine.searchIndex.update(.folders, root: photos, documents: (documents + [none]).map(ids.prepare), ids: ids)

        #expect(try names("area:41,12,42,13") == ["rome.jpg"])
        #expect(try names("area:80,-180,90,180") == ["north-pole.jpg"], "a pole is in a box that reaches it")
        #expect(try names("area:-90,100,-89,140") == ["south-pole.jpg"])
        #expect(try names("area:-20,179,-10,-179") == ["antimeridian-west.jpg", "antimeridian.jpg", "fiji-east.jpg", "fiji-west.jpg"])
        #expect(try names("area:-20,179,-10,180") == ["antimeridian-west.jpg", "antimeridian.jpg", "fiji-east.jpg"], "180 and -180 are one line")
        #expect(try names("area:-20,-180,-10,-179") == ["antimeridian-west.jpg", "antimeridian.jpg", "fiji-west.jpg"])
        #expect(try names("area:-1,-1,1,1") == [])
        #expect(try names("area:51,-0.1,52,0 -area:41,12,42,13") == ["greenwich.jpg"], "an edge is inside")
        #expect(try names("-area:-20,179,-10,-179").count == 5, "outside the box: the other four and the photo with no position")

        // What SQL finds is what the box itself says it holds.
        for text in ["area:-20,179,-10,-179", "area:-90,-180,90,180", "area:0,-10,60,20", "area:-30,170,0,-175"] {
            guard case .area(let area) = try SearchQuery(parsing: text).terms.first?.condition else { continue }
            let inside = places.filter { area.contains(latitude: $0.1, longitude: $0.2) }.map { $0.0 + ".jpg" }.sorted()
            #expect(try names(text) == inside, "\(text)")
        }

        let points = try engine.searchIndex.points(of: SearchQuery(parsing: "area:-20,179,-10,-179"), limit: 100)
        #expect(points.map(\.key) == ["antimeridian-west.jpg", "antimeridian.jpg", "fiji-west.jpg", "fiji-east.jpg"], "newest first")
        #expect(points.first?.latitude == -17 && points.first?.longitude == -180)
        #expect(try engine.searchIndex.points(of: SearchQuery(parsing: ""), limit: 100).count == places.count, "only photos with a position")
        #expect(try engine.searchIndex.points(of: SearchQuery(parsing: ""), limit: 3).count == 3)
    }

    @Test("Indexing again reads nothing unchanged; a changed sidecar and a removed photo are seen")
    func upkeep() async throws {
        let kept = try await photo("a.jpg", tags: ["-XMP-dc:Subject=first"])
        let gone = try await photo("b.jpg", tags: [])
        let source = try engine.localSource(root: photos)
        #expect(try await engine.index(source).read == 2)
        #expect(try await engine.index(source).read == 0)
        #expect(try await engine.index(source).done == 2)

        try await Shell.run("exiftool", ["-q", "-XMP-dc:Subject=second", "-o", kept + ".xmp"])
        try FileManager.default.removeItem(atPath: gone)
        let again = try await engine.index(source)
        // The photo's header is read again: a header read records nothing of the file.
        #expect(again.removed == 1 && again.read == 1, "\(again)")
        #expect(try names("keyword:second") == ["a.jpg"])
        #expect(try names("keyword:first") == [], "the sidecar wins")
        #expect(try names("b") == [])
    }

    @Test("A photo is indexed from its header without its MD5, and gets it as soon as its thumbnail learns it")
    func md5Learnt() async throws {
        let path = try await photo("sub/c.jpg", tags: ["-XMP-dc:Subject=later"])
        let source = try engine.localSource(root: photos)
        #expect(try await engine.index(source).read == 1)
        let nested = try engine.localSource(root: photos + "/sub")
        #expect(try await engine.index(nested).read == 1)
        #expect(try engine.searchIndex.search(SearchQuery(parsing: "keyword:later"), limit: 10).map(\.md5) == [nil, nil])
        let thumbnail = try await engine.thumbnail(ofFileAt: path)
        let md5 = try #require(thumbnail.md5)
        // Under both served roots it lies in, with no indexing run between.
        #expect(try engine.searchIndex.search(SearchQuery(parsing: "keyword:later"), limit: 10).map(\.md5) == [md5, md5])
        let again = try await engine.index(source)
        #expect(again.read == 0 && again.done == 1, "\(again)")
    }
}
