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

    @Test("Anywhere, the country every edge of the borders says, and its nearest place of all")
    func agreesWithEveryEdgeAndPlace() async throws {
        let places = try await finder()
        // Points spread evenly over the world, and as many just beside an edge of a border or a
        // coast, where a point's country is hardest to tell (the R2 sequence: no two alike, no
        // pattern the bands or cells could fall in with).
        let edges = places.borders.bands.flatMap(\.edges)
        let points = (0..<600).map { index -> (Double, Double) in
            let (u, v) = (
                (Double(index) * 0.754_877_666).truncatingRemainder(dividingBy: 1), (Double(index) * 0.569_840_291).truncatingRemainder(dividingBy: 1)
            )
            guard index.isMultiple(of: 2) else { return (-90 + 180 * u, -180 + 360 * v) }
            let edge = edges[Int(u * Double(edges.count))]
            let (latitude, longitude) = (Double(edge.y1 + edge.y2) / 2 + (v - 0.5) / 50, Double(edge.x1 + edge.x2) / 2 + (u - 0.5) / 50)
            return (min(90, max(-90, latitude)), min(180, max(-180, longitude)))
        }
        for (latitude, longitude) in points {
            // The country: of every edge of the point's band (which holds every edge crossing its
            // latitude), those a ray east crosses an odd number of times.
            var odd: [Int32] = []
            for edge in places.borders.bands[CountryBorders.band(Double(Float(latitude)))].edges
            where edge.crosses(eastOf: Float(longitude), at: Float(latitude)) {
                if let index = odd.firstIndex(of: edge.country) { odd.remove(at: index) } else { odd.append(edge.country) }
            }
            // The nearest place, of that country within the city radius, else of any within the
            // offshore one.
            func nearest(within kilometres: Double, country: Int32?) -> PlaceGrid.Entry? {
                let scale = cos(latitude * .pi / 180)
                var best: (entry: PlaceGrid.Entry, distance: Double)?
                for entry in places.grid.entries where country == nil || entry.country == country {
                    var dLon = abs(Double(entry.longitude) - longitude)
                    if dLon > 180 { dLon = 360 - dLon }
                    let dLat = Double(entry.latitude) - latitude
                    let distance = (dLat * dLat + dLon * dLon * scale * scale).squareRoot() * PlaceGrid.kilometresPerDegree
                    if distance <= kilometres, distance < best?.distance ?? .infinity { best = (entry, distance) }
                }
                return best?.entry
            }
            let country = odd.min()
            let city =
                country.map { nearest(within: PlaceFinder.cityRadius, country: $0) } ?? nearest(within: PlaceFinder.offshoreRadius, country: nil)
            let found = places.place(latitude: latitude, longitude: longitude)
            let expected = (country ?? city?.country).map { places.countryCodes[Int($0)] }
            #expect(found?.countryCode == expected, "\(latitude), \(longitude)")
            #expect(found?.city == city?.name, "\(latitude), \(longitude)")
        }
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
