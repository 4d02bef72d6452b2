import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

@Suite("The HTTP API")
struct ServerAPITests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() async throws {
        workspace = try TestWorkspace()
        try FileManager.default.createDirectory(atPath: workspace.photos + "/2024", withIntermediateDirectories: true)
        for name in ["orientation6.jpg", "photo.heic", "photo-4000x3000.jpg", "notes.jpg", "photo.tiff"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: workspace.photos + "/" + name)
        }
        try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.webp").path, toPath: workspace.photos + "/2024/p.webp")
        try FileManager.default.createSymbolicLink(atPath: workspace.photos + "/escape.jpg", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: workspace.photos + "/outside", withDestinationPath: "/etc")
    }

    private func app(token: String? = nil) throws -> some ApplicationProtocol {
        try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0, token: token), engine: engine)
    }

    private func json(_ response: TestResponse) throws -> [String: Any] {
        try APITestSupport.json(response)
    }

    private func rows(_ client: some TestClientProtocol, folder: String = "~", token: String? = nil) async throws -> [[Any]] {
        try await APITestSupport.rows(client, source: "local-0", folder: folder, token: token)
    }

    private func id(of name: String, in rows: [[Any]]) throws -> String {
        try #require(rows.first { $0[1] as? String == name }?[0] as? String)
    }

    @Test("Sources: the folder, Apple Photos and Cloud not configured, the albums, Places (no People), then the search results and the timelines")
    func sources() async throws {
        try await app().test(.router) { client in
            let body = try await client.execute(uri: "/api/sources", method: .get) { try json($0) }
            let sources = try #require(body["sources"] as? [[String: Any]])
            #expect(sources.map { $0["id"] as? String } == ["local-0", "apple-photos", "cloud", "albums", "places", "search", "photos"])
            #expect(sources[3]["kind"] as? String == "albums" && sources[3]["capabilities"] as? [String] == ["preview", "star"])
            #expect(sources[4]["kind"] as? String == "places" && sources[4]["rootFolder"] as? String == "~")
            #expect(sources[5]["kind"] as? String == "search" && sources[5]["configured"] as? Bool == true)
            #expect(sources[6]["kind"] as? String == "timeline" && sources[6]["rootFolder"] as? String == "~")
            #expect(sources[0]["name"] as? String == "photos" && sources[0]["configured"] as? Bool == true)
            #expect(sources[1]["configured"] as? Bool == false && (sources[1]["message"] as? String)?.contains("--library") == true)
            #expect(sources[0]["capabilities"] as? [String] == ["sorting", "grouping", "preview", "star", "folders", "describe"])
            #expect(sources[1]["capabilities"] as? [String] == [])
        }
    }

    @Test("Folders and items: subfolders, breadcrumbs, rows with dates and sizes")
    func foldersAndItems() async throws {
        try await app().test(.router) { client in
            let root = try await client.execute(uri: "/api/sources/local-0/folders/~", method: .get) { try json($0) }
            let subfolders = try #require(root["folders"] as? [[String: Any]])
            #expect(subfolders.compactMap { $0["name"] as? String } == ["2024"])
            let year = try #require(subfolders.first?["id"] as? String)
            let inside = try await client.execute(uri: "/api/sources/local-0/folders/\(year)", method: .get) { try json($0) }
            #expect((inside["breadcrumb"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["photos", "2024"])

            let items = try await rows(client)
            #expect(
                Set(items.compactMap { $0[1] as? String }) == ["orientation6.jpg", "photo.heic", "photo-4000x3000.jpg", "notes.jpg", "photo.tiff"])
            let row = try #require(items.first { $0[1] as? String == "notes.jpg" })
            #expect(row[3] as? Int == 33)
            #expect((row[2] as? Int ?? 0) > 1_600_000_000)
            #expect(try await rows(client, folder: year).count == 1)

            // A page of two, then the rest from where it ended: the same rows, in the same order.
            let uri = "/api/sources/local-0/folders/~/items"
            let first = try await client.execute(uri: uri + "?offset=0&limit=2", method: .get) { try json($0) }
            #expect(first["count"] as? Int == 5 && first["offset"] as? Int == 0)
            let firstRows = try #require(first["items"] as? [[Any]])
            let rest = try await client.execute(uri: uri + "?offset=2", method: .get) { try json($0) }
            let restRows = try #require(rest["items"] as? [[Any]])
            #expect(firstRows.count == 2 && restRows.count == 3)
            #expect((firstRows + restRows).compactMap { $0[0] as? String } == items.compactMap { $0[0] as? String })
            let (status, body) = try await client.execute(uri: uri + "?limit=0", method: .get) { ($0.status, try json($0)) }
            #expect(status == .badRequest)
            #expect(body["error"] as? String == "limit must be a whole number of 1 or more.")
        }
    }

    @Test("Thumbnails: JPEG with a strong ETag, immutable, 304 when unchanged; 422 for a non-image")
    func thumbnails() async throws {
        try await app().test(.router) { client in
            let items = try await rows(client)
            let uri = "/api/sources/local-0/folders/~/items/\(try id(of: "orientation6.jpg", in: items))/thumbnail"
            let first = try await client.execute(uri: uri, method: .get)
            #expect(first.status == .ok)
            #expect(first.headers[.contentType] == "image/jpeg")
            #expect(first.headers[.cacheControl]?.contains("immutable") == true)
            let md5 = try ContentHash.md5(ofFileAt: photos + "/orientation6.jpg")
            #expect(first.headers[.eTag] == "\"\(md5)-t2\"")
            #expect(Array(first.body.readableBytesView.prefix(3)) == [0xFF, 0xD8, 0xFF])

            let again = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "\"\(md5)-t2\""])
            #expect(again.status == .notModified)
            #expect(again.body.readableBytes == 0)
            // A browser's copy made by the rule before (tagged with the bare MD5) is not confirmed.
            #expect(try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "\"\(md5)\""]).status == .ok)

            let text = try await client.execute(
                uri: "/api/sources/local-0/folders/~/items/\(try id(of: "notes.jpg", in: items))/thumbnail", method: .get)
            #expect(text.status == .unprocessableContent)
            let message = try #require(try json(text)["error"] as? String)
            #expect(message.hasPrefix("'notes.jpg' is not an image"), "\(message)")
        }
    }

    @Test("Full images: originals for JPEG with the MD5 as ETag and 304; a JPEG rendering for HEIC; metadata as JSON")
    func fullImagesAndMetadata() async throws {
        try await app().test(.router) { client in
            let items = try await rows(client)
            let uri = "/api/sources/local-0/folders/~/items/\(try id(of: "photo-4000x3000.jpg", in: items))/full"
            let jpeg = try await client.execute(uri: uri, method: .get)
            #expect(jpeg.headers[.contentType] == "image/jpeg")
            #expect(Data(jpeg.body.readableBytesView) == (try Data(contentsOf: URL(fileURLWithPath: photos + "/photo-4000x3000.jpg"))))
            let md5 = try ContentHash.md5(ofFileAt: photos + "/photo-4000x3000.jpg")
            #expect(jpeg.headers[.eTag] == "\"\(md5)\"" && jpeg.headers[.cacheControl] == "private, no-cache")
            let again = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "W/\"other\", \"\(md5)\""])
            #expect(again.status == .notModified && again.body.readableBytes == 0)

            let heic = try await client.execute(uri: "/api/sources/local-0/folders/~/items/\(try id(of: "photo.heic", in: items))/full", method: .get)
            #expect(heic.status == .ok && heic.headers[.contentType] == "image/jpeg")
            #expect(Array(heic.body.readableBytesView.prefix(3)) == [0xFF, 0xD8, 0xFF])

            let original = try await client.execute(uri: uri.replacingOccurrences(of: "/full", with: "/original"), method: .get)
            #expect(original.headers[.contentDisposition]?.contains("photo-4000x3000.jpg") == true)
            #expect(Data(original.body.readableBytesView) == (try Data(contentsOf: URL(fileURLWithPath: photos + "/photo-4000x3000.jpg"))))

            let metadata = try await client.execute(
                uri: "/api/sources/local-0/folders/~/items/\(try id(of: "photo-4000x3000.jpg", in: items))/metadata", method: .get
            ) { try json($0) }
            #expect(metadata["cameraModel"] as? String == "Canon EOS R5")
            #expect(metadata["width"] as? Int == 4000)
            #expect(metadata["md5"] as? String == md5)
        }
    }

    @Test("A TIFF's full image is a JPEG rendering, made once: a second preview is answered from the rendering cache")
    func tiffFullImage() async throws {
        try await app().test(.router) { client in
            let uri = "/api/sources/local-0/folders/~/items/\(try id(of: "photo.tiff", in: try await rows(client)))/full"
            let first = try await client.execute(uri: uri, method: .get)
            #expect(first.status == .ok && first.headers[.contentType] == "image/jpeg")
            #expect(Array(first.body.readableBytesView.prefix(3)) == [0xFF, 0xD8, 0xFF])
            let md5 = try ContentHash.md5(ofFileAt: photos + "/photo.tiff")
            #expect(first.headers[.eTag] == "\"\(md5)\"")
            #expect(try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "\"\(md5)\""]).status == .notModified)

            // What the cache holds is what the next preview gets: nothing is rendered again.
            let cached = RenderingStore(cacheDirectory: folder.path("cache")).path(forMD5: md5)
            #expect(try Data(contentsOf: URL(fileURLWithPath: cached)) == Data(first.body.readableBytesView))
            let marker = try Data(contentsOf: try await Fixtures.file("orientation6.jpg"))
            try marker.write(to: URL(fileURLWithPath: cached))
            let second = try await client.execute(uri: uri, method: .get)
            #expect(Data(second.body.readableBytesView) == marker)
        }
    }

    @Test("No request reaches a file outside the served folder: every attempt is 404 or 403, on the API and beside it")
    func pathEscapes() async throws {
        let encode: @Sendable (String) -> String = { Data($0.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "") }
        try await app().test(.router) { client in
            let api = "/api/sources/local-0/folders/~/items"
            let attempts = [
                "\(api)/\(encode("../../etc/passwd"))/full",
                "\(api)/\(encode("/etc/passwd"))/full",
                "\(api)/%2e%2e%2f%2e%2e%2fetc%2fpasswd/full",
                "\(api)/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd/full",
                "\(api)/%252e%252e%252f%252e%252e%252fetc%252fpasswd/full",
                "\(api)/..%2F..%2Fetc%2Fpasswd/metadata",
                "\(api)/..%5C..%5Cetc%5Cpasswd/full",
                "\(api)/\(encode("..\\..\\etc\\passwd"))/full",
                "\(api)/\(encode("escape.jpg"))/full",
                "\(api)/~escape.jpg/full",
                "\(api)/~../full",
                "\(api)/~..%2F..%2Fetc%2Fpasswd/full",
                "\(api)/~%2Fetc%2Fpasswd/full",
                "\(api)/~%2e%2e/original",
                "/api/sources/local-0/folders/\(encode("outside"))/items/\(encode("passwd"))/full",
                "/api/sources/local-0/folders/\(encode(".."))/items",
                "/api/sources/local-0/folders/\(encode("/etc"))",
                "/api/sources/local-0/folders/%2Fetc/items",
                "/api/sources/local-0/folders/..%2F..%2Fetc",
                "/api/sources/local-9/folders/~",
                "/api/../../etc/passwd",
                "/api/%2e%2e/%2e%2e/etc/passwd",
                "/api/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
                "/api/%252e%252e/%252e%252e/etc/passwd",
                "/api/..%5C..%5Cetc%5Cpasswd",
                "/../../../etc/passwd",
                "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
                "/%2E%2E%2F%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
                "/%252e%252e/%252e%252e/etc/passwd",
                "/css/../../../../etc/passwd",
                "/js/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
                "/..%5C..%5C..%5Cetc%5Cpasswd",
                "/%zz/passwd",
                "/etc/passwd",
                "//etc/passwd",
                "/%2Fetc%2Fpasswd",
            ]
            for uri in attempts {
                let response = try await client.execute(uri: uri, method: .get)
                #expect([.notFound, .forbidden].contains(response.status), "\(uri) → \(response.status)")
                #expect(!String(buffer: response.body).contains("root:"), "\(uri) leaked a file")
            }
        }
    }

    @Test("Links in the web UI's folder that lead outside it are not followed")
    func webRootLinks() async throws {
        let web = folder.path("web")
        try FileManager.default.createDirectory(atPath: web, withIntermediateDirectories: true)
        try "<!doctype html><title>Photolala</title>".write(toFile: web + "/index.html", atomically: true, encoding: .utf8)
        try "ok".write(toFile: folder.path("inside.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: web + "/passwd", withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(atPath: web + "/etc", withDestinationPath: "/etc")
        try FileManager.default.createSymbolicLink(atPath: web + "/up", withDestinationPath: folder.path(""))
        var configuration = ServerConfiguration(folders: [photos], port: 0)
        configuration.publicDirectory = web
        try await buildApplication(configuration: configuration, engine: engine).test(.router) { client in
            #expect(try await client.execute(uri: "/", method: .get).status == .ok)
            for uri in ["/passwd", "/etc/passwd", "/etc/", "/up/inside.txt", "/up/photos/notes.jpg"] {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri) → \(response.status)")
                #expect(!String(buffer: response.body).contains("root:"), "\(uri) leaked a file")
            }
        }
    }

    @Test("With a token, requests need it: ?token= sets a cookie, and a bearer header works")
    func token() async throws {
        try await app(token: "s3cret-token").test(.router) { client in
            #expect(try await client.execute(uri: "/api/sources", method: .get).status == .unauthorized)
            #expect(try await client.execute(uri: "/api/sources?token=wrong-token", method: .get).status == .unauthorized)
            let opened = try await client.execute(uri: "/?token=s3cret-token", method: .get)
            #expect(opened.status == .ok)
            let cookie = try #require(opened.headers[.setCookie])
            #expect(cookie.contains("photolala_token=s3cret-token") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            #expect(try await client.execute(uri: "/api/sources", method: .get, headers: [.cookie: "photolala_token=s3cret-token"]).status == .ok)
            #expect(try await client.execute(uri: "/api/sources", method: .get, headers: [.authorization: "Bearer s3cret-token"]).status == .ok)
        }
    }

    /// POSTs a star of `id` with `headers`; whether it was answered `status` and the folder's
    /// badges then show the photo starred or not.
    private func star(
        _ client: some TestClientProtocol, _ id: String, headers: HTTPFields, expecting status: HTTPResponse.Status, starred: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let body = try JSONSerialization.data(withJSONObject: ["source": "local-0", "folder": "~", "ids": [id], "starred": true])
        var headers = headers
        headers[.contentType] = "application/json"
        let response = try await client.execute(uri: "/api/backup/star", method: .post, headers: headers, body: ByteBuffer(bytes: body))
        #expect(response.status == status, sourceLocation: sourceLocation)
        let badges = try await client.execute(uri: "/api/sources/local-0/folders/~/backup", method: .get, headers: headers) { try json($0) }
        #expect(((badges["items"] as? [String: Any])?[id] != nil) == starred, sourceLocation: sourceLocation)
    }

    @Test("Changes need the page's own origin, or the token in the request itself: a star from another site is refused and changes nothing")
    func stateChanges() async throws {
        try await app().test(.router) { client in
            let photo = try id(of: "orientation6.jpg", in: try await rows(client))
            try await star(client, photo, headers: [.origin: "http://evil.example"], expecting: .forbidden, starred: false)
            try await star(client, photo, headers: [.origin: "http://localhost.evil.example"], expecting: .forbidden, starred: false)
            try await star(client, photo, headers: [:], expecting: .forbidden, starred: false)
            try await star(client, photo, headers: [.origin: "http://localhost"], expecting: .ok, starred: true)
        }
        try await app(token: "s3cret-token").test(.router) { client in
            #expect(
                try await client.execute(uri: "/api/backup/star", method: .post, headers: [.origin: "http://evil.example"]).status == .unauthorized)
            let listed = try await rows(client, token: "s3cret-token")
            try await star(
                client, try id(of: "photo.heic", in: listed), headers: [.authorization: "Bearer s3cret-token"], expecting: .ok, starred: true)
            // The cookie goes with any page of this host, another port's too: it needs the page's own origin.
            let photo = try id(of: "photo-4000x3000.jpg", in: listed)
            try await star(client, photo, headers: [.cookie: "photolala_token=s3cret-token"], expecting: .forbidden, starred: false)
            try await star(
                client, photo, headers: [.cookie: "photolala_token=s3cret-token", .origin: "http://localhost:3000"], expecting: .forbidden,
                starred: false)
            try await star(
                client, photo, headers: [.cookie: "photolala_token=s3cret-token", .origin: "http://localhost"], expecting: .ok, starred: true)
        }
    }

    @Test(
        "Loopback is read from the address, never from a name",
        arguments: [
            ("127.0.0.1", true), ("127.4.5.6", true), ("localhost", true), ("LocalHost", true), ("::1", true), ("[::1]", true),
            ("::ffff:127.0.0.1", true), ("127.evil.example", false), ("127.0.0.1.evil.example", false), ("10.0.0.5", false),
            ("0.0.0.0", false), ("::", false), ("::2", false), ("example.com", false),
        ])
    func loopback(host: String, isLoopback: Bool) {
        #expect(ServerConfiguration(folders: [], host: host).isLoopback == isLoopback)
    }

    @Test("The Host header names the bound address, or off loopback this machine's name; any other is refused (DNS rebinding)")
    func hostNames() async throws {
        var configuration = ServerConfiguration(folders: [photos], host: "192.0.2.7", port: 0, token: "s3cret-token")
        configuration.machineName = "photobox"
        #expect(AllowedHosts(configuration).names == ["192.0.2.7", "photobox", "photobox.local"])
        #expect(AllowedHosts(ServerConfiguration(folders: [], host: "127.0.0.1")).names == ["127.0.0.1", "localhost", "::1"])

        // The test client always says Host: localhost, here a name that is not this server's.
        let bearer: HTTPFields = [.authorization: "Bearer s3cret-token"]
        try await APITestSupport.application(configuration, engine: engine).test(.router) { client in
            let response = try await client.execute(uri: "/api/sources", method: .get, headers: bearer)
            #expect(response.status == .forbidden)
        }
        configuration.machineName = "localhost"
        try await APITestSupport.application(configuration, engine: engine).test(.router) { client in
            let response = try await client.execute(uri: "/api/sources", method: .get, headers: bearer)
            #expect(response.status == .ok)
        }
    }

    @Test("Binding beyond loopback without a token is refused")
    func exposedBind() throws {
        let error = #expect(throws: ServerError.self) {
            _ = try buildApplication(configuration: ServerConfiguration(folders: [photos], host: "0.0.0.0", port: 0), engine: engine)
        }
        #expect(error?.message.contains("--token") == true)
    }

    @Test("The web UI is served at /")
    func webUI() async throws {
        try await app().test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .ok)
            #expect(String(buffer: page.body).contains("<script type=\"module\" src=\"js/main.js\">"))
        }
    }
}
