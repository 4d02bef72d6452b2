import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

@Suite("An Apple Photos library's RAW+JPEG pairs and Live Photos through the HTTP API")
struct ApplePhotosCompanionAPITests: WorkspaceSuite {
    let workspace: TestWorkspace
    let library: String
    let live: PhotosLibraries.LivePhoto
    /// IMG_1997.JPG, shot with a .CR2 that Photos keeps (not on this disk: the test library dropped it).
    let pair = "4D521201-92AC-43E5-8F7C-59BC41C37A96"

    init() async throws {
        workspace = try TestWorkspace()
        library = try await PhotosLibraries.copy(PhotosLibraries.catalina, into: workspace.folder)
        live = try await PhotosLibraries.addLivePhoto(to: library)
        try await PhotosLibraries.putOriginal(library + "/originals/4/\(pair).jpeg")
    }

    private func items(_ id: String) -> String {
        "/api/sources/apple-photos/folders/~/items/" + id
    }

    @Test("a RAW+JPEG asset lists its RAW and a Live Photo its movie; the movie plays with ranges and downloads under its name")
    func rowsAndFiles() async throws {
        let app = try APITestSupport.application(ServerConfiguration(folders: [], libraries: [library], port: 0), engine: engine)
        try await app.test(.router) { client in
            let rows = try await APITestSupport.rows(client, source: "apple-photos", folder: "~")
            // Companions are files of their items, not items: All Photos still shows 26.
            #expect(rows.count == 26)
            func companions(of uuid: String) -> [[Any]]? {
                rows.first { $0[0] as? String == uuid }?[11] as? [[Any]]
            }
            let raw = try #require(companions(of: pair))
            #expect(raw.count == 1)
            #expect(raw[0][0] as? String == pair + "~raw" && raw[0][1] as? String == "IMG_1997.CR2" && raw[0][2] as? String == "raw")
            #expect(raw[0][3] as? Int == 15_921_433)
            #expect(companions(of: "A92D9C26-3A50-4197-9388-CB5F7DB9FA91")?.first?[1] as? String == "IMG_1994.CR2")
            let movie = try #require(companions(of: live.assetUUID))
            #expect(movie.count == 1)
            #expect(movie[0][0] as? String == live.assetUUID + "~live" && movie[0][1] as? String == "Pumpkins3.MOV")
            #expect(movie[0][2] as? String == "live")
            #expect(rows.first { $0[0] as? String == "7783E8E6-9CAC-40F3-BE22-81FB7051C266" }?[11] is NSNull)

            // The movie streams from its file as a <video> asks for it.
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: live.moviePath)))
            #expect(movie[0][3] as? Int == bytes.count, "the movie's size, from its file")
            let whole = try await client.execute(uri: items(live.assetUUID + "~live") + "/full", method: .get)
            #expect(whole.status == .ok && whole.headers[.contentType] == "video/quicktime")
            #expect(Array(whole.body.readableBytesView) == bytes)
            let part = try await client.execute(uri: items(live.assetUUID + "~live") + "/full", method: .get, headers: [.range: "bytes=100-1099"])
            #expect(part.status == .partialContent)
            #expect(part.headers[.contentRange] == "bytes 100-1099/\(bytes.count)")
            #expect(Array(part.body.readableBytesView) == Array(bytes[100...1099]))
            let original = try await client.execute(uri: items(live.assetUUID + "~live") + "/original", method: .get)
            #expect(original.status == .ok && original.headers[.contentDisposition]?.contains("Pumpkins3.MOV") == true)
            #expect(Array(original.body.readableBytesView) == bytes)
            // The still is still the item's own.
            let still = try await client.execute(uri: items(live.assetUUID) + "/original", method: .get)
            #expect(still.headers[.contentDisposition]?.contains("Pumpkins3.jpg") == true)

            // The RAW is recorded but not here: the preview and the download say why, naming it.
            for route in ["/full", "/original"] {
                let response = try await client.execute(uri: items(pair + "~raw") + route, method: .get)
                #expect(response.status == .notFound, "\(route)")
                let error = try APITestSupport.json(response)["error"] as? String
                #expect(error?.contains("'IMG_1997.CR2' is not available locally (in iCloud)") == true, "\(route): \(error ?? "")")
                #expect(error?.contains(library) == false)
            }
            #expect(
                try APITestSupport.json(try await client.execute(uri: items(pair + "~raw") + "/full", method: .get))["reason"] as? String
                    == "inICloud")

            // Only what a listing shows resolves: no movie of a photo that is no Live Photo, no RAW of one without.
            for id in [
                pair + "~live", "F12384F6-CD17-4151-ACBA-AE0E3688539E~raw", "F12384F6-CD17-4151-ACBA-AE0E3688539E~live", "nothing~raw", "~live",
            ] {
                for route in ["/full", "/original"] {
                    let response = try await client.execute(
                        uri: items(id.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? id) + route, method: .get)
                    #expect(response.status == .notFound, "\(id)\(route)")
                }
            }
        }
    }

    @Test("starring a RAW+JPEG pair queues the JPEG and says why its RAW cannot be; a Live Photo's movie is backed up under its name")
    func starring() async throws {
        let token = "apple-photos-companion-token"
        let configuration = APITestSupport.backingUp(libraries: [library], in: folder, token: token)
        try await APITestSupport.application(configuration, engine: engine).test(.router) { client in
            let headers: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            _ = try await APITestSupport.rows(client, source: "apple-photos", folder: "~", token: token)
            let body = try JSONSerialization.data(withJSONObject: [
                "source": "apple-photos", "folder": "~", "ids": [pair, live.assetUUID], "starred": true,
            ])
            let starred = try await client.execute(uri: "/api/backup/star", method: .post, headers: headers, body: ByteBuffer(bytes: body)) {
                try APITestSupport.json($0)
            }
            let badges = try #require(starred["items"] as? [String: [String: Any]])
            #expect(badges[pair]?["state"] as? String == "starred")
            #expect(badges[live.assetUUID]?["state"] as? String == "starred")
            #expect(badges[live.assetUUID + "~live"]?["state"] as? String == "starred")
            let error = badges[pair + "~raw"]?["error"] as? String
            #expect(error?.contains("'IMG_1997.CR2' is not available locally") == true, "\(badges)")

            let run = try await client.execute(uri: "/api/backup/run", method: .post, headers: headers)
            #expect(run.status == .accepted)
            var status: [String: Any] = [:]
            for _ in 0..<600 {
                status = try await client.execute(uri: "/api/backup/status", method: .get, headers: headers) { try APITestSupport.json($0) }
                if status["done"] as? Int == 3 || status["failed"] as? Int ?? 0 > 0 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(status["done"] as? Int == 3, "\(status)")
        }
        // The movie's row in the cloud catalog has the name Photos exports it under, and its asset's uuid.
        let md5 = try ContentHash.md5(ofFileAt: live.moviePath)
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        let shardKey = try await CloudLayout(userID: "user").storedShard(Int(String(md5.prefix(1)), radix: 16) ?? 0, in: store)
        let shard = try #require(try await store.get(shardKey))
        let row = try #require(String(decoding: shard, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix(md5) })
        #expect(row.hasPrefix(md5 + ",Pumpkins3.MOV,"))
        #expect(row.hasSuffix("," + live.assetUUID))
    }
}
