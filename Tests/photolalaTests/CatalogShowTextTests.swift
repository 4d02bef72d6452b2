import Foundation
import PhotolalaKit
import PhotolalaTestSupport
import Testing

/// `photolala catalog show` in text: the manifest, then the photos as a table, then a count.
@Suite("photolala catalog show, as text")
struct CatalogShowTextTests {
    @Test("lists each photo (MD5, date, size, dimensions, name) oldest first, escapes a line break in a name, counts one as '1 photo'")
    func listsPhotos() async throws {
        let cli = try CLI()
        let root = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: root + "/one", withIntermediateDirectories: true)
        let folder = try TemporaryDirectory()
        let newer = try await PhotoDateCommandTests.photo("newer.jpg", in: folder, tags: ["-DateTimeOriginal=2012:03:04 05:06:07"])
        let older = try await PhotoDateCommandTests.photo("older.jpg", in: folder, tags: ["-DateTimeOriginal=2008:10:22 16:28:39"])
        let middle = try await PhotoDateCommandTests.photo("middle.jpg", in: folder, tags: ["-DateTimeOriginal=2010:01:01 00:00:00", "-Comment=x"])
        try FileManager.default.copyItem(atPath: newer, toPath: root + "/newer.jpg")
        try FileManager.default.copyItem(atPath: older, toPath: root + "/older.jpg")
        try FileManager.default.copyItem(atPath: middle, toPath: root + "/line\nbreak.jpg")
        try FileManager.default.copyItem(atPath: older, toPath: root + "/one/only.jpg")
        #expect(try await cli.run("catalog", "build", root).status == 0)

        let show = try await cli.run(["catalog", "show", root], environment: ["TZ": "Asia/Kolkata"])
        #expect(show.status == 0, "\(show.standardError)")
        let lines = show.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Events (the catalog's creation) are local times with their offset, never a Z.
        #expect(lines.contains { $0.hasPrefix("Created:      ") && $0.hasSuffix("+05:30") }, "\(lines)")
        let size = { (path: String) in try FileStatus(path: path).size }
        let rows = try [
            (older, "2008-10-22T16:28:39", "older.jpg"), (middle, "2010-01-01T00:00:00", "line\\nbreak.jpg"),
            (newer, "2012-03-04T05:06:07", "newer.jpg"),
        ]
        .map { path, date, name in (try ContentHash.md5(ofFileAt: path), date, try size(path), name) }
        let table = Array(lines.drop { !$0.isEmpty }.dropFirst().prefix(3))
        #expect(table.count == 3, "\(lines)")
        for (line, (md5, date, bytes, name)) in zip(table, rows) {
            #expect(line.hasPrefix("\(md5)  \(date)  "), "\(line)")
            #expect(line.contains(" \(Self.grouped(bytes)) bytes  8×8  "), "\(line)")
            #expect(line.hasSuffix("  \(name)"), "\(line)")
        }
        let total = try rows.reduce(Int64(0)) { $0 + $1.2 }
        #expect(lines.last { !$0.isEmpty } == "3 photos, \(Self.grouped(total)) bytes.")

        let one = try await cli.run("catalog", "show", root + "/one")
        let bytes = try size(older)
        #expect(one.standardOutput.hasSuffix("\n1 photo, \(Self.grouped(bytes)) bytes.\n"), "\(one.standardOutput)")
        // JSON is as it was: entries, and no table.
        let json = try await cli.json("catalog", "show", root + "/one", "--json")
        #expect((json["entries"] as? [[String: Any]])?.count == 1)
    }

    /// "12,345": thousands separated by commas, as the CLI prints counts.
    static func grouped(_ value: Int64) -> String {
        var digits = String(value)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }
}
