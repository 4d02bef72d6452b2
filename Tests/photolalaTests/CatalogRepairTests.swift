import Foundation
import PhotolalaTestSupport
import Testing

/// `catalog build` repairs whatever `catalog verify` rejects, and no manifest or shard, however
/// hostile, crashes either: each case damages a sound catalog, then checks verify fails, build
/// rewrites it, verify passes and every photo is still listed.
@Suite("catalog build repairs what verify rejects")
struct CatalogRepairTests {
    /// One way to damage a catalog, and what `verify` must say about it.
    struct Damage: CustomTestStringConvertible, Sendable {
        let name: String
        /// A fragment of verify's report.
        let report: String
        let apply: @Sendable (_ catalog: String) async throws -> Void

        var testDescription: String { name }
    }

    static let photoCount = 20

    static let damages: [Damage] = [
        Damage(name: "photoCount -1", report: "The manifest's photo count -1 is not the sum of its shards' rows.") { catalog in
            try editManifest(catalog) { $0["photoCount"] = -1 }
        },
        Damage(name: "wrong row count", report: "good rows; the manifest says") { catalog in
            try editManifest(catalog) { manifest in
                var shards = manifest["shards"] as? [[String: Any]] ?? []
                let index = shards.firstIndex { ($0["rows"] as? Int ?? 0) > 0 } ?? 0
                shards[index]["rows"] = (shards[index]["rows"] as? Int ?? 0) + 1
                manifest["shards"] = shards
                manifest["photoCount"] = (manifest["photoCount"] as? Int ?? 0) + 1
            }
        },
        Damage(name: "duplicate shard index, matching checksum", report: "The manifest lists shard 3.csv 2 times.") { catalog in
            try editManifest(catalog) { manifest in
                var shards = manifest["shards"] as? [[String: Any]] ?? []
                shards[4] = shards[3]
                manifest["shards"] = shards
                manifest["photoCount"] = shards.compactMap { $0["rows"] as? Int }.reduce(0, +)
            }
        },
        Damage(name: "a shard left out of the manifest", report: "is not in the manifest; its rows are not trusted.") { catalog in
            let index = Int(try shardWithRows(catalog).deletingPathExtension().lastPathComponent, radix: 16) ?? 0
            try editManifest(catalog) { manifest in
                var shards = manifest["shards"] as? [[String: Any]] ?? []
                shards.removeAll { $0["index"] as? Int == index }
                manifest["shards"] = shards
                manifest["photoCount"] = shards.compactMap { $0["rows"] as? Int }.reduce(0, +)
            }
        },
        Damage(name: "BOM before the header", report: "line 1: it is neither a row nor the header") { catalog in
            try await editShard(catalog) { [0xEF, 0xBB, 0xBF] + $0 }
        },
        Damage(name: "reordered header", report: "line 1: it is neither a row nor the header") { catalog in
            try await editShard(catalog) {
                Array(String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "md5,filename,", with: "filename,md5,").utf8)
            }
        },
        Damage(name: "bad header", report: "line 1: it is neither a row nor the header") { catalog in
            try await editShard(catalog) {
                Array(String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "md5,filename,", with: "hash,name,").utf8)
            }
        },
        Damage(name: "empty manifest", report: "is damaged: the manifest is empty (0 bytes). Run") { catalog in
            try Data().write(to: URL(fileURLWithPath: catalog + "/manifest.plist"))
        },
        Damage(name: "10,000 nested arrays", report: "the manifest cannot be read: it nests more than 64 levels deep") { catalog in
            try Data(HostileDocuments.nestedXMLPropertyList(depth: 10_000)).write(to: URL(fileURLWithPath: catalog + "/manifest.plist"))
        },
        // 1.5 MB: over the size limit before any depth is counted.
        Damage(name: "100,000 nested arrays", report: "the manifest is over the limit of 1048576 bytes") { catalog in
            try Data(HostileDocuments.nestedXMLPropertyList(depth: 100_000)).write(to: URL(fileURLWithPath: catalog + "/manifest.plist"))
        },
        Damage(name: "binary, 10,000 nested arrays", report: "the manifest cannot be read: it nests more than 64 levels deep") { catalog in
            try Data(HostileDocuments.nestedBinaryPropertyList(depth: 10_000)).write(to: URL(fileURLWithPath: catalog + "/manifest.plist"))
        },
        Damage(name: "binary, an array holding itself", report: "the manifest cannot be read: it refers to itself in a loop") { catalog in
            try Data(HostileDocuments.cyclicBinaryPropertyList()).write(to: URL(fileURLWithPath: catalog + "/manifest.plist"))
        },
        Damage(name: "50 MB manifest", report: "the manifest is over the limit of 1048576 bytes") { catalog in
            let padding = String(repeating: "<string>x</string>", count: 50 << 20 / 18)
            try Data(("<?xml version=\"1.0\"?><plist version=\"1.0\"><array>" + padding + "</array></plist>").utf8)
                .write(to: URL(fileURLWithPath: catalog + "/manifest.plist"))
        },
        Damage(name: "a 20 KB line in a shard", report: "is refused: the record at line 2 is longer than 16384 bytes") { catalog in
            try await editShard(catalog) { bytes in
                let lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
                return Array(lines[0]) + [10] + Array(repeating: UInt8(ascii: "\""), count: 20_000) + [10]
                    + Array(lines[1...].joined(separator: [10]))
            }
        },
        Damage(name: "a 300 MB shard", report: "is over the limit of 268435456 bytes; its rows are not trusted.") { catalog in
            let path = try shardWithRows(catalog).path
            #expect(truncate(path, 300 << 20) == 0)
        },
    ]

    @Test("verify fails, build rebuilds, verify passes, every photo listed", arguments: damages)
    func repairs(_ damage: Damage) async throws {
        let cli = try CLI()
        let root = cli.folder.path("photos")
        try await Shell.run(Fixtures.repositoryRoot.appendingPathComponent("Scripts/make-photos.sh").path, [root, "\(Self.photoCount)", "64", "48"])
        let first = try await cli.run("catalog", "build", root)
        #expect(first.status == 0, "\(first.standardError)")
        let catalog = root + "/.photolala"
        try await damage.apply(catalog)

        let verify = try await cli.run("catalog", "verify", root)
        #expect(verify.status == 1, "\(verify.standardOutput)")
        #expect(verify.standardOutput.contains("error: \(catalog): "), "\(verify.standardOutput)")
        #expect(verify.standardOutput.contains(damage.report), "\(verify.standardOutput)")
        #expect(verify.standardError.hasSuffix("1 of 1 catalogs are damaged; 'photolala catalog build \(root)' rebuilds them.\n"))
        for command in ["verify", "show"] {
            let output = try await cli.run("catalog", command, root)
            #expect(output.status <= 1, "catalog \(command) ended by a signal: \(output.status)")
            #expect(!output.standardError.contains("DecodingError"), "\(output.standardError)")
        }

        let build = try await cli.run("catalog", "build", root)
        #expect(build.status == 0, "\(build.standardError)")
        #expect(build.standardError.contains("1 catalog written, 0 already current"), "\(build.standardError)")
        #expect(build.standardError.contains("warning: "), "\(build.standardError)")
        #expect(!build.standardError.contains("there is no image in it"), "\(build.standardError)")

        let again = try await cli.run("catalog", "verify", root)
        #expect(again.status == 0, "\(again.standardOutput)")
        let report = try await cli.json("catalog", "show", root, "--json")
        #expect(report["photoCount"] as? Int == Self.photoCount)
        #expect((report["entries"] as? [[String: Any]])?.count == Self.photoCount)
    }

    @Test("build names the folder of a damaged shard in its warning")
    func buildNamesFolder() async throws {
        let cli = try CLI()
        let root = cli.folder.path("photos")
        try await Shell.run(Fixtures.repositoryRoot.appendingPathComponent("Scripts/make-photos.sh").path, [root, "4", "64", "48"])
        _ = try await cli.run("catalog", "build", root)
        let shard = try Self.shardWithRows(root + "/.photolala")
        try Data("garbage\n".utf8).write(to: shard)
        let build = try await cli.run("catalog", "build", root)
        #expect(build.status == 0)
        #expect(
            build.standardError.contains(
                "warning: \(root)/.photolala: Shard \(shard.lastPathComponent) does not match its checksum in the manifest; its rows are not trusted.\n"
            ), "\(build.standardError)")
    }

    // MARK: - Damaging a catalog

    /// The manifest as a dictionary, changed by `body`, written back as XML.
    static func editManifest(_ catalog: String, _ body: (inout [String: Any]) -> Void) throws {
        let url = URL(fileURLWithPath: catalog + "/manifest.plist")
        var manifest = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil) as? [String: Any] ?? [:]
        body(&manifest)
        try PropertyListSerialization.data(fromPropertyList: manifest, format: .xml, options: 0).write(to: url)
    }

    /// The first shard that holds rows.
    static func shardWithRows(_ catalog: String) throws -> URL {
        for index in 0..<16 {
            let url = URL(fileURLWithPath: catalog + "/" + String(index, radix: 16) + ".csv")
            if try String(contentsOf: url, encoding: .utf8).split(separator: "\n").count > 1 { return url }
        }
        throw CocoaError(.fileNoSuchFile)
    }

    /// Changes the first shard holding rows, and its checksum in the manifest to match, so only
    /// the content is wrong.
    static func editShard(_ catalog: String, _ transform: ([UInt8]) -> [UInt8]) async throws {
        let url = try shardWithRows(catalog)
        let bytes = transform(Array(try Data(contentsOf: url)))
        try Data(bytes).write(to: url)
        let sha = String(try await Shell.run("sha256sum", [url.path]).prefix(64))
        let index = Int(url.deletingPathExtension().lastPathComponent, radix: 16) ?? 0
        try editManifest(catalog) { manifest in
            var shards = manifest["shards"] as? [[String: Any]] ?? []
            if let position = shards.firstIndex(where: { $0["index"] as? Int == index }) {
                shards[position]["sha256"] = sha
            }
            manifest["shards"] = shards
        }
    }
}
