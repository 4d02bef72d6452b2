import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("Places from GPS positions")
struct PlaceFinderTests {
    private func finder() async throws -> PlaceFinder {
        try PlaceFinder.load(from: try await Fixtures.places())
    }

    @Test("A position gets its country, region and nearest city of that country")
    func cities() async throws {
        let places = try await finder()
        #expect(
            places.place(latitude: 41.8986, longitude: 12.4769)
                == Place(country: "Italy", countryCode: "IT", region: "Latium", city: "Rome"),
            "the Pantheon: Vatican City is nearer, but another country")
        #expect(places.place(latitude: 35.6586, longitude: 139.7454)?.countryCode == "JP")
        #expect(places.place(latitude: 37.5665, longitude: 126.9780)?.country == "South Korea", "ISO's common name")
        #expect(places.place(latitude: -33.8688, longitude: 151.2093)?.city == "Sydney", "the town hall")
    }

    @Test("Near a border, the country whose borders hold the point, not the nearest town's")
    func borders() async throws {
        let places = try await finder()
        // Strasbourg's east end, 1.3 km from Kehl in Germany across the Rhine, 4 km from
        // Strasbourg's centre.
        let strasbourg = places.place(latitude: 48.5740, longitude: 7.7980)
        #expect(strasbourg == Place(country: "France", countryCode: "FR", region: "Alsace", city: "Strasbourg"))
        #expect(places.place(latitude: 48.5728, longitude: 7.8152)?.countryCode == "DE", "Kehl itself")
    }

    @Test("Across the antimeridian, at the poles and at sea: a place or none, never a wrong one")
    func edges() async throws {
        let places = try await finder()
        let fiji = try #require(places.place(latitude: -16.80, longitude: -179.97))
        #expect(fiji.countryCode == "FJ" && fiji.city != nil, "a Fijian town across ±180°: \(fiji)")
        #expect(places.place(latitude: -89.9, longitude: 0)?.countryCode == "AQ")
        #expect(places.place(latitude: 90, longitude: 0) == nil, "the North Pole is sea")
        #expect(places.place(latitude: 30, longitude: -40) == nil, "the middle of the Atlantic")
    }

    @Test("What is not a position is no place")
    func notPositions() async throws {
        let places = try await finder()
        for (latitude, longitude) in [(Double.nan, 0.0), (0, .nan), (.infinity, 0), (90.5, 0), (0, 180.5), (-91, -181)] {
            #expect(places.place(latitude: latitude, longitude: longitude) == nil, "\(latitude), \(longitude)")
        }
    }

    @Test("A photo's metadata names the place of its position; without place data it has none")
    func metadataPlace() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("pantheon.jpg")
        try await Fixtures.datedPhoto(at: path, tags: ["-GPSLatitude=41.8986", "-GPSLatitudeRef=N", "-GPSLongitude=12.4769", "-GPSLongitudeRef=E"])
        var configuration = EngineConfiguration(cacheDirectory: folder.path("cache"), dataDirectory: folder.path("data"))
        configuration.placeDataDirectory = try await Fixtures.places()
        let metadata = try await Engine(configuration: configuration).metadata(ofFileAt: path)
        #expect(metadata.place == (try await finder()).place(latitude: 41.8986, longitude: 12.4769))
        #expect(metadata.place?.city == "Rome")

        configuration.placeDataDirectory = nil
        #expect(try await Engine(configuration: configuration).metadata(ofFileAt: path).place == nil)
        configuration.placeDataDirectory = folder.path("nowhere")
        #expect(try await Engine(configuration: configuration).metadata(ofFileAt: path).place == nil, "missing data is logged, not thrown")
    }

    @Test("The data is found where PHOTOLALA_PLACE_DATA says, and only where places.tsv is")
    func locate() async throws {
        let places = try await Fixtures.places()
        #expect(PlaceData.locate(environment: ["PHOTOLALA_PLACE_DATA": places]) == places)
        let empty = try TemporaryDirectory()
        #expect(PlaceData.locate(environment: ["PHOTOLALA_PLACE_DATA": empty.path]) != empty.path)
    }

    @Test("Missing data is an error that says how to mend it")
    func missingData() throws {
        let folder = try TemporaryDirectory()
        #expect {
            try PlaceFinder.load(from: folder.path)
        } throws: { error in
            "\(error)".contains("countries.tsv") && "\(error)".contains("Scripts/make-places.py")
        }
    }

    @Test("Damaged lines are skipped, and a pipe in place of a data file is refused, not waited on")
    func hostileData() async throws {
        let folder = try TemporaryDirectory()
        try "IT\tItaly\nnot a line\n".write(toFile: folder.path("countries.tsv"), atomically: true, encoding: .utf8)
        let places = [
            "41.9\t12.5\tRome\tLatium\tIT", "nan\t12.5\tNowhere\t\tIT", "95\t12.5\tBeyond\t\tIT", "41.9\t12.5\tshort",
            "41.9\t1e400\tHuge\t\tIT",
        ]
        try places.joined(separator: "\n").write(toFile: folder.path("places.tsv"), atomically: true, encoding: .utf8)
        try "IT\t12,41 13,41 13,42 12,42\nIT\tnot,points 1,2\nbad line\n".write(
            toFile: folder.path("borders.tsv"), atomically: true, encoding: .utf8)
        let finder = try PlaceFinder.load(from: folder.path)
        #expect(finder.place(latitude: 41.9, longitude: 12.5) == Place(country: "Italy", countryCode: "IT", region: "Latium", city: "Rome"))
        #expect(finder.grid.entries.map(\.name) == ["Rome"])

        let pipe = try NamedPipe(at: folder.path("borders.tsv"))
        let refused = await withinDeadline(.seconds(10), onTimeout: pipe.release) {
            (try? PlaceFinder.load(from: folder.path)) == nil
        }
        pipe.release()
        #expect(refused == true, "a FIFO as borders.tsv: nil when the load hung")
    }
}
