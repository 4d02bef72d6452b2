import Foundation
import PhotolalaTestSupport
import Testing

@Suite("photolala catalog")
struct CatalogCommandTests {
    /// File names that CSV must quote, or that differ only in Unicode normalisation.
    static let awkwardNames = [
        "with,comma.jpg", "with \"quotes\".jpg", "line\nbreak.jpg", "emoji 📸.jpg", "Cafe\u{301}.jpg", "Caf\u{E9}.jpg",
    ]

    /// A folder of distinct photos under awkward names, plus a subfolder with one more.
    private func makePhotos(_ cli: CLI) async throws -> String {
        let root = cli.folder.path("photos")
        try await Shell.run(Fixtures.repositoryRoot.appendingPathComponent("Scripts/make-photos.sh").path, [root, "20", "64", "48"])
        let generated = try FileManager.default.contentsOfDirectory(atPath: root).sorted()
        for (name, awkward) in zip(generated, Self.awkwardNames) {
            try FileManager.default.moveItem(atPath: root + "/" + name, toPath: root + "/" + awkward)
        }
        try FileManager.default.createDirectory(atPath: root + "/2024", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.heic").path, toPath: root + "/2024/p.heic")
        return root
    }

    @Test("build, then show: 16 shards whose rows and checksums agree with the manifest; awkward names survive")
    func buildAndShow() async throws {
        let cli = try CLI()
        let root = try await makePhotos(cli)
        let build = try await cli.run("catalog", "build", root)
        #expect(build.status == 0, "\(build.standardError)")
        #expect(build.standardError.contains("21 read, 0 unchanged; 2 catalogs written"), "\(build.standardError)")

        let report = try await cli.json("catalog", "show", root, "--json")
        #expect(report["version"] as? String == "5.1")
        #expect(report["photoCount"] as? Int == 20)
        let shards = try #require(report["shards"] as? [[String: Any]])
        #expect(shards.compactMap { $0["index"] as? Int } == Array(0..<16))
        #expect(shards.compactMap { $0["rows"] as? Int }.reduce(0, +) == 20)
        for shard in shards {
            let index = try #require(shard["index"] as? Int)
            let path = root + "/.photolala/" + String(index, radix: 16) + ".csv"
            let sha = String(try await Shell.run("sha256sum", [path]).prefix(64))
            #expect(shard["sha256"] as? String == sha)
        }
        let entries = try #require(report["entries"] as? [[String: Any]])
        let names = Set(entries.compactMap { $0["filename"] as? String }.map { Array($0.utf8) })
        for name in Self.awkwardNames {
            #expect(names.contains(Array(name.utf8)), "lost \(name.debugDescription)")
        }
        let md5s = entries.compactMap { $0["md5"] as? String }
        let files = try FileManager.default.contentsOfDirectory(atPath: root).filter { !$0.hasPrefix(".") && $0 != "2024" }
        var onDisk: [String] = []
        for file in files {
            onDisk.append(String(try await Shell.run("bash", ["-c", "md5sum < \"$1\"", "_", root + "/" + file]).prefix(32)))
        }
        #expect(Set(md5s) == Set(onDisk))
        #expect(entries.allSatisfy { $0["width"] as? Int == 64 && $0["height"] as? Int == 48 })

        let verify = try await cli.run("catalog", "verify", root)
        #expect(verify.status == 0)
        #expect(verify.standardOutput == "ok: \(root)/.photolala\nok: \(root)/2024/.photolala\n")

        let again = try await cli.run("catalog", "build", root)
        #expect(again.standardError.contains("0 read, 21 unchanged; 0 catalogs written, 2 already current"), "\(again.standardError)")

        let imported = try await cli.run("catalog", "import", root)
        #expect(imported.status == 0)
        #expect(imported.standardOutput == "imported: \(root) (20 photos)\nimported: \(root)/2024 (1 photo)\n")
        #expect(imported.standardError.contains("2 catalogs, 21 photos imported."))
    }

    @Test("build reads only new and changed photos")
    func incremental() async throws {
        let cli = try CLI()
        let root = try await makePhotos(cli)
        _ = try await cli.run("catalog", "build", root)
        try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.webp").path, toPath: root + "/new.webp")
        try FileManager.default.removeItem(atPath: root + "/with,comma.jpg")
        let changed = root + "/emoji 📸.jpg"
        try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.gif").path, toPath: root + "/tmp.gif")
        try FileManager.default.removeItem(atPath: changed)
        try FileManager.default.moveItem(atPath: root + "/tmp.gif", toPath: changed)

        let build = try await cli.run("catalog", "build", root)
        #expect(build.standardError.contains("2 read, 19 unchanged; 1 catalog written, 1 already current"), "\(build.standardError)")
        let report = try await cli.json("catalog", "show", root, "--json")
        #expect(report["photoCount"] as? Int == 20)
        let entries = try #require(report["entries"] as? [[String: Any]])
        #expect(entries.contains { $0["filename"] as? String == "new.webp" })
        #expect(!entries.contains { $0["filename"] as? String == "with,comma.jpg" })
        #expect(entries.first { $0["filename"] as? String == "emoji 📸.jpg" }?["width"] as? Int == 640)
    }

    @Test("verify names the shard that fails its checksum and exits 1; build rebuilds it")
    func damagedShard() async throws {
        let cli = try CLI()
        let root = try await makePhotos(cli)
        _ = try await cli.run("catalog", "build", root)
        let report = try await cli.json("catalog", "show", root, "--json")
        let shard = try #require((report["shards"] as? [[String: Any]])?.first { ($0["rows"] as? Int ?? 0) > 0 })
        let name = String(try #require(shard["index"] as? Int), radix: 16) + ".csv"
        let path = root + "/.photolala/" + name
        try (try String(contentsOfFile: path, encoding: .utf8) + "0123456789abcdef0123456789abcdef,forged.jpg,1,2,3,,,\n")
            .write(toFile: path, atomically: false, encoding: .utf8)

        let verify = try await cli.run("catalog", "verify", root)
        #expect(verify.status == 1)
        #expect(verify.standardOutput.contains("error: \(root)/.photolala: Shard \(name) does not match its checksum in the manifest"))
        #expect(verify.standardError.contains("1 of 2 catalogs are damaged"))

        let rebuild = try await cli.run("catalog", "build", root)
        #expect(rebuild.status == 0)
        #expect(try await cli.run("catalog", "verify", root).status == 0)
        let entries = try #require(try await cli.json("catalog", "show", root, "--json")["entries"] as? [[String: Any]])
        #expect(entries.count == 20)
        #expect(!entries.contains { $0["filename"] as? String == "forged.jpg" })
    }

    @Test("A build killed part-way leaves the previous catalog intact and loadable")
    func killedBuild() async throws {
        let cli = try CLI()
        let root = cli.folder.path("many")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let tree = try await Fixtures.fileTree(count: 100_000)
        let source = tree.path + "/00/00"
        for name in try FileManager.default.contentsOfDirectory(atPath: source).prefix(600) {
            try FileManager.default.copyItem(atPath: source + "/" + name, toPath: root + "/" + name)
        }
        _ = try await cli.run("catalog", "build", root)
        let before = try await cli.json("catalog", "show", root, "--json")

        for attempt in 0..<6 {
            // Change every photo, so the build has to read them all and rewrite every shard.
            for name in try FileManager.default.contentsOfDirectory(atPath: root) where name.hasSuffix(".jpg") {
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: root + "/" + name))
                try handle.seekToEnd()
                try handle.write(contentsOf: Data([UInt8(attempt)]))
                try handle.close()
            }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = ["catalog", "build", root, "--jobs", "1"]
            process.environment = ["PHOTOLALA_CACHE_DIR": cli.folder.path("cache"), "PHOTOLALA_DATA_DIR": cli.folder.path("data")]
            process.standardError = FileHandle.nullDevice
            try process.run()
            try await Task.sleep(for: .milliseconds(40 + 60 * attempt))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            let verify = try await cli.run("catalog", "verify", root)
            #expect(verify.status == 0, "attempt \(attempt): \(verify.standardOutput)")
            let after = try await cli.json("catalog", "show", root, "--json")
            #expect(after["photoCount"] as? Int == 600)
            #expect(after["directoryUUID"] as? String == before["directoryUUID"] as? String)
        }
    }

