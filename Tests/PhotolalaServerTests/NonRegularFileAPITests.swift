import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// What a security probe put in served folders (issue 36): named pipes where a catalog's files
/// were, a root folder swapped for a link, and a file that shrinks while it is sent. The server
/// answers each at once and keeps answering everything else.
@Suite("Pipes, swapped roots and shrinking files in served folders")
struct NonRegularFileAPITests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() async throws {
        workspace = try TestWorkspace()
    }

    private func app(idleTimeout: Duration? = nil) throws -> some ApplicationProtocol {
        var configuration = ServerConfiguration(folders: [photos], port: 0)
        if let idleTimeout {
            configuration.connections.idleTimeout = idleTimeout
        }
        return try APITestSupport.application(configuration, engine: engine)
    }

    private func copyPhotos(_ names: [String], into folder: String) async throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: folder + "/" + name)
        }
    }

    @Test("A pipe as a folder's manifest or shard holds no worker: the listings complete and the server answers")
    func pipesInCatalogs() async throws {
        // As many folders with a pipe as there are cores, and one more, with a pipe as a shard.
        let names = (0...max(2, ProcessInfo.processInfo.activeProcessorCount)).map { "folder\($0)" }
        var pipes: [NamedPipe] = []
        defer { pipes.forEach { $0.release() } }
        for (index, name) in names.enumerated() {
            let path = photos + "/" + name
            try await copyPhotos(["orientation6.jpg", "photo.png"], into: path)
            if index == 0 {
                for try await _ in engine.catalogBuilder(jobs: 1).build(folder: try engine.localSource(root: path)) {}
                let manifest = try engine.catalog(of: path).load().manifest
                let shard = try #require(manifest.shards.first { $0.rows > 0 })
                pipes.append(try NamedPipe(at: path + "/.photolala/" + String(shard.index, radix: 16) + ".csv"))
            } else {
                try FileManager.default.createDirectory(atPath: path + "/.photolala", withIntermediateDirectories: true)
                pipes.append(try NamedPipe(at: path + "/.photolala/manifest.plist"))
            }
        }
        let release: @Sendable () -> Void = { [pipes] in pipes.forEach { $0.release() } }
        try await app().test(.router) { client in
            let root = try await client.execute(uri: "/api/sources/local-0/folders/~", method: .get) { try APITestSupport.json($0) }
            let ids = try #require(root["folders"] as? [[String: Any]]).compactMap { $0["id"] as? String }
            #expect(ids.count == names.count)
            let listed = try await withinDeadline(.seconds(20), onTimeout: release) {
                var counts: [Int] = []
                for id in ids {
                    // Opening the folder starts its listing, which reads the catalog.
                    _ = try await client.execute(uri: "/api/sources/local-0/folders/\(id)/items", method: .get) { $0.status }
                }
                let sources = try await client.execute(uri: "/api/sources", method: .get) { $0.status }
                #expect(sources == .ok)
                for id in ids {
                    counts.append(try await APITestSupport.rows(client, source: "local-0", folder: id).count)
                }
                return counts
            }
            #expect(listed != nil, "the server hung on a pipe in a catalog")
            #expect(listed == Array(repeating: 2, count: names.count))
        }
    }

    @Test("A root folder swapped for a link is not followed: the folder and its summary say it was replaced")
    func swappedRoot() async throws {
        try await copyPhotos(["orientation6.jpg"], into: photos)
        let elsewhere = folder.path("elsewhere")
        try await copyPhotos(["photo.png"], into: elsewhere)
        for name in ["secret-one", "secret-two"] {
            try FileManager.default.createDirectory(atPath: elsewhere + "/" + name, withIntermediateDirectories: true)
        }
        try await app().test(.router) { client in
            let before = try await client.execute(uri: "/api/sources/local-0/folders/~", method: .get) { $0.status }
            #expect(before == .ok)
            try FileManager.default.moveItem(atPath: photos, toPath: folder.path("moved"))
            try FileManager.default.createSymbolicLink(atPath: photos, withDestinationPath: elsewhere)
            for uri in ["/api/sources/local-0/folders/~", "/api/sources/local-0/folders/~/summary"] {
                let (status, body) = try await client.execute(uri: uri, method: .get) { ($0.status, String(buffer: $0.body)) }
                #expect(status == .notFound, "\(uri): \(body)")
                #expect(body.contains("was replaced"), "\(uri): \(body)")
                #expect(!body.contains("secret") && !body.contains("photo.png") && !body.contains(elsewhere), "\(uri): \(body)")
            }
            // Gone altogether: said so too.
            try FileManager.default.removeItem(atPath: photos)
            let (status, body) = try await client.execute(uri: "/api/sources/local-0/folders/~", method: .get) {
                ($0.status, String(buffer: $0.body))
            }
            #expect(status == .notFound)
            #expect(body.contains("is no longer there"), "\(body)")
        }
    }

    @Test("A file that shrinks while it is sent: the connection is closed at once, short of its Content-Length")
    func shrinkingOriginal() async throws {
        try await copyPhotos(["orientation6.jpg"], into: photos)
        // A JPEG head and 48 MB after it: far more than the socket buffers hold.
        let big = photos + "/big.jpg"
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: photos + "/orientation6.jpg"))) + [UInt8](repeating: 0x55, count: 48 << 20)
        try Data(bytes).write(to: URL(fileURLWithPath: big))
        // The idle timeout is the server's default, 60 s: what the client waited before.
        try await app().test(.live) { client in
            let port = try #require(client.port)
            let rows = try await APITestSupport.rows(client, source: "local-0", folder: "~")
            let id = try #require(rows.first { $0[1] as? String == "big.jpg" }?[0] as? String)
            for route in ["original", "full"] {
                try Data(bytes).write(to: URL(fileURLWithPath: big))
                let connection = try RawHTTPConnection(port: port)
                await connection.write("GET /api/sources/local-0/folders/~/items/\(id)/\(route) HTTP/1.1\r\nHost: localhost\r\n\r\n")
                let head = await connection.read(atMost: 4096, timeout: .seconds(10))
                #expect(String(decoding: head.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 200"), "\(route)")
                #expect(truncate(big, 1 << 20) == 0)
                let rest = await connection.receive(timeout: .seconds(15), limit: 0)
                #expect(rest.closed, "\(route): the connection was left open after \(rest.elapsed)")
                #expect(head.bytes.count + rest.bytesCount < bytes.count, "\(route)")
            }
        }
    }
}
