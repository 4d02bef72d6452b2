import Foundation
import PhotolalaTestSupport
import Testing

@Suite("Photo dates on the command line")
struct PhotoDateCommandTests {
    /// A small JPEG carrying exactly the date tags given (exiftool arguments such as
    /// `-DateTimeOriginal=…`), and no others.
    static func photo(_ name: String, in folder: TemporaryDirectory, tags: [String]) async throws -> String {
        let path = folder.path(name)
        try await Fixtures.datedPhoto(at: path, tags: tags)
        return path
    }

    @Test("the date is DateTimeOriginal, else CreateDate, else ModifyDate, else the file time")
    func precedence() async throws {
        let folder = try TemporaryDirectory()
        let all = try await Self.photo(
            "all.jpg", in: folder,
            tags: ["-DateTimeOriginal=2008:10:22 16:28:39", "-CreateDate=2001:01:01 01:01:01", "-ModifyDate=2002:02:02 02:02:02"])
        let created = try await Self.photo("created.jpg", in: folder, tags: ["-CreateDate=2001:01:01 01:01:01", "-ModifyDate=2002:02:02 02:02:02"])
        let modified = try await Self.photo("modified.jpg", in: folder, tags: ["-ModifyDate=2002:02:02 02:02:02"])
        let none = try await Self.photo("none.jpg", in: folder, tags: [])
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_500_000_000)], ofItemAtPath: none)
        let cli = try CLI()
        let expected: [(String, Int, String)] = [
            (all, 1_224_692_919, "exif"), (created, 978_310_861, "exif"), (modified, 1_012_615_322, "exif"), (none, 1_500_000_000, "file"),
        ]
        for (path, date, source) in expected {
            let info = try await cli.json("info", path, "--json")
            #expect(info["photoDate"] as? Int == date, "\(path)")
            #expect(info["dateSource"] as? String == source, "\(path)")
            #expect(info["photoDateOffset"] is NSNull, "\(path)")
        }
    }

    @Test("info prints a floating camera time without a zone, and a recorded offset with it")
    func floatingAndOffsetText() async throws {
        let folder = try TemporaryDirectory()
        let floating = try await Self.photo("floating.jpg", in: folder, tags: ["-DateTimeOriginal=2008:10:22 16:28:39"])
        let zoned = try await Self.photo("zoned.jpg", in: folder, tags: ["-DateTimeOriginal=2008:10:22 16:28:39", "-OffsetTimeOriginal=+09:00"])
        let cli = try CLI()
        #expect(try await taken(cli, floating) == "2008-10-22T16:28:39")
        #expect(try await taken(cli, zoned) == "2008-10-22T16:28:39+09:00")
        let zonedJSON = try await cli.json("info", zoned, "--json")
        #expect(zonedJSON["photoDate"] as? Int == 1_224_692_919 - 9 * 3_600)
        #expect(zonedJSON["photoDateOffset"] as? Int == 9 * 3_600)
    }

    /// The value of the `Taken:` line of `photolala info`.
    private func taken(_ cli: CLI, _ path: String) async throws -> String? {
        let line = try await cli.run("info", path).standardOutput.split(separator: "\n").first { $0.hasPrefix("Taken:") }
        return line.map { $0.dropFirst("Taken:".count).trimmingCharacters(in: .whitespaces) }
    }
}
