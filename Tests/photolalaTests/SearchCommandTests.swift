import Foundation
import PhotolalaTestSupport
import Testing

/// `photolala search`, `places` and `index`: the contracts of their JSON, what they index first,
/// and what a query that cannot be read says.
@Suite("photolala search, places and index")
struct SearchCommandTests {
    /// A folder of three photos: one in Rome by a Canon, one in Paris, one with a keyword and
    /// no position; the place data given to every run.
    private func collection(_ cli: CLI) async throws -> (folder: String, environment: [String: String]) {
        let folder = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: folder + "/italy", withIntermediateDirectories: true)
        try await Fixtures.datedPhoto(
            at: folder + "/italy/rome.jpg",
            tags: [
                "-DateTimeOriginal=2019:06:15 14:00:00", "-Make=Canon", "-Model=Canon EOS R5", "-GPSLatitude=41.8986", "-GPSLatitudeRef=N",
                "-GPSLongitude=12.4769", "-GPSLongitudeRef=E", "-XMP-xmp:Rating=4",
            ])
        try await Fixtures.datedPhoto(
            at: folder + "/paris.jpg",
            tags: [
                "-DateTimeOriginal=2019:07:01 09:00:00", "-GPSLatitude=48.8530", "-GPSLatitudeRef=N", "-GPSLongitude=2.3499", "-GPSLongitudeRef=E",
            ])
        try await Fixtures.datedPhoto(at: folder + "/party.jpg", tags: ["-DateTimeOriginal=2021:01:01 00:30:00", "-XMP-dc:Subject=wedding"])
        return (folder, ["PHOTOLALA_PLACE_DATA": try await Fixtures.places()])
    }

    @Test("search --json rows carry the contract's keys; the folder is indexed first, with a line saying so")
    func searchJSON() async throws {
        let cli = try CLI()
        let (folder, environment) = try await collection(cli)
        let output = try await cli.run(["search", "place:italy camera:canon", "--in", folder, "--json"], environment: environment)
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardError.contains("Indexing \(folder): 3 photos (3 read)."), "\(output.standardError)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let rows = try #require(json["results"] as? [[String: Any]])
        #expect(json["count"] as? Int == 1 && rows.count == 1)
        let row = try #require(rows.first)
        #expect(
            Set(row.keys)
                == [
                    "source", "id", "name", "date", "path", "place", "keywords", "rating", "colorLabel", "title", "description", "camera", "lens",
                    "latitude", "longitude",
                ])
        #expect(row["source"] as? String == "folders")
        #expect(row["id"] as? String == "italy/rome.jpg")
        #expect(row["path"] as? String == folder + "/italy/rome.jpg")
        #expect(row["date"] as? String == "2019-06-15T14:00:00", "the photo's own clock")
        #expect(row["rating"] as? Int == 4)
        #expect(row["camera"] as? String == "Canon EOS R5" && row["lens"] is NSNull)
        #expect(row["latitude"] as? Double == 41.8986 && row["longitude"] as? Double == 12.4769)
        let place = row["place"] as? [String: Any]
        #expect(place?["country"] as? String == "Italy" && place?["countryCode"] as? String == "IT" && place?["city"] as? String == "Rome")

        let plain = try await cli.run(["search", "wedding OR date:2019", "--in", folder], environment: environment)
        #expect(plain.standardOutput.isEmpty, "OR is a word here, and no photo has it: \(plain.standardOutput)")
        let years = try await cli.run(["search", "date:2019", "--in", folder], environment: environment)
        #expect(years.standardOutput == "\(folder)/paris.jpg\n\(folder)/italy/rome.jpg\n", "newest first")
        #expect(years.standardError.hasSuffix("2 photos found.\n"))
    }

    @Test("places --json counts the photos of each country, region and city")
    func places() async throws {
        let cli = try CLI()
        let (folder, environment) = try await collection(cli)
        let output = try await cli.run(["places", folder, "--json"], environment: environment)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        let countries = try #require(json["countries"] as? [[String: Any]])
        #expect(Set(countries.compactMap { $0["countryCode"] as? String }) == ["IT", "FR"])
        let italy = try #require(countries.first { $0["countryCode"] as? String == "IT" })
        #expect(italy["name"] as? String == "Italy" && italy["count"] as? Int == 1)
        let region = try #require((italy["places"] as? [[String: Any]])?.first)
        #expect(region["name"] as? String == "Latium" && (region["places"] as? [[String: Any]])?.first?["name"] as? String == "Rome")
        let text = try await cli.run(["places", folder], environment: environment).standardOutput
        #expect(text.contains("Italy (IT): 1 photo\n  Latium: 1\n    Rome: 1\n"), "\(text)")
    }

    @Test("index --rebuild makes the index anew from every source it held, a library's among them, reading only the photos' headers again")
    func rebuild() async throws {
        let cli = try CLI()
        let (folder, environment) = try await collection(cli)
        let library = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: cli.folder)
        _ = try await cli.run(["search", "x", "--in", folder, "--library", library], environment: environment)
        let rebuilt = try await cli.run(["index", "--rebuild"], environment: environment)
        #expect(rebuilt.status == 0, "\(rebuilt.standardError)")
        // A header read records nothing of a file: the index was its record.
        #expect(rebuilt.standardError.contains("Indexing \(folder): 3 photos (3 read)."), "\(rebuilt.standardError)")
        let weddings = try await cli.json("search", "wedding", "--json")
        let rows = try #require(weddings["results"] as? [[String: Any]])
        #expect(Set(rows.compactMap { $0["source"] as? String }) == ["folders", "photos"], "\(rows)")
        let fromLibrary = try #require(rows.first { $0["source"] as? String == "photos" })
        #expect(fromLibrary["uuid"] as? String == fromLibrary["id"] as? String && fromLibrary["path"] == nil)
    }

    @Test("A query that cannot be read says how to write it, and exits 64")
    func badQuery() async throws {
        let output = try await CLI().run("search", "kind:raws")
        #expect(output.status == 64)
        #expect(output.standardError.contains("'kind:raws' is not understood; kind: takes one of photo, video, raw"), "\(output.standardError)")
    }
}
