import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// The Host header must name the server, once, in a well-formed way, and an absolute-form
/// target's authority is held to the same rule: a request naming any other host, however it
/// is put, is refused (DNS rebinding).
@Suite("Host headers")
struct HostHeaderTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    /// The application bound as `host` says (the test binds it to localhost whatever it says).
    private func app(host: String = "127.0.0.1", token: String? = nil) throws -> some ApplicationProtocol {
        var configuration = ServerConfiguration(folders: [photos], host: host, port: 0, token: token)
        configuration.machineName = "photobox"
        return try APITestSupport.application(configuration, engine: engine)
    }

    /// The status of `GET target` sent with `headers` (each a `Name: value` line) as they are;
    /// `nil` when no response came within 30 s (every answer is immediate on an idle machine;
    /// the whole suite running at once on two cores is not one).
    private func status(_ port: Int, _ target: String = "/api/sources", headers: [String]) async -> Int? {
        guard let connection = try? RawHTTPConnection(port: port) else { return nil }
        await connection.write("GET \(target) HTTP/1.1\r\n" + headers.map { $0 + "\r\n" }.joined() + "Connection: close\r\n\r\n")
        return await connection.receiveResponse(timeout: .seconds(30)).status
    }

    @Test("On a wildcard bind with a token, a Host header naming another host is 403 even with the token")
    func wildcardBind() async throws {
        // Live: raw sockets send Host headers as written; the router test client always says localhost.
        try await app(host: "0.0.0.0", token: "s3cret-token").test(.live) { client in
            let port = try #require(client.port)
            let token = "Authorization: Bearer s3cret-token"
            #expect(await status(port, headers: ["Host: evil.example", token]) == 403)
            #expect(await status(port, headers: ["Host: evil.example:\(port)", token]) == 403)
            #expect(await status(port, headers: ["Host: 127.0.0.1.evil.example", token]) == 403)
            #expect(await status(port, headers: ["Host: localhost", token]) == 200)
            #expect(await status(port, headers: ["Host: 127.0.0.1:\(port)", token]) == 200)
            #expect(await status(port, headers: ["Host: PhotoBox", token]) == 200)
            #expect(await status(port, headers: ["Host: photobox.local:8080", token]) == 200)
            if let address = HostAddress.interfaceAddresses().first(where: { !HostAddress.isLoopback($0) }) {
                let host = address.contains(":") ? "[\(address)]" : address
                #expect(await status(port, headers: ["Host: \(host):8080", token]) == 200, "\(host)")
            }
            #expect(await status(port, headers: ["Host: 192.0.2.99", token]) == 403)
        }
    }

    @Test("A Host header with anything after its host and port is 400")
    func malformed() async throws {
        // Live: raw sockets send Host headers as written; the router test client always says localhost.
        try await app().test(.live) { client in
            let port = try #require(client.port)
            for host in [
                "127.0.0.1:\(port) evil", "127.0.0.1:\(port):1", "localhost:http", "localhost:99999", "user@localhost", "", "[::1", "[zz]:1",
            ] {
                #expect(await status(port, headers: ["Host: \(host)"]) == 400, "Host: \(host)")
            }
            #expect(await status(port, headers: ["Host: [::1]:\(port)"]) == 200)
            #expect(await status(port, headers: ["Host: LOCALHOST"]) == 200)
        }
    }

    @Test("None or two Host headers are 400")
    func count() async throws {
        // Live: raw sockets send Host headers as written; the router test client always says localhost.
        try await app().test(.live) { client in
            let port = try #require(client.port)
            #expect(await status(port, headers: []) == 400)
            #expect(await status(port, headers: ["Host: localhost", "Host: evil.example"]) == 400)
            #expect(await status(port, headers: ["Host: localhost", "host: localhost"]) == 400)
            #expect(await status(port, headers: ["Host: localhost"]) == 200)
        }
    }

    @Test("An absolute-form target counts as the Host: naming another host is 403, this one 200; other forms are 400")
    func absoluteForm() async throws {
        // Live: raw sockets send Host headers as written; the router test client always says localhost.
        try await app().test(.live) { client in
            let port = try #require(client.port)
            #expect(await status(port, "http://evil.example/api/sources", headers: ["Host: localhost"]) == 403)
            #expect(await status(port, "HTTP://evil.example:\(port)/api/sources", headers: ["Host: localhost"]) == 403)
            #expect(await status(port, "http://localhost@evil.example/api/sources", headers: ["Host: localhost"]) == 400)
            #expect(await status(port, "http://localhost:\(port)/api/sources", headers: ["Host: evil.example"]) == 200)
            #expect(await status(port, "http://localhost:\(port)/api/sources", headers: []) == 200)
            #expect(await status(port, "localhost:\(port)", headers: ["Host: localhost"]) == 400)
            #expect(await status(port, "ftp://localhost/api/sources", headers: ["Host: localhost"]) == 400)
        }
    }

    @Test("The allowed hosts: the bound address, loopback names on loopback and wildcard binds, this machine off loopback")
    func allowedHosts() {
        var configuration = ServerConfiguration(folders: [], host: "192.0.2.7", token: "s3cret-token")
        configuration.machineName = "PhotoBox"
        let bound = AllowedHosts(configuration)
        #expect(bound.names == ["192.0.2.7", "photobox", "photobox.local"] && !bound.interfaceAddresses)
        #expect(AllowedHosts(ServerConfiguration(folders: [], host: "127.0.0.1")).names == ["127.0.0.1", "localhost", "::1"])
        #expect(AllowedHosts(ServerConfiguration(folders: [], host: "[0:0::1]")).names == ["::1", "localhost", "127.0.0.1"])
        configuration.host = "::"
        let wildcard = AllowedHosts(configuration)
        #expect(wildcard.interfaceAddresses && wildcard.allows("::1") && wildcard.allows("127.0.0.1") && !wildcard.allows("192.0.2.99"))
        #expect(!wildcard.allows("evil.example") && wildcard.allows("photobox"))
        // A reverse proxy's name, given with --allow-host, and only that one.
        var proxied = ServerConfiguration(folders: [], host: "127.0.0.1", token: "s3cret-token")
        proxied.allowedHostNames = ["Photos.Home.Arpa"]
        let behindProxy = AllowedHosts(proxied)
        #expect(behindProxy.allows("photos.home.arpa") && behindProxy.allows("localhost") && !behindProxy.allows("evil.home.arpa"))
    }

    @Test(
        "A Host value is read strictly",
        arguments: [
            ("localhost", "localhost"), ("LocalHost:8080", "localhost"), ("[::1]:80", "::1"), ("[0:0:0:0:0:0:0:1]", "::1"),
            ("192.0.2.7:65535", "192.0.2.7"), ("photo-box_1.lan", "photo-box_1.lan"),
        ])
    func hostOfAuthority(value: String, host: String) {
        #expect(HostAddress.host(ofAuthority: value) == host)
    }

    @Test(
        "A Host value that is no host and port is refused",
        arguments: ["", ":80", "a b", "a:", "a:1:2", "a:65536", "a:-1", "[::1]x", "[::1]:", "::1", "a/b", "a@b", "a%2eb", "é.example"])
    func badAuthority(value: String) {
        #expect(HostAddress.host(ofAuthority: value) == nil)
    }
}
