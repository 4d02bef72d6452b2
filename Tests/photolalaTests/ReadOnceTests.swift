import Foundation
import PhotolalaTestSupport
import Testing

/// A photo's bytes are read once for its MD5, thumbnail and metadata, and what the read taught
/// is recorded, so later commands build what they need without opening it: traced with strace.
@Suite("Read once: a photo is opened once for everything")
struct ReadOnceTests {
    /// A tree of photos of several kinds (EXIF dates with and without an offset, a rotated
    /// JPEG, HEIC, PNG, TIFF), with ASCII names as strace prints them; returns their paths.
    private func makePhotos(in root: String) async throws -> [String] {
        try await Shell.run(Fixtures.repositoryRoot.appendingPathComponent("Scripts/make-photos.sh").path, [root, "4", "64", "48"])
        try FileManager.default.createDirectory(atPath: root + "/2024", withIntermediateDirectories: true)
        for name in ["orientation6.jpg", "photo.heic", "photo.png", "photo.tiff"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: root + "/2024/" + name)
        }
        try await Fixtures.datedPhoto(at: root + "/2024/zoned.jpg", tags: ["-DateTimeOriginal=2008:10:22 16:28:39", "-OffsetTimeOriginal=+09:00"])
        let names = try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.contains(".") && !$0.hasPrefix(".") }
        return names.map { root + "/" + $0 }.sorted()
    }

    @Test("After thumbnails, catalog build and thumbnails again open no photo; the first opens each once; the rows are a reading build's")
    func thumbnailsThenCatalogBuild() async throws {
        let cli = try CLI()
        let root = URL(fileURLWithPath: cli.folder.path("photos")).resolvingSymlinksInPath().path
        let photos = try await makePhotos(in: root)
        #expect(photos.count == 9)

        guard let first = try await cli.traced("thumbnails", root) else { return }
        #expect(first.output.status == 0, "\(first.output.standardError)")
        #expect(first.opens(of: photos) == Dictionary(uniqueKeysWithValues: photos.map { ($0, 1) }), "each photo is read once")

        let build = try #require(try await cli.traced("catalog", "build", root))
        #expect(build.output.status == 0, "\(build.output.standardError)")
        #expect(build.output.standardError.contains("0 read, 9 unchanged; 2 catalogs written"), "\(build.output.standardError)")
        #expect(build.opens(of: photos).filter { $0.value > 0 }.isEmpty, "the catalog is built from what the thumbnails recorded")

        let again = try #require(try await cli.traced("thumbnails", root))
        #expect(again.output.status == 0, "\(again.output.standardError)")
        #expect(again.output.standardError.contains("0 generated, 9 already cached"), "\(again.output.standardError)")
        #expect(again.opens(of: photos).filter { $0.value > 0 }.isEmpty)

        // A build on another device, which has to read every photo, writes the same rows.
        let recorded = try await entries(cli, root)
        try FileManager.default.removeItem(atPath: root + "/.photolala")
        try FileManager.default.removeItem(atPath: root + "/2024/.photolala")
        let reader = try CLI()
        let reading = try await reader.run("catalog", "build", root)
        #expect(reading.standardError.contains("9 read, 0 unchanged"), "\(reading.standardError)")
        #expect(try await entries(reader, root) == recorded)
        #expect(recorded.contains { $0.contains("\"zoned.jpg\"") && $0.contains("1224660519") }, "the offset is applied: \(recorded)")
    }

    /// The rows of the catalogs of `root` and its `2024`, as JSON text, sorted.
    private func entries(_ cli: CLI, _ root: String) async throws -> [String] {
        var rows: [String] = []
        for folder in [root, root + "/2024"] {
            let report = try await cli.json("catalog", "show", folder, "--json")
            rows += try (report["entries"] as? [[String: Any]] ?? []).map { entry in
                String(decoding: try JSONSerialization.data(withJSONObject: entry, options: .sortedKeys), as: UTF8.self)
            }
        }
        return rows.sorted()
    }
}
