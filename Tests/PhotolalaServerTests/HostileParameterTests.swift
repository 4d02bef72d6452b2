import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// Requests a hostile page can make the browser send, which once killed the server or were
/// obeyed: a page far past any listing, a form that is not URL-encoded, and changes sent with
/// the token's cookie from a page of another port of the same host.
@Suite("Hostile parameters, forms and origins")
struct HostileParameterTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() async throws {
        workspace = try TestWorkspace()
        for name in ["orientation6.jpg", "photo.heic", "photo-4000x3000.jpg"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: workspace.photos + "/" + name)
        }
    }

    @Test("A page's limit as large as a number goes ends at the last photo; numbers that are not one are refused with 400")
    func pageLimits() async throws {
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
        try await app.test(.router) { client in
            let all = try await APITestSupport.rows(client, source: "local-0", folder: "~")
            #expect(all.count == 3)
            let items = "/api/sources/local-0/folders/~/items"
            let page = try await client.execute(uri: items + "?offset=1&limit=9223372036854775807", method: .get) { try APITestSupport.json($0) }
            #expect((page["items"] as? [[Any]])?.map { $0[0] as? String } == all.dropFirst().map { $0[0] as? String })
            let past = try await client.execute(uri: items + "?offset=9223372036854775807&limit=9223372036854775807", method: .get) {
                try APITestSupport.json($0)
            }
            #expect((past["items"] as? [[Any]])?.isEmpty == true)
            for query in ["limit=0", "limit=-1", "limit=abc", "limit=9223372036854775808", "offset=-1", "offset=1e3"] {
                let refused = try await client.execute(uri: items + "?" + query, method: .get)
                #expect(refused.status == .badRequest, "\(query)")
                #expect(String(buffer: refused.body).contains("must be a whole number"), "\(query)")
            }
        }
    }

    @Test(
        "An export form that is not URL-encoded is refused with 400; a + in an id is a space",
        arguments: ["ids=%", "ids=%ZZ", "ids=%E", "ids=a%2", "ids=%FF%FE%G0"])
    func malformedExportForm(form: String) async throws {
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
        try await app.test(.router) { client in
            let headers: HTTPFields = [.origin: "http://localhost", .contentType: "application/x-www-form-urlencoded"]
            let uri = "/api/sources/local-0/folders/~/export"
            let response = try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: form))
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body).contains("not URL-encoded"))
            // The server still answers, and still exports what a valid form names.
            let id = try #require(try await APITestSupport.rows(client, source: "local-0", folder: "~").first?[0] as? String)
            let valid = try await client.execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: "x=1&ids=\(id)&ids=&ids"))
            #expect(valid.status == .ok && valid.headers[.contentType] == "application/zip")
        }
    }

    @Test("Raw spaces, quotes, brackets, # and bytes that are no UTF-8 in an export form are ids of no photo, named in the note")
    func exportFormCharacters() async throws {
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
        try await app.test(.router) { client in
            let headers: HTTPFields = [.origin: "http://localhost", .contentType: "application/x-www-form-urlencoded"]
            for form in [Array("ids=a b".utf8), Array("ids=\"".utf8), Array("ids=<>".utf8), Array("ids=#".utf8), [0x69, 0x64, 0x73, 0x3D, 0xFF]] {
                let response = try await client.execute(
                    uri: "/api/sources/local-0/folders/~/export", method: .post, headers: headers, body: ByteBuffer(bytes: form))
                #expect(response.status == .ok, "\(form)")
                let archive = folder.path("export.zip")
                try Data(response.body.readableBytesView).write(to: URL(fileURLWithPath: archive))
                #expect(try await ZipReader.entries(of: archive).map(\.name) == ["Not exported.txt"], "\(form)")
            }
        }
    }

    @Test("Served beyond loopback with a token, every changing route refuses the token's cookie from another origin or none")
    func forgedChanges() async throws {
        var configuration = ServerConfiguration(folders: [photos], host: "0.0.0.0", port: 0, token: "s3cret-token")
        configuration.machineName = "localhost"  // the test client's Host
        configuration.publicDirectory = Fixtures.repositoryRoot.appendingPathComponent("Sources/PhotolalaServer/Public").path
        let changing = try buildRouter(configuration: configuration, engine: engine).router.routes.filter { ![.get, .head].contains($0.method) }
            .map { (method: $0.method, path: $0.path.description) }
        #expect(changing.count >= 9)
        let app = try APITestSupport.application(configuration, engine: engine)
        try await app.test(.router) { client in
            let id = try #require(try await APITestSupport.rows(client, source: "local-0", folder: "~", token: "s3cret-token").first?[0] as? String)
            let cookie: HTTPFields = [.cookie: "photolala_token=s3cret-token", .contentType: "application/json"]
            for route in changing {
                let uri = route.path.replacingOccurrences(of: "{source}", with: "local-0")
                    .replacingOccurrences(of: "{folder}", with: "~").replacingOccurrences(of: "{item}", with: id)
                for origin in ["http://localhost:3000", "null", "http://evil.example", nil] {
                    var headers = cookie
                    headers[.origin] = origin
                    let response = try await client.execute(uri: uri, method: route.method, headers: headers, body: ByteBuffer(string: "{}"))
                    #expect(response.status == .forbidden, "\(route.method) \(route.path) from \(origin ?? "no origin")")
                }
            }
            // The server's own page, and a client with the token in its own header, still change things.
            let star = ByteBuffer(string: #"{"source":"local-0","folder":"~","ids":["\#(id)"],"starred":true}"#)
            var own = cookie
            own[.origin] = "http://localhost"
            #expect(try await client.execute(uri: "/api/backup/star", method: .post, headers: own, body: star).status == .ok)
            let bearer: HTTPFields = [.authorization: "Bearer s3cret-token", .contentType: "application/json"]
            #expect(try await client.execute(uri: "/api/backup/star", method: .post, headers: bearer, body: star).status == .ok)
        }
    }

    @Test("A body sent as text or a form where JSON is expected is refused with 415")
    func jsonOnly() async throws {
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
        try await app.test(.router) { client in
            let id = try #require(try await APITestSupport.rows(client, source: "local-0", folder: "~").first?[0] as? String)
            let star = ByteBuffer(string: #"{"source":"local-0","folder":"~","ids":["\#(id)"],"starred":true}"#)
            for type in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"] {
                let headers: HTTPFields = [.origin: "http://localhost", .contentType: type]
                #expect(
                    try await client.execute(uri: "/api/backup/star", method: .post, headers: headers, body: star).status == .unsupportedMediaType)
            }
            let badges = try await client.execute(uri: "/api/sources/local-0/folders/~/backup", method: .get) { try APITestSupport.json($0) }
            #expect((badges["items"] as? [String: Any])?[id] == nil, "nothing was starred")
        }
    }
}
