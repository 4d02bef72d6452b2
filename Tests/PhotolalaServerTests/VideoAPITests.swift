import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// Videos through the API: rows with their kind and duration, and the preview route streaming a
/// video as a `<video>` element asks for it, by byte ranges.
@Suite("Videos through the API")
struct VideoAPITests: WorkspaceSuite {
    let workspace: TestWorkspace
    let videos: String

    init() async throws {
        workspace = try TestWorkspace()
        videos = try await Fixtures.videos().path
    }

    private func withClient<T: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> T) async throws -> T {
        let app = try APITestSupport.application(ServerConfiguration(folders: [videos], port: 0), engine: engine)
        return try await app.test(.router) { client in try await body(client) }
    }

    struct Row: Sendable {
        let kind: String?
        let duration: Double?
    }

    @Test("listing rows say `video` and the duration in seconds; the damaged one without a duration")
    func rows() async throws {
        let named = try await withClient { client in
            let listing = try await client.execute(uri: "/api/sources/local-0/folders/~/items", method: .get) { try APITestSupport.json($0) }
            let fields = try #require(listing["fields"] as? [String])
            #expect(Array(fields.suffix(3)) == ["kind", "duration", "companions"])
            var named: [String: Row] = [:]
            for row in try await APITestSupport.rows(client, source: "local-0", folder: "~") {
                let values = Dictionary(zip(fields, row), uniquingKeysWith: { first, _ in first })
                named[values["name"] as? String ?? ""] = Row(kind: values["kind"] as? String, duration: values["duration"] as? Double)
            }
            return named
        }
        #expect(named["iphone.mov"]?.kind == "video" && named["iphone.mov"]?.duration == 3)
        #expect(named["short.mp4"]?.duration == 0.4)
        #expect(named["truncated.mp4"]?.kind == "video" && named["truncated.mp4"]?.duration == nil)
    }

    @Test("the preview route streams a video: 200 whole, 206 for a range with its exact bytes, 416 past the end")
    func ranges() async throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: videos + "/iphone.mov")))
        let uri = "/api/sources/local-0/folders/~/items/~iphone.mov/full"
        try await withClient { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "video/quicktime")
                #expect(response.headers[.acceptRanges] == "bytes")
                #expect(Array(response.body.readableBytesView) == bytes)
            }
            try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=100-1099"]) { response in
                #expect(response.status == .partialContent)
                #expect(response.headers[.contentRange] == "bytes 100-1099/\(bytes.count)")
                #expect(Array(response.body.readableBytesView) == Array(bytes[100...1099]))
            }
            try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=\(bytes.count - 10)-"]) { response in
                #expect(response.status == .partialContent)
                #expect(Array(response.body.readableBytesView) == Array(bytes.suffix(10)))
            }
            try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=-16"]) { response in
                #expect(Array(response.body.readableBytesView) == Array(bytes.suffix(16)))
            }
            try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=\(bytes.count)-"]) { response in
                #expect(response.status == .rangeNotSatisfiable)
                #expect(response.headers[.contentRange] == "bytes */\(bytes.count)")
            }
            // A range for another version of the file gets the whole of this one.
            try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=0-9", .ifRange: "\"0123\""]) { response in
                #expect(response.status == .ok && response.body.readableBytes == bytes.count)
            }
        }
    }

    @Test("only what a listing shows is served: a hidden video is not found")
    func hiddenVideo() async throws {
        let root = folder.path("tree")
        try FileManager.default.createDirectory(atPath: root + "/.hidden", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: videos + "/clip.mp4", toPath: root + "/.hidden/clip.mp4")
        let app = try APITestSupport.application(ServerConfiguration(folders: [root], port: 0), engine: engine)
        try await app.test(.router) { client in
            try await client.execute(uri: "/api/sources/local-0/folders/~/items/~.hidden%2Fclip.mp4/full", method: .get) { response in
                #expect(response.status == .notFound || response.status == .badRequest)
            }
        }
    }

    @Test("ByteRange reads what browsers send and ignores what it cannot serve")
    func byteRange() {
        #expect(ByteRange(header: nil, size: 10) == .whole)
        #expect(ByteRange(header: "bytes=0-", size: 10) == .part(0...9))
        #expect(ByteRange(header: "bytes=2-100", size: 10) == .part(2...9))
        #expect(ByteRange(header: "bytes=-3", size: 10) == .part(7...9))
        #expect(ByteRange(header: "bytes=10-", size: 10) == .unsatisfiable)
        #expect(ByteRange(header: "bytes=0-1,4-5", size: 10) == .whole)
        #expect(ByteRange(header: "bytes=5-2", size: 10) == .whole)
        #expect(ByteRange(header: "items=0-1", size: 10) == .whole)
        #expect(ByteRange(header: "bytes=x-", size: 10) == .whole)
    }
}
