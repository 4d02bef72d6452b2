import Foundation
import PhotolalaTestSupport
import Testing

@Suite("photolala library")
struct LibraryCommandTests {
    /// Which listing is compared: Photolala's flags and osxphotos's for the same photos.
    enum Listing: String, CaseIterable, Sendable {
        /// All Photos: osxphotos lists hidden photos unless told not to, and never deleted ones
        /// without --deleted; both leave out unselected burst frames.
        case allPhotos
        /// Everything, hidden and recently deleted too.
        case everything

        var ours: [String] { self == .allPhotos ? [] : ["--include-hidden", "--include-trashed"] }
        var theirs: [String] { self == .allPhotos ? ["--not-hidden"] : ["--deleted"] }
    }

    @Test(
        "library list --json agrees with osxphotos, by default and with hidden and deleted photos",
        arguments: [PhotosLibraries.catalina, PhotosLibraries.ventura], Listing.allCases)
    func agreesWithOsxphotos(name: String, listing: Listing) async throws {
        let cli = try CLI()
        let ours = try await PhotosLibraries.copy(name, into: cli.folder)
        let theirsFolder = try TemporaryDirectory()
        let theirs = try await PhotosLibraries.copy(name, into: theirsFolder)
        try await compare(cli, ours: ours, theirs: theirs, listing: listing)
    }

