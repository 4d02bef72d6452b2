import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// The two videos of the macOS 10.15.7 test library (a QuickTime movie and an MP4, both 1280 × 720
/// H.264 from an iPhone, their originals on disk) as a browser meets them: listed as videos with
/// their length, shown by Photos' poster derivative, described from the database and their
/// file's header, and played from their file by byte ranges.
@Suite("Apple Photos videos through the API")
struct ApplePhotosVideoAPITests: WorkspaceSuite {
    let workspace: TestWorkspace
    let library: String

    /// Asset uuid, its original in the library, and its container's media type.
    static let videos = [
        ("35329C57-B963-48D6-BB75-6AFF9370CBBC", "originals/3/35329C57-B963-48D6-BB75-6AFF9370CBBC.mov", "video/quicktime"),
        ("D1359D09-1373-4F3B-B0E3-1A4DE573E4A3", "originals/D/D1359D09-1373-4F3B-B0E3-1A4DE573E4A3.mp4", "video/mp4"),
    ]

    init() async throws {
        workspace = try TestWorkspace()
        library = try await PhotosLibraries.copy(PhotosLibraries.catalina, into: workspace.folder)
    }

    private func withClient(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let app = try APITestSupport.application(ServerConfiguration(folders: [], libraries: [library], port: 0), engine: engine)
        try await app.test(.router) { client in try await body(client) }
    }

    /// ffprobe's length of a file, in seconds.
    private func probedDuration(_ path: String) async throws -> Double {
        let text = try await Shell.run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", path])
        return try #require(Double(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    @Test("All Photos lists both as videos with the length ffprobe reads from their files")
    func listed() async throws {
        let library = library
        var probed: [String: Double] = [:]
        for video in Self.videos {
            probed[video.0] = try await probedDuration(library + "/" + video.1)
        }
        let expected = probed
        try await withClient { client in
            let listing = try await client.execute(uri: "/api/sources/apple-photos/folders/~/items", method: .get) { try APITestSupport.json($0) }
            let fields = try #require(listing["fields"] as? [String])
            let rows = try await APITestSupport.rows(client, source: "apple-photos", folder: "~").map {
                Dictionary(zip(fields, $0), uniquingKeysWith: { first, _ in first })
            }
            for (uuid, seconds) in expected {
                let row = try #require(rows.first { $0["id"] as? String == uuid })
                #expect(row["kind"] as? String == "video")
                let duration = try #require(row["duration"] as? Double)
                #expect(abs(duration - seconds) < 0.01, "\(uuid): listed \(duration) s, ffprobe \(seconds) s")
            }
            // Photos are no videos and have no duration.
            let photos = rows.filter { row in !expected.keys.contains(row["id"] as? String ?? "") }
            #expect(!photos.isEmpty && photos.allSatisfy { $0["kind"] as? String == "photo" && $0["duration"] is NSNull })
        }
    }

    @Test("each has a thumbnail from Photos' poster derivative, 16:9 as the film")
    func thumbnails() async throws {
        let directory = folder.path("thumbnails")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try await withClient { client in
            for (uuid, _, _) in Self.videos {
                let response = try await client.execute(uri: "/api/sources/apple-photos/folders/~/items/\(uuid)/thumbnail", method: .get)
                #expect(response.status == .ok)
                let jpeg = Array(response.body.readableBytesView)
                #expect(jpeg.prefix(3) == [0xFF, 0xD8, 0xFF])
                let path = directory + "/\(uuid).jpg"
                try Data(jpeg).write(to: URL(fileURLWithPath: path))
                let width = try await Shell.run("vipsheader", ["-f", "width", path]).trimmingCharacters(in: .whitespacesAndNewlines)
                let height = try await Shell.run("vipsheader", ["-f", "height", path]).trimmingCharacters(in: .whitespacesAndNewlines)
                #expect((width, height) == ("455", "256"))
            }
        }
    }

    @Test("metadata says video, with the duration, codec and size ffprobe reads from the file")
    func metadata() async throws {
        // What ffprobe reads of each original: its length, and its video stream's codec and size.
        var probing: [(String, Double, [String: String])] = []
        for (uuid, original, _) in Self.videos {
            let path = library + "/" + original
            let stream = try await Shell.run(
                "ffprobe",
                ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=codec_tag_string,width,height", "-of", "default=nw=1", path]
            ).split(whereSeparator: \.isNewline).reduce(into: [String: String]()) { fields, line in
                let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { fields[parts[0]] = parts[1] }
            }
            probing.append((uuid, try await probedDuration(path), stream))
        }
        let probed = probing
        try await withClient { client in
            for (uuid, seconds, stream) in probed {
                let metadata = try await client.execute(uri: "/api/sources/apple-photos/folders/~/items/\(uuid)/metadata", method: .get) {
                    try APITestSupport.json($0)
                }
                #expect(metadata["kind"] as? String == "video")
                let duration = try #require(metadata["duration"] as? Double)
                #expect(abs(duration - seconds) < 0.01)
                #expect(metadata["width"] as? Int == stream["width"].flatMap { Int($0) })
                #expect(metadata["height"] as? Int == stream["height"].flatMap { Int($0) })
                #expect(metadata["codec"] as? String == stream["codec_tag_string"] && stream["codec_tag_string"] == "avc1")
            }
        }
    }

    @Test("/full plays each from its file: 200 whole with its media type, 206 with the exact bytes of a range")
    func playback() async throws {
        let library = library
        try await withClient { client in
            for (uuid, original, mediaType) in Self.videos {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: library + "/" + original)))
                let uri = "/api/sources/apple-photos/folders/~/items/\(uuid)/full"
                try await client.execute(uri: uri, method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentType] == mediaType)
                    #expect(response.headers[.acceptRanges] == "bytes")
                    #expect(Array(response.body.readableBytesView) == bytes)
                }
                let middle = bytes.count / 2
                try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=\(middle)-\(middle + 65_535)"]) { response in
                    #expect(response.status == .partialContent)
                    #expect(response.headers[.contentRange] == "bytes \(middle)-\(middle + 65_535)/\(bytes.count)")
                    #expect(Array(response.body.readableBytesView) == Array(bytes[middle...middle + 65_535]))
                }
                try await client.execute(uri: uri, method: .get, headers: [.range: "bytes=\(bytes.count)-"]) { response in
                    #expect(response.status == .rangeNotSatisfiable)
                }
            }
        }
    }
}
