import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// API errors say what went wrong without telling a page where on the server the photos live.
@Suite("Errors name no served path")
struct ErrorRedactionTests {
    @Test("A served folder gone: every error names it by its name, never by its path (as given, or with links followed)")
    func goneFolder() async throws {
        let folder = try TemporaryDirectory()
        let engine = try makeEngine(in: folder)
        let photos = folder.path("Pictures")
        try FileManager.default.createDirectory(atPath: photos + "/2024", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: photos + "/photo.jpg")
        // Served through a link, so the path as given and the path with links followed differ.
        let link = folder.path("link-to-pictures")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: photos)
        let app = try APITestSupport.application(ServerConfiguration(folders: [link], port: 0), engine: engine)
        try await app.test(.router) { client in
            let rows = try await APITestSupport.rows(client, source: "local-0", folder: "~")
            let photo = try #require(rows.first?[0] as? String)
            let root = try await client.execute(uri: "/api/sources/local-0/folders/~", method: .get) { try APITestSupport.json($0) }
            let year = try #require((root["folders"] as? [[String: Any]])?.first?["id"] as? String)

            try FileManager.default.moveItem(atPath: photos, toPath: folder.path("moved"))
            let uris = [
                "/api/sources/local-0/folders/~",
                "/api/sources/local-0/folders/\(year)",
                "/api/sources/local-0/folders/\(year)/items",
                "/api/sources/local-0/folders/~/items/\(photo)/thumbnail",
                "/api/sources/local-0/folders/~/items/\(photo)/full",
                "/api/sources/local-0/folders/~/items/\(photo)/metadata",
                "/api/sources/local-0/folders/~/items/\(photo)/original",
                "/api/sources/local-0/folders/~/items/~missing.jpg/full",
            ]
            for uri in uris {
                let response = try await client.execute(uri: uri, method: .get)
                let body = String(buffer: response.body)
                #expect(response.status.code >= 400, "\(uri) → \(response.status)")
                #expect(!body.contains(folder.path("")), "\(uri) named a served path: \(body)")
            }
        }
    }

    @Test("Redaction: paths inside a root are told relative to it, the root by its name, nested roots whole")
    func redaction() {
        let error = ServerError(.notFound, "Cannot open '/srv/photos' or '/srv/photos/2024/a.jpg', nor '/srv/photos/nas/b.jpg'.")
        #expect(error.redacting(["/srv/photos", "/srv/photos/nas", "/"]).message == "Cannot open 'photos' or '2024/a.jpg', nor 'b.jpg'.")
    }
}