    @Test(
        "library list --json agrees with osxphotos on a burst and a shared album added to the library",
        arguments: [PhotosLibraries.catalina, PhotosLibraries.ventura])
    func burstAndSharedAlbumAgreeWithOsxphotos(name: String) async throws {
        let cli = try CLI()
        let ours = try await PhotosLibraries.copy(name, into: cli.folder)
        let theirsFolder = try TemporaryDirectory()
        let theirs = try await PhotosLibraries.copy(name, into: theirsFolder)
        var shared: [PhotosLibraries.SharedAlbum] = []
        for path in [ours, theirs] {
            try await PhotosLibraries.addBurst(to: path)
            shared.append(try await PhotosLibraries.addSharedAlbum(to: path))
        }
        try await compare(cli, ours: ours, theirs: theirs, listing: .allPhotos)
        let uuids = await Set(
            try #require(try cli.json("library", "list", ours, "--json")["items"] as? [[String: Any]]).compactMap { $0["uuid"] as? String })
        #expect(uuids.contains(shared[0].assetUUID))
        #expect(!uuids.contains("6191423D-8DB8-4D4C-92BE-9BBBA308AAC4") && !uuids.contains("1EB2B765-0765-43BA-A90C-0D0580E6172C"))
    }

    @Test("album members come in the same order as osxphotos's AlbumInfo.photos", arguments: [PhotosLibraries.catalina, PhotosLibraries.ventura])
    func albumOrderAgreesWithOsxphotos(name: String) async throws {
        let cli = try CLI()
        let ours = try await PhotosLibraries.copy(name, into: cli.folder)
        let theirsFolder = try TemporaryDirectory()
        let theirs = try await PhotosLibraries.copy(name, into: theirsFolder)
        let script = """
            import json, sys, osxphotos
            db = osxphotos.PhotosDB(dbfile=sys.argv[1])
            print(json.dumps({a.uuid: [p.uuid for p in a.photos] for a in db.album_info}))
            """
        let output = try await Shell.capture("python3", ["-c", script, theirs])
        try #require(output.status == 0, "osxphotos failed: \(output.standardError)")
        let reference = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: [String]])
        #expect(reference.count >= 9)
        for (album, members) in reference {
            let listed = try await cli.json("library", "list", ours, "--json", "--album", album, "--include-hidden", "--include-trashed")
            #expect((listed["items"] as? [[String: Any]])?.compactMap { $0["uuid"] as? String } == members, "\(album)")
        }
    }

    @Test(
        "library list --json names the people, title, description, keywords and place osxphotos reads",
        arguments: [PhotosLibraries.catalina, PhotosLibraries.ventura])
    func peopleAgreeWithOsxphotos(name: String) async throws {
        let cli = try CLI()
        let ours = try await PhotosLibraries.copy(name, into: cli.folder)
        let theirsFolder = try TemporaryDirectory()
        let theirs = try await PhotosLibraries.copy(name, into: theirsFolder)
        // osxphotos names a face of nobody in particular _UNKNOWN_; Photolala leaves it out.
        let script = """
            import json, sys, osxphotos
            db = osxphotos.PhotosDB(dbfile=sys.argv[1])
            def place(p):
                if not p.place or not (p.place.names.country or p.place.address.country):
                    return None
                names = p.place.names
                return {"country": (names.country or [p.place.address.country])[0], "countryCode": p.place.country_code,
                    "region": (names.state_province or [None])[0], "city": (names.city or [None])[0]}
            print(json.dumps({p.uuid: {"persons": sorted(set(p.persons) - {"_UNKNOWN_"}), "title": p.title, "description": p.description,
                "keywords": sorted(p.keywords), "place": place(p)} for p in db.photos()}))
            """
        let output = try await Shell.capture("python3", ["-c", script, theirs])
        try #require(output.status == 0, "osxphotos failed: \(output.standardError)")
        let reference = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: [String: Any]])
        let items = try #require(try await cli.json("library", "list", ours, "--json")["items"] as? [[String: Any]])
        #expect(items.contains { ($0["persons"] as? [String])?.isEmpty == false }, "the library names people")
        #expect(items.contains { $0["place"] is [String: Any] }, "the library names places")
        for item in items {
            let uuid = try #require(item["uuid"] as? String)
            let theirs = try #require(reference[uuid], "osxphotos lists \(uuid)")
            #expect(item["persons"] as? [String] == theirs["persons"] as? [String], "\(uuid)")
            #expect(item["title"] as? String == theirs["title"] as? String, "\(uuid)")
            #expect(item["description"] as? String == theirs["description"] as? String, "\(uuid)")
            #expect((item["keywords"] as? [String])?.sorted() == theirs["keywords"] as? [String], "\(uuid)")
            #expect(Self.place(item["place"]) == Self.place(theirs["place"]), "\(uuid)")
        }
    }

    @Test(
        "library list --json gives the scene labels osxphotos reads from Photos' search index",
        arguments: [
            (PhotosLibraries.catalina, PhotosLibraries.SearchIndexForm.psi), (PhotosLibraries.ventura, .psi), (PhotosLibraries.ventura, .leo),
        ])
    func labelsAgreeWithOsxphotos(name: String, form: PhotosLibraries.SearchIndexForm) async throws {
        let cli = try CLI()
        let ours = try await PhotosLibraries.copy(name, into: cli.folder)
        let theirsFolder = try TemporaryDirectory()
        let theirs = try await PhotosLibraries.copy(name, into: theirsFolder)
        for bundle in [ours, theirs] {
            try await PhotosLibraries.addSearchIndex(to: bundle, form: form)
        }
        let script = """
            import json, sys, osxphotos
            db = osxphotos.PhotosDB(dbfile=sys.argv[1])
            print(json.dumps({p.uuid: sorted(set(p.labels)) for p in db.photos()}))
            """
        let output = try await Shell.capture("python3", ["-c", script, theirs])
        try #require(output.status == 0, "osxphotos failed: \(output.standardError)")
        let reference = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: [String]])
        let items = try #require(try await cli.json("library", "list", ours, "--json")["items"] as? [[String: Any]])
        #expect(items.contains { ($0["labels"] as? [String])?.contains("Palm Tree") == true }, "the library has labels")
        for item in items {
            let uuid = try #require(item["uuid"] as? String)
            #expect(item["labels"] as? [String] == reference[uuid], "\(uuid)")
        }
        let found = try await cli.json("search", "label:\"palm tree\"", "--library", ours, "--json")
        let palmTrees = Set(items.filter { ($0["labels"] as? [String])?.contains("Palm Tree") == true }.compactMap { $0["uuid"] as? String })
        #expect(Set((found["results"] as? [[String: Any]])?.compactMap { $0["uuid"] as? String } ?? []) == palmTrees)
    }

    /// A JSON place as its four values in NFC, for comparing; `nil` for none.
    private static func place(_ value: Any?) -> [String?]? {
        guard let place = value as? [String: Any] else { return nil }
        return ["country", "countryCode", "region", "city"].map {
            ($0 == "countryCode" ? (place[$0] as? String)?.uppercased() : place[$0] as? String)?.precomposedStringWithCanonicalMapping
        }
    }

    /// Compares `library list --json` with `osxphotos query --json` item by item.
    private func compare(_ cli: CLI, ours: String, theirs: String, listing: Listing) async throws {
        let report = try await cli.json(["library", "list", ours, "--json"] + listing.ours)
        let items = try #require(report["items"] as? [[String: Any]])
        let output = try await Shell.capture("osxphotos", ["query", "--library", theirs, "--json"] + listing.theirs)
        try #require(output.status == 0, "osxphotos failed (Scripts/install-deps.sh installs it): \(output.standardError)")
        let reference = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [[String: Any]])

        #expect(items.count == reference.count)
        #expect(Set(items.compactMap { $0["uuid"] as? String }) == Set(reference.compactMap { $0["uuid"] as? String }))
        let expected = Dictionary(uniqueKeysWithValues: reference.compactMap { photo in (photo["uuid"] as? String).map { ($0, photo) } })
        for item in items {
            let uuid = try #require(item["uuid"] as? String)
            let photo = try #require(expected[uuid])
            #expect(item["originalFilename"] as? String == photo["original_filename"] as? String, "\(uuid)")
            #expect(item["width"] as? Int == photo["width"] as? Int, "\(uuid)")
            #expect(item["height"] as? Int == photo["height"] as? Int, "\(uuid)")
            #expect(item["favorite"] as? Bool == photo["favorite"] as? Bool, "\(uuid)")
            #expect(item["hidden"] as? Bool == photo["hidden"] as? Bool, "\(uuid)")
            #expect(item["trashed"] as? Bool == photo["intrash"] as? Bool, "\(uuid)")
            #expect(item["isPhoto"] as? Bool == photo["isphoto"] as? Bool, "\(uuid)")
            #expect(item["isMovie"] as? Bool == photo["ismovie"] as? Bool, "\(uuid)")
            #expect(item["albums"] as? [String] == photo["albums"] as? [String], "\(uuid)")
            // osxphotos's ismissing follows the database; a path of null means the file is not there.
            let missing = (photo["ismissing"] as? Bool ?? false) || photo["path"] is NSNull || photo["path"] == nil
            #expect(item["missing"] as? Bool == missing, "\(uuid)")
            let date = try #require(photo["date"] as? String)
            if let ours = item["date"] as? String {
                let (left, right) = (try #require(Instant(ours)), try #require(Instant(date)))
                #expect(abs(left.seconds - right.seconds) < 0.001, "\(uuid): \(ours) vs \(date)")
                #expect(left.offset == right.offset, "\(uuid): \(ours) vs \(date)")
            } else {
                // osxphotos shows an absurd stored date as the Unix epoch; Photolala as no date.
                #expect(date == "1970-01-01T00:00:00+00:00", "\(uuid)")
            }
        }
    }

    @Test("library list hides hidden and deleted photos by default, and lists an album in its order")
    func listAndAlbum() async throws {
        let cli = try CLI()
        let path = try await PhotosLibraries.copy(PhotosLibraries.catalina, into: cli.folder)
        let report = try await cli.json("library", "list", path, "--json")
        #expect(report["count"] as? Int == 26)
        let albums = try #require(try await cli.json("library", "albums", path, "--json")["albums"] as? [[String: Any]])
        let manual = try #require(albums.first { $0["title"] as? String == "Sorted Manual" })
        #expect(manual["kind"] as? String == "album")
        #expect(manual["sortOrder"] as? String == "manual")
        let album = try await cli.json("library", "list", path, "--json", "--album", try #require(manual["uuid"] as? String))
        let items = try #require(album["items"] as? [[String: Any]])
        #expect(items.compactMap { ($0["uuid"] as? String)?.prefix(8) } == ["7783E8E6", "3DD2C897", "F12384F6"])
        let folder = try #require(albums.first { $0["title"] as? String == "SubFolder2" })
        #expect(albums.first { $0["title"] as? String == "AlbumInFolder" }?["parent"] as? String == folder["uuid"] as? String)

        let found = try await cli.json("library", "list", path, "--json", "--search", "KIDS")
        #expect(
            Set((found["items"] as? [[String: Any]] ?? []).compactMap { ($0["uuid"] as? String)?.prefix(8) }) == ["1EB2B765", "F12384F6", "D79B8D77"])
        let inAlbum = try await cli.json("library", "list", path, "--json", "--album", try #require(manual["uuid"] as? String), "--search", "kids")
        #expect((inAlbum["items"] as? [[String: Any]])?.compactMap { ($0["uuid"] as? String)?.prefix(8) } == ["F12384F6"])

        let info = try await cli.json("library", "info", path, "--json")
        #expect(info["modelVersion"] as? Int == 13703)
        #expect(info["macOS"] as? String == "10.15")
        #expect(info["photos"] as? Int == 24)
        #expect(info["videos"] as? Int == 2)
    }

    @Test("a library whose album table is not found is listed with a warning, and library info reports it")
    func unknownSchema() async throws {
        let cli = try CLI()
        let path = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: cli.folder)
        try await PhotosLibraries.write("DROP TABLE Z_28ASSETS;", to: path)
        let albums = try await cli.run("library", "albums", path)
        #expect(albums.status == 0)
        #expect(
            albums.standardError
                == "warning: The album-photo table Z_28ASSETS was not found (or lacks its columns): every album shows empty.\n")
        let info = try await cli.json("library", "info", path, "--json")
        #expect(info["problems"] as? [String] == ["The album-photo table Z_28ASSETS was not found (or lacks its columns): every album shows empty."])
    }

    @Test("a library whose hidden column is not found lists no photo, and every command says why")
    func missingHiddenColumn() async throws {
        let cli = try CLI()
        let path = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: cli.folder)
        try await PhotosLibraries.write("ALTER TABLE ZASSET RENAME COLUMN ZHIDDEN TO ZHIDDEN_RENAMED;", to: path)
        let list = try await cli.run("library", "list", path, "--json")
        #expect(list.status == 0)
        #expect(list.standardError.hasPrefix("warning: ZASSET.ZHIDDEN was not found in the database"))
        #expect(list.standardError.contains("treats every photo as hidden"))
        let listed = try JSONSerialization.jsonObject(with: Data(list.standardOutput.utf8)) as? [String: Any]
        #expect(listed?["count"] as? Int == 0)
        let info = try await cli.json("library", "info", path, "--json")
        #expect(info["photos"] as? Int == 0)
        #expect((info["problems"] as? [String])?.first?.hasPrefix("ZASSET.ZHIDDEN was not found") == true)
        let text = try await cli.run("library", "info", path)
        #expect(text.standardOutput.contains("Problem:          ZASSET.ZHIDDEN was not found"))
    }

    @Test("a library whose Photos.sqlite is missing is not called a Photos 2–4 library")
    func missingDatabase() async throws {
        let cli = try CLI()
        let path = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: cli.folder)
        try FileManager.default.removeItem(atPath: path + "/database/Photos.sqlite")
        let info = try await cli.run("library", "info", path)
        #expect(info.status == 1)
        #expect(info.standardError.contains("its database/Photos.sqlite is missing"))
        #expect(!info.standardError.contains("2–4"))
    }

    @Test("library export writes originals under their names and explains missing ones")
    func export() async throws {
        let cli = try CLI()
        let path = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: cli.folder)
        let out = cli.folder.path("out")
        let done = try await cli.run("library", "export", path, "--uuid", "6191423D-8DB8-4D4C-92BE-9BBBA308AAC4", "-o", out)
        #expect(done.status == 0, "\(done.standardError)")
        #expect(done.standardOutput == out + "/Tulips.jpg\n")
        let failed = try await cli.run("library", "export", path, "--uuid", "8846E3E6-8AC8-4857-8448-E3D025784410", "-o", out)
        #expect(failed.status == 1)
        #expect(
            failed.standardError == """
                Error: The original of 'IMG_1693.tif' is not available locally (in iCloud): download it in Photos on the Mac, then copy the library again.
                Error: 1 of 1 photos could not be exported.

                """)
        let notALibrary = try await cli.run("library", "info", cli.folder.path("out"))
        #expect(notALibrary.status == 1)
        #expect(notALibrary.standardError.contains("is not an Apple Photos library"))
    }
}

/// An ISO 8601 timestamp as seconds since 1970 and its UTC offset, whatever the precision of
/// its fraction (osxphotos prints microseconds, Photolala milliseconds).
private struct Instant {
    let seconds: Double
    let offset: Int

    init?(_ text: String) {
        var body = Substring(text)
        if body.hasSuffix("Z") {
            offset = 0
            body = body.dropLast()
        } else {
            let zone = body.suffix(6)
            guard zone.count == 6, let sign = zone.first, sign == "+" || sign == "-",
                let hours = Int(zone.dropFirst().prefix(2)), let minutes = Int(zone.suffix(2))
            else { return nil }
            offset = (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
            body = body.dropLast(6)
        }
        let parts = body.split(separator: ".", maxSplits: 1)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        guard let first = parts.first, let local = formatter.date(from: String(first)) else { return nil }
        let fraction = parts.count > 1 ? Double("0." + parts[1]) ?? 0 : 0
        seconds = local.timeIntervalSince1970 + fraction - Double(offset)
    }
}