    @Test("A read-only folder's catalog lands in the cache mirror and is used on the next visit")
    func readOnlyFolder() async throws {
        let cli = try CLI()
        let root = cli.folder.path("readonly")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.webp").path, toPath: root + "/a.webp")
        try ReadOnly.make(root)
        defer { ReadOnly.undo(root) }

        let build = try await cli.run("catalog", "build", root)
        #expect(build.status == 0, "\(build.standardError)")
        #expect(!FileManager.default.fileExists(atPath: root + "/.photolala"))
        let report = try await cli.json("catalog", "show", root, "--json")
        #expect((report["location"] as? String)?.hasPrefix(cli.folder.path("cache") + "/catalogs/") == true)
        #expect(report["photoCount"] as? Int == 1)
        let again = try await cli.run("catalog", "build", root)
        #expect(again.standardError.contains("0 read, 1 unchanged"), "\(again.standardError)")
    }

    @Test("show on a folder without a catalog says how to make one")
    func noCatalog() async throws {
        let cli = try CLI()
        let output = try await cli.run("catalog", "show", cli.folder.path)
        #expect(output.status == 1)
        #expect(
            output.standardError == "Error: '\(cli.folder.path)' has no catalog yet. Run 'photolala catalog build \(cli.folder.path)' to make one.\n")
    }
}
