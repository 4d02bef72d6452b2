import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// `GET /api/search`: the index of the served sources searched, each photo found named as its
/// source shows it (so its thumbnail is served), a query that cannot be read refused with what to
/// write, and nothing of a source the server does not serve.
@Suite("The search API")
struct SearchAPITests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    private func search(_ client: some TestClientProtocol, _ query: String) async throws -> [[String: Any]] {
        let uri = "/api/search?q=" + (query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        return try #require(try await client.execute(uri: uri, method: .get) { try APITestSupport.json($0) }["results"] as? [[String: Any]])
    }

    @Test("Photos of a folder tree and a library are found by one query, and each one's thumbnail is served where the result says")
    func search() async throws {
        try FileManager.default.createDirectory(atPath: photos + "/2019", withIntermediateDirectories: true)
        try await Fixtures.datedPhoto(at: photos + "/2019/wedding.jpg", tags: ["-XMP-dc:Subject=wedding", "-Make=Canon"])
        try await Fixtures.datedPhoto(at: photos + "/other.jpg", tags: ["-Make=NIKON"])
        let library = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: folder)
        let elsewhere = folder.path("elsewhere")
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try await Fixtures.datedPhoto(at: elsewhere + "/wedding-not-served.jpg", tags: ["-XMP-dc:Subject=wedding"])
        _ = try await engine.index(try engine.localSource(root: photos))
        _ = try await engine.index(try engine.localSource(root: elsewhere))
        _ = try engine.index(try ApplePhotosLibrary(path: library))
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], libraries: [library], port: 0), engine: engine)
        try await app.test(.router) { client in
            let found = try await search(client, "wedding")
            #expect(Set(found.compactMap { $0["source"] as? String }) == ["local-0", "apple-photos"], "\(found)")
            #expect(!found.contains { $0["name"] as? String == "wedding-not-served.jpg" }, "indexed, but not served")
            for result in found {
                let source = try #require(result["source"] as? String)
                let folder = try #require(result["folder"] as? String)
                let id = try #require(result["id"] as? String)
                let thumbnail = try await client.execute(uri: "/api/sources/\(source)/folders/\(folder)/items/\(id)/thumbnail", method: .get)
                #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/jpeg", "\(result)")
            }
            let local = try #require(found.first { $0["source"] as? String == "local-0" })
            #expect(
                local["name"] as? String == "wedding.jpg" && local["kind"] as? String == "folders" && local["keywords"] as? [String] == ["wedding"])
            #expect(try await search(client, "camera:canon").compactMap { $0["name"] as? String } == ["wedding.jpg"])
            #expect(try await search(client, "source:folders -camera:canon").compactMap { $0["name"] as? String } == ["other.jpg"])

            let refused = try await client.execute(uri: "/api/search?q=date:2019-13", method: .get)
            #expect(refused.status == .badRequest)
            #expect((try APITestSupport.json(refused)["error"] as? String)?.contains("'date:2019-13' is not a date") == true)
            let tooMany = try await client.execute(uri: "/api/search?q=x&limit=0", method: .get)
            #expect(tooMany.status == .badRequest)
        }
    }

    @Test("album: finds the photos of the albums it names by content; a damaged albums file is said, not searched as empty")
    func albums() async throws {
        try await Fixtures.datedPhoto(at: photos + "/kept.jpg", tags: ["-Make=Canon"])
        try await Fixtures.datedPhoto(at: photos + "/other.jpg", tags: ["-Make=NIKON"])
        _ = try await engine.index(try engine.localSource(root: photos))
        let kept = try engine.albumPhoto(ofFileAt: photos + "/kept.jpg")
        try await engine.albums.edit { book, device in
            try book.create("Travel/Rome", isFolder: false, device: device)
            try book.add([kept], to: "Travel/Rome", device: device)
        }
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
        try await app.test(.router) { client in
            #expect(try await search(client, "album:rome").compactMap { $0["name"] as? String } == ["kept.jpg"])
            #expect(try await search(client, "-album:travel").compactMap { $0["name"] as? String } == ["other.jpg"])
            #expect(try await search(client, "album:paris").isEmpty)

            try "{\"albums\": [".write(toFile: engine.albums.path, atomically: true, encoding: .utf8)
            let damaged = try await client.execute(uri: "/api/search?q=album:rome", method: .get)
            #expect(damaged.status == .internalServerError)
            #expect((try APITestSupport.json(damaged)["error"] as? String)?.contains("The albums file") == true)
        }
    }

    @Test("A query opens as a folder of the search source: the served sources are indexed first, and each photo is its source's")
    func resultsAsAFolder() async throws {
        try await Fixtures.datedPhoto(at: photos + "/wedding.jpg", tags: ["-XMP-dc:Subject=wedding"])
        try await Fixtures.datedPhoto(at: photos + "/other.jpg", tags: [])
        let library = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: folder)
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], libraries: [library], port: 0), engine: engine)
        try await app.test(.router) { client in
            let sources = try await client.execute(uri: "/api/sources", method: .get) { try APITestSupport.json($0) }
            let search = (sources["sources"] as? [[String: Any]])?.first { $0["id"] as? String == "search" }
            #expect(search?["kind"] as? String == "search" && search?["configured"] as? Bool == true, "\(sources)")

            // Nothing was indexed before: opening the query indexes the served sources.
            let query = "wedding".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let rows = try await APITestSupport.rows(client, source: "search", folder: query)
            let names = rows.compactMap { $0[1] as? String }
            #expect(names.contains("wedding.jpg") && !names.contains("other.jpg"), "\(rows)")
            #expect(names.count > 1, "the library's wedding photos are found too: \(names)")
            for row in rows {
                let id = try #require(row[0] as? String)
                let thumbnail = try await client.execute(uri: "/api/sources/search/folders/\(query)/items/\(id)/thumbnail", method: .get)
                #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/jpeg", "\(row)")
                let metadata = try await client.execute(uri: "/api/sources/search/folders/\(query)/items/\(id)/metadata", method: .get)
                #expect(metadata.status == .ok, "\(row)")
            }
            let local = try #require(rows.first { $0[1] as? String == "wedding.jpg" }?[0] as? String)
            let original = try await client.execute(uri: "/api/sources/search/folders/\(query)/items/\(local)/original", method: .get)
            let size = try FileStatus(path: photos + "/wedding.jpg").size
            #expect(original.status == .ok && Int64(original.body.readableBytes) == size)

            // The facets count what the photos found have in common, each with the term that narrows to it.
            let facets = try await client.execute(uri: "/api/search/facets?q=\(query)", method: .get) { try APITestSupport.json($0) }
            let keywords = try #require(facets["keywords"] as? [[String: Any]])
            let wedding = try #require(keywords.first { $0["term"] as? String == "keyword:wedding" }, "\(facets)")
            #expect((wedding["count"] as? Int).map { (1...rows.count).contains($0) } == true && wedding["label"] as? String == "wedding")
            let kinds = try #require(facets["kinds"] as? [[String: Any]])
            #expect(kinds.compactMap { $0["count"] as? Int }.reduce(0, +) >= rows.count, "every photo has a kind: \(kinds)")
            let narrowed = try await APITestSupport.rows(
                client, source: "search",
                folder: "wedding%20" + ((wedding["term"] as? String)?.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""))
            #expect(narrowed.count == wedding["count"] as? Int)

            // A field's colon comes percent-encoded in the path, as the page writes it.
            let field = try await APITestSupport.rows(client, source: "search", folder: "keyword%3Awedding%20source%3Afolders")
            #expect(field.compactMap { $0[1] as? String } == ["wedding.jpg"])

            let forged = SearchResultID(source: "local-0", folder: "..", item: "../../etc/passwd").id
            let refused = try await client.execute(uri: "/api/sources/search/folders/\(query)/items/\(forged)/original", method: .get)
            #expect(refused.status.code >= 400 && refused.status.code < 500)
            let unreadable = try await client.execute(uri: "/api/sources/search/folders/date%3A2019-13", method: .get)
            #expect(unreadable.status == .badRequest)
        }
    }

    @Test("A search and a timeline opened again after a photo came are listed as the index is now, not as they were first")
    func openedAgainAfterAChange() async throws {
        try await Fixtures.datedPhoto(at: photos + "/wedding.jpg", tags: ["-XMP-dc:Subject=wedding", "-DateTimeOriginal=2019:06:01 10:00:00"])
        var configuration = ServerConfiguration(folders: [photos], port: 0)
        configuration.searchIndexFreshness = .zero
        let app = try APITestSupport.application(configuration, engine: engine)
        try await app.test(.router) { client in
            let everyPhoto = "~"
            func names(_ source: String, _ folder: String) async throws -> [String] {
                try await APITestSupport.rows(client, source: source, folder: folder).compactMap { $0[1] as? String }.sorted()
            }
            #expect(try await names("search", "wedding") == ["wedding.jpg"])
            #expect(try await names("photos", everyPhoto) == ["wedding.jpg"])

            try await Fixtures.datedPhoto(at: photos + "/vows.jpg", tags: ["-XMP-dc:Subject=wedding", "-DateTimeOriginal=2019:06:02 10:00:00"])
            // The page opens each again: the folder first, then its rows.
            for (source, folder) in [("search", "wedding"), ("photos", everyPhoto)] {
                let reopened = try await client.execute(uri: "/api/sources/\(source)/folders/\(folder)", method: .get)
                #expect(reopened.status == .ok)
                try await waitUntil { (try? await names(source, folder)) == ["vows.jpg", "wedding.jpg"] }
            }
        }
    }

    @Test("Places lists countries, regions and cities, People the library's named people: each a folder with its count, cover and photos")
    func placesAndPeople() async throws {
        let library = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: folder)
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], libraries: [library], port: 0), engine: engine)
        try await app.test(.router) { client in
            func json(_ uri: String) async throws -> [String: Any] {
                try await client.execute(uri: uri, method: .get) { try APITestSupport.json($0) }
            }
            func encoded(_ id: String) -> String { id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? id }
            /// A tile's count and cover, and that the cover's thumbnail is served.
            func summary(_ source: String, _ id: String) async throws -> Int? {
                let summary = try await json("/api/sources/\(source)/folders/\(encoded(id))/summary")
                let cover = try #require((summary["cover"] as? [String: Any])?["id"] as? String, "\(summary)")
                let thumbnail = try await client.execute(uri: "/api/sources/\(source)/folders/\(encoded(id))/items/\(cover)/thumbnail", method: .get)
                #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/jpeg")
                return summary["count"] as? Int
            }
            let sources = try await json("/api/sources")["sources"] as? [[String: Any]] ?? []
            let kinds = Set(sources.compactMap { $0["kind"] as? String })
            #expect(kinds.isSuperset(of: ["places", "people"]), "\(sources)")

            // Opening the view indexes the served sources; the index then says what it should list.
            let root = try await json("/api/sources/places/folders/~")
            let countries = try engine.searchIndex.places(of: SearchQuery(parsing: "has:gps"), within: [library, photos])
            #expect(!countries.isEmpty, "the library's photos were taken in several countries")
            #expect((root["folders"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == countries.map { $0.countryCode ?? "" })
            let country = try #require(countries.first)
            let code = try #require(country.countryCode)
            #expect(try await summary("places", code) == country.count)
            #expect(try await APITestSupport.rows(client, source: "places", folder: code).count == country.count)
            let region = try #require(country.places.first, "\(country)")
            let regionFolder = try await json("/api/sources/places/folders/\(encoded(code + "|" + region.name))")
            #expect((regionFolder["breadcrumb"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Places", country.name, region.name])
            #expect((regionFolder["folders"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == region.places.map(\.name))
            if let city = region.places.first {
                let rows = try await APITestSupport.rows(client, source: "places", folder: encoded(code + "|" + region.name + "|" + city.name))
                #expect(rows.count == city.count)
            }
            let nowhere = try await client.execute(uri: "/api/sources/places/folders/ZZ", method: .get)
            #expect(nowhere.status == .notFound)
            // Ids an attacker writes: too deep, empty parts, FTS5 syntax, quotes, a forged item: 404, never a 500.
            let hostile = ["IT%7C%7C", "IT%7Ca%7Cb%7Cc", "%22%29%20OR%20%2A", "NEAR%28a%20b%29", String(repeating: "%7C", count: 500)]
            for id in hostile {
                for source in ["places", "people"] {
                    let answer = try await client.execute(uri: "/api/sources/\(source)/folders/\(id)", method: .get)
                    #expect(answer.status == .notFound, "\(source)/\(id)")
                    let summary = try await client.execute(uri: "/api/sources/\(source)/folders/\(id)/summary", method: .get)
                    #expect(summary.status == .notFound, "\(source)/\(id)/summary")
                }
            }
            let forged = SearchResultID(source: "places", folder: "~", item: "x").id
            let loop = try await client.execute(uri: "/api/sources/places/folders/~/items/\(forged)/original", method: .get)
            #expect(loop.status == .notFound, "an item naming a view, not a served source")

            let people = try engine.searchIndex.facets(of: SearchQuery(parsing: "has:people"), within: [library], limit: 100).people
            #expect(!people.isEmpty)
            let listed = try await json("/api/sources/people/folders/~")["folders"] as? [[String: Any]]
            #expect(listed?.compactMap { $0["name"] as? String } == people.map(\.label))
            let person = try #require(people.first)
            #expect(try await summary("people", person.label) == person.count)
            #expect(try await APITestSupport.rows(client, source: "people", folder: encoded(person.label)).count == person.count)
        }
    }

    @Test("The map's points are the geotagged photos found, each under its id in the results, newest first, and capped with a word")
    func points() async throws {
        let gps = { (latitude: String, longitude: String) in
            [
                "-GPSLatitude=\(latitude.trimmingCharacters(in: ["-"]))", "-GPSLatitudeRef=\(latitude.hasPrefix("-") ? "S" : "N")",
                "-GPSLongitude=\(longitude.trimmingCharacters(in: ["-"]))", "-GPSLongitudeRef=\(longitude.hasPrefix("-") ? "W" : "E")",
            ]
        }
        try await Fixtures.datedPhoto(
            at: photos + "/rome.jpg", tags: ["-DateTimeOriginal=2019:06:01 10:00:00", "-XMP-dc:Subject=trip"] + gps("41.9", "12.5"))
        try await Fixtures.datedPhoto(
            at: photos + "/fiji.jpg", tags: ["-DateTimeOriginal=2020:06:01 10:00:00", "-XMP-dc:Subject=trip"] + gps("-17", "179.5"))
        try await Fixtures.datedPhoto(at: photos + "/home.jpg", tags: ["-DateTimeOriginal=2021:06:01 10:00:00", "-XMP-dc:Subject=trip"])
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
        try await app.test(.router) { client in
            // Nothing was indexed before: the points wait for the index, as the facets do.
            let answer = try await client.execute(uri: "/api/search/points?q=trip", method: .get) { try APITestSupport.json($0) }
            #expect(answer["fields"] as? [String] == ["id", "latitude", "longitude"] && answer["capped"] as? Bool == false, "\(answer)")
            #expect(answer["count"] as? Int == 2 && answer["limit"] as? Int == 100_000)
            let points = try #require(answer["points"] as? [[Any]])
            #expect(points.compactMap { $0[1] as? Double } == [-17, 41.9], "newest first, only the geotagged: \(points)")
            #expect(points.compactMap { $0[2] as? Double } == [179.5, 12.5])

            // Each point's id is the photo's in the results, whose thumbnail it opens.
            let rows = try await APITestSupport.rows(client, source: "search", folder: "trip")
            let ids = Dictionary(uniqueKeysWithValues: rows.compactMap { row in (row[0] as? String).map { ($0, row[1] as? String ?? "") } })
            #expect(points.compactMap { ids[$0[0] as? String ?? ""] } == ["fiji.jpg", "rome.jpg"], "\(rows)")
            for point in points {
                let id = try #require(point[0] as? String)
                let thumbnail = try await client.execute(uri: "/api/sources/search/folders/trip/items/\(id)/thumbnail", method: .get)
                #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/jpeg")
            }

            // A box across the antimeridian finds Fiji alone; one point of two is capped, and says so.
            let fiji = try await client.execute(uri: "/api/search/points?q=trip%20area%3A-20%2C170%2C-10%2C-170", method: .get) {
                try APITestSupport.json($0)
            }
            #expect((fiji["points"] as? [[Any]])?.compactMap { $0[0] as? String }.compactMap { ids[$0] } == ["fiji.jpg"], "\(fiji)")
            let capped = try await client.execute(uri: "/api/search/points?q=trip&limit=1", method: .get) { try APITestSupport.json($0) }
            #expect(capped["count"] as? Int == 1 && capped["capped"] as? Bool == true && capped["limit"] as? Int == 1, "\(capped)")

            let upsideDown = try await client.execute(uri: "/api/search/points?q=area%3A10%2C0%2C5%2C1", method: .get)
            #expect(upsideDown.status == .badRequest)
            #expect((try APITestSupport.json(upsideDown)["error"] as? String)?.contains("south north of its north") == true)
            let notANumber = try await client.execute(uri: "/api/search/points?q=area%3Anan%2C0%2C1%2C1", method: .get)
            #expect((try APITestSupport.json(notANumber)["error"] as? String)?.contains("four numbers") == true)
            for limit in ["0", "100001", "x"] {
                let refused = try await client.execute(uri: "/api/search/points?q=trip&limit=\(limit)", method: .get)
                #expect(refused.status == .badRequest, "limit=\(limit)")
            }
        }
    }
}
