import Foundation
import PhotolalaTestSupport
import Testing

@Suite("photolala command line")
struct CommandLineTests {
    @Test("--help describes every command")
    func help() async throws {
        let output = try await CLI().run("--help")
        #expect(output.status == 0)
        #expect(
            output.standardOutput == """
                OVERVIEW: Browse and back up very large photo collections.

                Photos are known by the MD5 of their content; thumbnails are cached under it,
                so a photo is decoded once however often and wherever it is seen.

                USAGE: photolala <subcommand>

                OPTIONS:
                  --version               Show the version.
                  -h, --help              Show help information.

                SUBCOMMANDS:
                  serve                   Browse folders in your web browser: serves the
                                          Photolala web UI and its API.
                  scan                    List the photos of a folder tree as they are found.
                  info                    Show a photo's metadata: dimensions, dates, camera,
                                          exposure, GPS, keywords, rating, format and MD5.
                  search                  Find photos by words, place, camera, person, keyword,
                                          date, rating or kind, across every source.
                  places                  List where the photos of folder trees were taken:
                                          countries, regions and cities, with counts.
                  index                   Bring the search index up to date, or make it anew
                                          with --rebuild.
                  thumbnail               Write one photo's thumbnail: upright JPEG, short edge
                                          256, long edge at most 512, never cropped.
                  thumbnails              Generate the thumbnail of every photo in a folder
                                          tree into the cache.
                  export                  Copy photos out of a folder into another, under their
                                          own names.
                  tag                     Set photos' rating, colour label, keywords, title and
                                          description in their XMP sidecars.
                  cp                      Copy photos into a folder, with their XMP sidecars,
                                          RAW+JPEG companions and Live Photo movies.
                  mv                      Move photos into a folder, with their XMP sidecars,
                                          RAW+JPEG companions and Live Photo movies.
                  trash                   Move photos to the desktop's Trash, with their XMP
                                          sidecars.
                  album                   Make and change albums of photos from any source, in
                                          nested album folders.
                  catalog                 Build, check and show folder catalogs (v5.1:
                                          .photolala/manifest.plist and 0.csv … f.csv).
                  library                 Read an Apple Photos library (.photoslibrary, macOS
                                          10.15 to 26): info, photos, albums, export.
                  backup                  Star photos for backup to S3 and upload them:
                                          originals to Deep Archive, thumbnails and metadata to
                                          Standard.
                  cloud                   Sync, list and restore the cloud backup; show its
                                          settings and storage.

                  See 'photolala help <subcommand>' for detailed help.

                """)
        let scanHelp = try await CLI().run("help", "scan")
        #expect(scanHelp.standardOutput.contains("--cache-dir <path>"))
        #expect(scanHelp.standardOutput.contains("--json"))
    }

    @Test("--version names a version, with the commit it was built from in a git checkout")
    func version() async throws {
        let output = try await CLI().run("--version")
        #expect(output.status == 0)
        // A tag's `git describe` (v1.2.0, v1.2.0-3-g1a2b3c4), else the package version with the
        // commit (0.1.0-g1a2b3c4, -dirty when built from changed files), else 0.1.0.
        #expect(
            output.standardOutput.wholeMatch(of: /v?[0-9]+\.[0-9]+(\.[0-9]+)?(-[0-9]+)?(-g[0-9a-f]{7,})?(-dirty)?\n/) != nil,
            "\(output.standardOutput)")
    }

    @Test("info --json agrees with exiftool -n")
    func infoJSON() async throws {
        let path = try await Fixtures.file("photo-4000x3000.jpg").path
        let info = try await CLI().json("info", path, "--json")
        let reference = try await JSONSerialization.jsonObject(with: Data(try Shell.run("exiftool", ["-n", "-json", path]).utf8)) as? [[String: Any]]
        let exif = try #require(reference?.first)
        #expect(info["width"] as? Int == 4000)
        #expect(info["height"] as? Int == 3000)
        #expect(info["photoDate"] as? Int == 1_689_297_753)
        #expect(info["cameraMake"] as? String == exif["Make"] as? String)
        #expect(info["cameraModel"] as? String == exif["Model"] as? String)
        #expect(abs((info["latitude"] as? Double ?? 0) - (exif["GPSLatitude"] as? Double ?? 1)) < 1e-6)
        #expect(abs((info["longitude"] as? Double ?? 0) - (exif["GPSLongitude"] as? Double ?? 1)) < 1e-6)
        #expect(info["orientation"] as? Int == 1)
        #expect(info["format"] as? String == "JPEG")
        #expect(info["size"] as? Int == exif["FileSize"] as? Int)
        #expect(info["md5"] as? String == String(try await Shell.run("md5sum", [path]).prefix(32)))
    }

    @Test("info says what a photo's XMP and its sidecar say: keys in --json, lines in the report")
    func infoDescription() async throws {
        let cli = try CLI()
        let path = cli.folder.path("described.jpg")
        try await Fixtures.datedPhoto(
            at: path, tags: ["-XMP-dc:Subject=wedding", "-XMP-dc:Title=First dance", "-XMP-xmp:Rating=4", "-IPTC:Caption-Abstract=At the barn"])
        try await Shell.run("exiftool", ["-q", "-XMP-xmp:Label=Green", "-o", path + ".xmp"])
        let info = try await cli.json("info", path, "--json")
        #expect(info["keywords"] as? [String] == ["wedding"])
        #expect(info["title"] as? String == "First dance")
        #expect(info["description"] as? String == "At the barn")
        #expect(info["rating"] as? Int == 4)
        #expect(info["colorLabel"] as? String == "Green", "the sidecar's label")
        #expect(info.keys.contains("place") && info["place"] is NSNull, "no GPS, no place: null, never a missing key")
        let rome = cli.folder.path("rome.jpg")
        try await Fixtures.datedPhoto(at: rome, tags: ["-GPSLatitude=41.8986", "-GPSLatitudeRef=N", "-GPSLongitude=12.4769", "-GPSLongitudeRef=E"])
        let output = try await cli.run(["info", rome, "--json"], environment: ["PHOTOLALA_PLACE_DATA": try await Fixtures.places()])
        let place = (try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])?["place"] as? [String: Any]
        #expect(place?["countryCode"] as? String == "IT" && place?["city"] as? String == "Rome", "\(String(describing: place))")
        let placed = try await cli.run(["info", rome], environment: ["PHOTOLALA_PLACE_DATA": try await Fixtures.places()]).standardOutput
        #expect(placed.contains("Place:       Rome, Latium, Italy"), "\(placed)")
        let report = try await cli.run("info", path).standardOutput
        for line in ["Title:       First dance", "Description: At the barn", "Keywords:    wedding", "Rating:      ★★★★☆", "Label:       Green"] {
            #expect(report.contains(line))
        }
    }

    @Test("info on a text file named .jpg fails with a clear message")
    func infoOnText() async throws {
        let path = try await Fixtures.file("notes.jpg").path
        let output = try await CLI().run("info", path)
        #expect(output.status == 1)
        #expect(
            output.standardError
                == "Error: '\(path)' is not an image: its content is not JPEG, PNG, HEIC, AVIF, TIFF, GIF, WebP, BMP or camera RAW, whatever its name says.\n"
        )
    }

    @Test("scan --json lists photos, folders and problems")
    func scanJSON() async throws {
        let cli = try CLI()
        let root = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: root + "/2024", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.gif").path, toPath: root + "/a.gif")
        try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.webp").path, toPath: root + "/2024/b.webp")
        try FileManager.default.createSymbolicLink(atPath: root + "/2024/loop", withDestinationPath: root)

        let report = try await cli.json("scan", root, "--json")
        #expect(report["count"] as? Int == 2)
        let items = try #require(report["items"] as? [[String: Any]])
        #expect(items.compactMap { $0["name"] as? String }.sorted() == ["a.gif", "b.webp"])
        #expect(items.allSatisfy { $0["id"] is String && $0["path"] is String && $0["size"] is Int })
        let folders = try #require(report["folders"] as? [[String: Any]])
        #expect(folders.compactMap { $0["name"] as? String } == ["2024"])
        let errors = try #require(report["errors"] as? [[String: Any]])
        #expect(errors.count == 1)
    }

    @Test("scan returns every file of a 100,000-file tree")
    func scanLargeTree() async throws {
        let tree = try await Fixtures.fileTree(count: 100_000)
        let output = try await CLI().run("scan", tree.path)
        #expect(output.status == 0)
        #expect(output.standardOutput.split(separator: "\n").count == 100_000)
        #expect(output.standardError.contains("100,000 photos"))
    }

    @Test("thumbnail -o writes the thumbnail")
    func thumbnail() async throws {
        let cli = try CLI()
        let out = cli.folder.path("thumb.jpg")
        let output = try await cli.run("thumbnail", try await Fixtures.file("panorama-6000x2000.jpg").path, "-o", out)
        #expect(output.status == 0)
        #expect(try await Shell.run("vipsheader", ["-f", "width", out]) == "512\n")
        #expect(try await Shell.run("vipsheader", ["-f", "height", out]) == "171\n")
    }

    @Test("thumbnails fills the cache, skips broken files (exit 1, saying how many), and a second run decodes nothing")
    func thumbnailsTwice() async throws {
        let cli = try CLI()
        let root = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for name in ["photo.heic", "photo.png", "orientation6.jpg", "truncated.jpg", "empty.jpg", "notes.jpg"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: root + "/" + name)
        }
        let cache = cli.folder.path("elsewhere")

        let first = try await cli.run("thumbnails", root, "--jobs", "2", environment: ["PHOTOLALA_CACHE_DIR": cache])
        #expect(first.status == 1)
        #expect(first.standardError.contains("3 generated, 0 already cached, 3 failed."), "\(first.standardError)")
        #expect(first.standardError.hasSuffix("Error: 3 of 6 photos have no thumbnail; the warnings above say why.\n"), "\(first.standardError)")
        #expect(first.standardError.contains("truncated.jpg' could not be decoded"))
        let cached = try FileManager.default.subpathsOfDirectory(atPath: cache + "/thumbnails").filter { $0.hasSuffix(".jpg") }
        #expect(cached.count == 3)

        let second = try await cli.run("thumbnails", root, environment: ["PHOTOLALA_CACHE_DIR": cache])
        #expect(second.standardError.contains("0 generated, 3 already cached, 3 failed."), "\(second.standardError)")
        #expect(second.status == 1)

        for name in ["truncated.jpg", "empty.jpg", "notes.jpg"] {
            try FileManager.default.removeItem(atPath: root + "/" + name)
        }
        let clean = try await cli.run("thumbnails", root, environment: ["PHOTOLALA_CACHE_DIR": cache])
        #expect(clean.status == 0, "\(clean.standardError)")
    }

    @Test("an 8-byte TIFF is reported as truncated or damaged, not as a format libvips lacks")
    func truncatedTIFF() async throws {
        let cli = try CLI()
        let path = cli.folder.path("short.tif")
        try Data([0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]).write(to: URL(fileURLWithPath: path))
        let output = try await cli.run("thumbnail", path, "-o", cli.folder.path("t.jpg"))
        #expect(output.status == 1)
        #expect(
            output.standardError
                == "Error: '\(path)' could not be decoded: the file is truncated or damaged (libvips found no complete TIFF header in its 8 bytes).\n"
        )
    }

    @Test("--cache-dir and --data-dir override the environment")
    func directoryFlags() async throws {
        let cli = try CLI()
        let out = cli.folder.path("t.jpg")
        let output = try await cli.run(
            "thumbnail", try await Fixtures.file("photo.gif").path, "-o", out,
            "--cache-dir", cli.folder.path("flag-cache"), "--data-dir", cli.folder.path("flag-data"))
        #expect(output.status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.folder.path("flag-cache/thumbnails")))
        #expect(FileManager.default.fileExists(atPath: cli.folder.path("flag-data/photolala.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: cli.folder.path("cache")))
    }

    @Test("--jobs 0 is refused")
    func invalidJobs() async throws {
        let output = try await CLI().run("thumbnails", "/tmp", "--jobs", "0")
        #expect(output.status == 64)
        #expect(output.standardError.hasPrefix("Error: --jobs must be between 1 and 1024.\n"))
    }

    @Test("--jobs says its default once, in words, not this machine's core count besides")
    func jobsHelp() async throws {
        for command in [["thumbnails"], ["catalog", "build"]] {
            let help = try await CLI().run(command + ["--help"]).standardOutput
            let flattened = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(flattened.contains("--jobs <jobs> How many photos to work on at once (default: one per core)."), "\(help)")
            #expect(!flattened.contains("(default: \(ProcessInfo.processInfo.activeProcessorCount))"))
        }
    }
}
