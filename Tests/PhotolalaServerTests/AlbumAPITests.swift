import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// The albums as the page edits and opens them: `/api/albums` and its edits, and the Albums
/// source, whose album grids list the album's photos in its order at copies the served sources
/// hold, with a photo whose copies are gone listed as missing.
@Suite("The albums API")
struct AlbumAPITests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    static let headers: HTTPFields = [.contentType: "application/json", .origin: "http://localhost"]

    private func post(_ client: some TestClientProtocol, _ uri: String, _ body: [String: Any]) async throws -> (HTTPResponse.Status, [String: Any]) {
        let bytes = try JSONSerialization.data(withJSONObject: body)
        return try await client.execute(uri: uri, method: .post, headers: Self.headers, body: ByteBuffer(bytes: bytes)) {
            ($0.status, try APITestSupport.json($0))
        }
    }

    /// The names of an album's grid, in its order, and their ids.
    private func grid(_ client: some TestClientProtocol, _ album: String) async throws -> [(name: String, id: String)] {
        try await APITestSupport.rows(client, source: "albums", folder: album).map { row in (row[1] as? String ?? "", row[0] as? String ?? "") }
    }

    @Test("An album made from the page holds photos of a folder and of a search in the order given, with its cover; a photo gone is missing")
    func albumFromThePage() async throws {
        for name in ["a.jpg", "b.jpg", "c.jpg"] {
            try await Fixtures.datedPhoto(
                at: photos + "/" + name, tags: ["-ImageDescription=\(name)", "-XMP-dc:Subject=\(name == "c.jpg" ? "sea" : "land")"])
        }
        _ = try await engine.index(try engine.localSource(root: photos))
        var configuration = ServerConfiguration(folders: [photos], port: 0)
        configuration.searchIndexFreshness = .zero
        let app = try APITestSupport.application(configuration, engine: engine)
        try await app.test(.router) { client in
            let (made, folder) = try await post(client, "/api/albums", ["name": "Trips", "isFolder": true])
            #expect(made == .ok)
            let folderID = try #require(folder["id"] as? String)
            let (_, album) = try await post(client, "/api/albums", ["name": "Rome", "parent": folderID])
            let id = try #require(album["id"] as? String)

            let (added, answer) = try await post(
                client, "/api/albums/\(id)/add", ["source": "local-0", "folder": "~", "ids": ["~a.jpg", "~b.jpg", "~nope.jpg"]])
            #expect(added == .ok && answer["count"] as? Int == 2)
            #expect((answer["errors"] as? [String: String])?.keys.sorted() == ["~nope.jpg"])
            // A photo of a view over the sources goes in as the photo it is.
            let found = try await client.execute(uri: "/api/search?q=keyword:sea", method: .get) { try APITestSupport.json($0) }
            let hit = try #require((found["results"] as? [[String: Any]])?.first)
            let resultID = SearchResultID(source: "local-0", folder: try #require(hit["folder"] as? String), item: try #require(hit["id"] as? String))
                .id
            #expect(
                try await post(client, "/api/albums/\(id)/add", ["source": "search", "folder": "keyword:sea", "ids": [resultID]]).1["count"] as? Int
                    == 1)

            var shown = try await grid(client, id)
            #expect(shown.map(\.name) == ["a.jpg", "b.jpg", "c.jpg"])
            let thumbnail = try await client.execute(uri: "/api/sources/albums/folders/\(id)/items/\(shown[0].id)/thumbnail", method: .get)
            #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/jpeg")

            #expect(try await post(client, "/api/albums/\(id)/order", ["ids": [shown[2].id], "before": shown[0].id]).0 == .ok)
            #expect(try await post(client, "/api/albums/\(id)/cover", ["ids": [shown[1].id]]).0 == .ok)
            let cover = shown[1].id
            shown = try await grid(client, id)
            #expect(shown.map(\.name) == ["c.jpg", "a.jpg", "b.jpg"])
            let summary = try await client.execute(uri: "/api/sources/albums/folders/\(id)/summary", method: .get) { try APITestSupport.json($0) }
            #expect((summary["cover"] as? [String: Any])?["id"] as? String == cover && summary["count"] as? Int == 3)
            let top = try await client.execute(uri: "/api/albums", method: .get) { try APITestSupport.json($0) }
            let listed = (top["albums"] as? [[String: Any]] ?? []).map {
                "\($0["name"] ?? "") \($0["parent"] as? String == folderID) \($0["photoCount"] ?? "")"
            }
            #expect(listed == ["Trips false 0", "Rome true 3"])

            // Every copy gone: still listed, by the name it was added under, its thumbnail not found.
            try FileManager.default.removeItem(atPath: photos + "/a.jpg")
            // As a page opening the album again: the listing read before the index changed is listed anew.
            for _ in 0..<200 where !shown[1].id.hasPrefix(ServedSearch.missingPrefix) {
                _ = try await client.execute(uri: "/api/sources/albums/folders/\(id)", method: .get)
                try await Task.sleep(for: .milliseconds(50))
                shown = try await grid(client, id)
            }
            #expect(shown.map(\.name) == ["c.jpg", "a.jpg", "b.jpg"])
            #expect(shown[1].id.hasPrefix("missing-"))
            let gone = try await client.execute(uri: "/api/sources/albums/folders/\(id)/items/\(shown[1].id)/thumbnail", method: .get)
            #expect(gone.status == .notFound)
            #expect(try await post(client, "/api/albums/\(id)/remove", ["ids": [shown[1].id]]).1["count"] as? Int == 1)
            #expect(try await grid(client, id).map(\.name) == ["c.jpg", "b.jpg"])
        }
    }

    @Test("Edits the albums refuse say why: a name taken, photos into a folder, an album gone, an id not in the album")
    func refusedEdits() async throws {
        try await Fixtures.datedPhoto(at: photos + "/a.jpg", tags: [])
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
        try await app.test(.router) { client in
            let folder = try #require(try await post(client, "/api/albums", ["name": "Trips", "isFolder": true]).1["id"] as? String)
            let (taken, answer) = try await post(client, "/api/albums", ["name": "Trips"])
            #expect(taken == .conflict && (answer["error"] as? String)?.contains("exists already") == true)
            let intoFolder = try await post(client, "/api/albums/\(folder)/add", ["source": "local-0", "folder": "~", "ids": ["~a.jpg"]])
            #expect(intoFolder.0 == .conflict)
            #expect(try await post(client, "/api/albums/nope/rename", ["name": "x"]).0 == .notFound)
            let album = try #require(try await post(client, "/api/albums", ["name": "Rome"]).1["id"] as? String)
            #expect(try await post(client, "/api/albums/\(album)/remove", ["ids": ["bG9jYWwtMAB-.~other.jpg"]]).0 == .notFound)
            #expect(try await post(client, "/api/albums", ["name": ".."]).0 == .conflict)
            #expect(try await post(client, "/api/albums/\(folder)/delete", [:]).0 == .ok)
            #expect(try await client.execute(uri: "/api/sources/albums/folders/\(folder)", method: .get).status == .notFound)
        }
    }
}
