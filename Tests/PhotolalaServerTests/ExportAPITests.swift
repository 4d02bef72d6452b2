import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

@Suite("Exporting a selection as one ZIP")
struct ExportAPITests {
    @Test("POST …/export streams the originals as a ZIP named after the folder; a photo that is not there is named in a note")
    func export() async throws {
        let folder = try TemporaryDirectory()
        let engine = try makeEngine(in: folder)
        let photos = folder.path("Holiday")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for name in ["orientation6.jpg", "photo.heic"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: photos + "/" + name)
        }
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
        try await app.test(.router) { client in
            let rows = try await APITestSupport.rows(client, source: "local-0", folder: "~")
            let ids = rows.compactMap { $0[0] as? String }
            #expect(ids.count == 2)
            let form = (ids + ["bm90LWhlcmU"]).map { "ids=\($0)" }.joined(separator: "&")
            let headers: HTTPFields = [.origin: "http://localhost", .contentType: "application/x-www-form-urlencoded"]
            let response = try await client.execute(
                uri: "/api/sources/local-0/folders/~/export", method: .post, headers: headers, body: ByteBuffer(string: form))
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/zip")
            #expect(response.headers[.contentDisposition]?.contains("filename=\"Holiday.zip\"") == true)
            let archive = folder.path("export.zip")
            try Data(response.body.readableBytesView).write(to: URL(fileURLWithPath: archive))
            let entries = try await ZipReader.entries(of: archive)
            #expect(entries.map(\.name).sorted() == ["Not exported.txt", "orientation6.jpg", "photo.heic"])
            for entry in entries where entry.name != "Not exported.txt" {
                #expect(entry.bytes == FileManager.default.contents(atPath: photos + "/" + entry.name))
            }
            let note = String(decoding: entries.first { $0.name == "Not exported.txt" }?.bytes ?? Data(), as: UTF8.self)
            #expect(note.contains("Photo 3 of 3"))
            #expect(!note.contains(photos))  // no served path in what the page receives

            // Another site cannot make the browser download the photos; nor can an empty form.
            let foreign = try await client.execute(
                uri: "/api/sources/local-0/folders/~/export", method: .post,
                headers: [.origin: "http://evil.example", .contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: form))
            #expect(foreign.status == .forbidden)
            let empty = try await client.execute(uri: "/api/sources/local-0/folders/~/export", method: .post, headers: headers)
            #expect(empty.status == .badRequest)
        }
    }
}
