import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

@Suite("Photo dates in listing rows")
struct PhotoDateRowsTests: WorkspaceSuite {
    let workspace: TestWorkspace

    /// A folder of photos dated every way: with an offset, floating, by ModifyDate only, and not
    /// at all (a PNG dated by its file time).
    init() async throws {
        workspace = try TestWorkspace()
        let tagged: [(String, [String])] = [
            ("zoned.jpg", ["-DateTimeOriginal=2008:10:22 16:28:39", "-OffsetTimeOriginal=+09:00"]),
            ("floating.jpg", ["-DateTimeOriginal=1999:12:31 23:59:59"]),
            ("modified.jpg", ["-ModifyDate=2002:02:02 02:02:02"]),
        ]
        for (name, tags) in tagged {
            try await Fixtures.datedPhoto(at: workspace.photos + "/" + name, tags: tags)
        }
        try await Shell.run("vips", ["black", workspace.photos + "/plain.png", "8", "8"])
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_600_000_000)], ofItemAtPath: workspace.photos + "/plain.png")
    }

    /// The date columns of one row.
    struct Row: Sendable {
        let date: Int?
        let offset: Int?
        let dateSource: String?
    }

    private func rows() async throws -> [String: Row] {
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
        return try await app.test(.router) { client in
            let listing = try await client.execute(uri: "/api/sources/local-0/folders/~/items", method: .get) { try APITestSupport.json($0) }
            let fields = try #require(listing["fields"] as? [String])
            #expect(Array(fields.prefix(7)) == ["id", "name", "date", "size", "width", "height", "version"])
            var byName: [String: Row] = [:]
            for row in try await APITestSupport.rows(client, source: "local-0", folder: "~") {
                let named = Dictionary(zip(fields, row), uniquingKeysWith: { first, _ in first })
                byName[named["name"] as? String ?? ""] = Row(
                    date: named["date"] as? Int, offset: named["offset"] as? Int, dateSource: named["dateSource"] as? String)
            }
            return byName
        }
    }

    @Test("an uncatalogued folder's rows carry the EXIF date, its offset and where it comes from")
    func uncatalogued() async throws {
        let rows = try await rows()
        #expect(rows["zoned.jpg"]?.date == 1_224_692_919 - 9 * 3_600)
        #expect(rows["zoned.jpg"]?.offset == 9 * 3_600)
        #expect(rows["zoned.jpg"]?.dateSource == "exif")
        #expect(rows["floating.jpg"]?.date == 946_684_799)
        #expect(rows["floating.jpg"]?.offset == nil)
        #expect(rows["modified.jpg"]?.date == 1_012_615_322)
        #expect(rows["modified.jpg"]?.dateSource == "exif")
        #expect(rows["plain.png"]?.date == 1_600_000_000)
        #expect(rows["plain.png"]?.dateSource == "file")
    }

    /// Checks that each row says what `info --json` says of its photo.
    private func expectAgreement(_ rows: [String: Row]) async throws {
        #expect(rows.count == 4)
        for (name, row) in rows {
            let metadata = try await engine.metadata(ofFileAt: photos + "/" + name)
            let info = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(PhotoMetadataJSON(metadata))) as? [String: Any])
            #expect(info["photoDate"] as? Int == row.date, "\(name)")
            #expect((info["photoDateOffset"] as? Int) == row.offset, "\(name)")
            #expect(info["dateSource"] as? String == row.dateSource, "\(name)")
        }
    }

    @Test("rows agree with info --json on photoDate, offset and dateSource for every photo")
    func rowsAgreeWithInfo() async throws {
        try await expectAgreement(try await rows())
    }

    @Test(
        "a catalogued folder's rows agree with info --json on photoDate, offset and dateSource, the catalog built here or on another device",
        arguments: [false, true])
    func cataloguedRowsAgreeWithInfo(builtElsewhere: Bool) async throws {
        let builder = builtElsewhere ? try makeEngine(in: folder, device: "other") : engine
        for try await _ in builder.catalogBuilder(jobs: 1).build(folder: try builder.localSource(root: photos)) {}
        let rows = try await rows()
        #expect(rows["zoned.jpg"]?.offset == 9 * 3_600)
        try await expectAgreement(rows)
    }

    @Test("a catalogued folder's rows carry the catalog's dates: exif where the photo has one, file otherwise")
    func catalogued() async throws {
        for try await _ in engine.catalogBuilder(jobs: 1).build(folder: try engine.localSource(root: photos)) {}
        let rows = try await rows()
        #expect(rows["floating.jpg"]?.date == 946_684_799)
        #expect(rows["floating.jpg"]?.dateSource == "exif")
        #expect(rows["zoned.jpg"]?.date == 1_224_692_919 - 9 * 3_600)
        #expect(rows["plain.png"]?.date == 1_600_000_000)
        #expect(rows["plain.png"]?.dateSource == "file")
    }
}
