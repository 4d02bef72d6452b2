import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// A photo changed under its name gets a new version in its row (the page's thumbnail address)
/// and a new thumbnail and entity tag, however it was cached before.
@Suite("Thumbnails of changed photos")
struct ThumbnailVersionTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    /// The row of item `id` once its version is no longer `version`.
    private func row(_ client: some TestClientProtocol, source: String, id: String, changedFrom version: String) async throws -> [Any] {
        for _ in 0..<400 {
            let rows = try await APITestSupport.rows(client, source: source, folder: "~")
            if let row = rows.first(where: { $0[0] as? String == id }), row[6] as? String != version { return row }
            try await Task.sleep(for: .milliseconds(25))
        }
        Issue.record("the row of \(id) never changed")
        return []
    }

    /// The status of a conditional request for `uri` once it is 304, or the last one after 10 s.
    private func confirmation(_ client: some TestClientProtocol, uri: String, tag: String) async throws -> HTTPResponse.Status {
        var status = HTTPResponse.Status.ok
        for _ in 0..<200 {
            status = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: tag]).status
            if status == .notModified { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        return status
    }

    @Test("A photo rewritten on disk: a new version, thumbnail and ETag, and 304 once its new MD5 is known")
    func rewrittenFile() async throws {
        try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: photos + "/photo.jpg")
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
        try await app.test(.router) { client in
            let before = try #require(try await APITestSupport.rows(client, source: "local-0", folder: "~").first)
            let id = try #require(before[0] as? String)
            let version = try #require(before[6] as? String)
            let uri = "/api/sources/local-0/folders/~/items/\(id)/thumbnail"
            let first = try await client.execute(uri: uri, method: .get)
            #expect(first.headers[.eTag] == "\"\(try ContentHash.md5(ofFileAt: photos + "/photo.jpg"))-t2\"")

            // Written in place, as an editor saves: the server's memory still holds the old thumbnail.
            let edited = try Data(contentsOf: try await Fixtures.file("photo-4000x3000.jpg"))
            try edited.write(to: URL(fileURLWithPath: photos + "/photo.jpg"))
            let md5 = try ContentHash.md5(ofFileAt: photos + "/photo.jpg")
            let after = try await row(client, source: "local-0", id: id, changedFrom: version)
            #expect(after[3] as? Int == edited.count)

            // The first answer may come before the new MD5 (a thumbnail asked for a moment after
            // another is made as part of a screen, its MD5 settled once nothing is on screen): the
            // page's copy is confirmed as soon as the MD5 is known, without waiting for a change.
            #expect(try await confirmation(client, uri: uri + "?v=\(after[6])", tag: "\"\(md5)-t2\"") == .notModified)
            let fresh = try await client.execute(uri: uri + "?v=\(after[6])", method: .get)
            #expect(fresh.status == .ok && fresh.headers[.eTag] == "\"\(md5)-t2\"")
            #expect(fresh.body != first.body)
        }
    }

    @Test("A thumbnail of the rule before (centre-cropped) in the disk cache is made again, whole, under a new name and tag")
    func thumbnailOfTheRuleBefore() async throws {
        try FileManager.default.copyItem(atPath: try await Fixtures.file("panorama-6000x2000.jpg").path, toPath: photos + "/pano.jpg")
        let md5 = try ContentHash.md5(ofFileAt: photos + "/pano.jpg")
        // What version 1 left: `{md5}.jpg`, a 512 × 256 centre crop (here any JPEG that is not the new one).
        let old = try Data(contentsOf: try await Fixtures.file("orientation6.jpg"))
        try FileManager.default.createDirectory(atPath: folder.path("cache/thumbnails/\(md5.prefix(2))"), withIntermediateDirectories: true)
        try old.write(to: URL(fileURLWithPath: folder.path("cache/thumbnails/\(md5.prefix(2))/\(md5).jpg")))
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
        try await app.test(.router) { client in
            let row = try #require(try await APITestSupport.rows(client, source: "local-0", folder: "~").first)
            let uri = "/api/sources/local-0/folders/~/items/\(try #require(row[0] as? String))/thumbnail?v=\(try #require(row[6] as? String))"
            let response = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: "\"\(md5)\""])
            #expect(response.status == .ok && response.headers[.eTag] == "\"\(md5)-t2\"")
            let jpeg = Array(response.body.readableBytesView)
            #expect(jpeg != Array(old))
            let saved = folder.path("thumbnail.jpg")
            try Data(jpeg).write(to: URL(fileURLWithPath: saved))
            let size = try await Shell.run("vipsheader", ["-f", "width", saved]) + "x" + Shell.run("vipsheader", ["-f", "height", saved])
            #expect(size.filter { !$0.isWhitespace } == "512x171", "the whole 3:1 panorama, not a 2:1 crop")
            #expect(FileManager.default.fileExists(atPath: folder.path("cache/thumbnails/\(md5.prefix(2))/\(md5)-t2.jpg")))
        }
    }

    @Test("An asset edited in Photos: a new version and a new entity tag")
    func editedAsset() async throws {
        let library = try await PhotosLibraries.copy(PhotosLibraries.catalina, into: folder)
        let asset = "F12384F6-CD17-4151-ACBA-AE0E3688539E"
        let app = try APITestSupport.application(ServerConfiguration(folders: [], libraries: [library], port: 0), engine: engine)
        try await app.test(.router) { client in
            let before = try #require(try await APITestSupport.rows(client, source: "apple-photos", folder: "~").first { $0[0] as? String == asset })
            let version = try #require(before[6] as? String)
            let uri = "/api/sources/apple-photos/folders/~/items/\(asset)/thumbnail"
            let first = try await client.execute(uri: uri, method: .get)
            let tag = try #require(first.headers[.eTag])
            #expect(tag.hasPrefix("\"\(asset)-"))
            #expect(try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: tag]).status == .notModified)

            // As Photos saves an edit. Core Data's triggers call functions only Photos defines: drop them in this copy first.
            let database = library + "/database/Photos.sqlite"
            let drops = try await Shell.run(
                "sqlite3", [database, "SELECT 'DROP TRIGGER \"' || name || '\";' FROM sqlite_master WHERE type = 'trigger'"])
            try await Shell.run(
                "sqlite3", [database, drops + "UPDATE ZGENERICASSET SET ZMODIFICATIONDATE = ZMODIFICATIONDATE + 60 WHERE ZUUID = '\(asset)';"])
            _ = try await row(client, source: "apple-photos", id: asset, changedFrom: version)

            let edited = try await client.execute(uri: uri, method: .get, headers: [.ifNoneMatch: tag])
            #expect(edited.status == .ok)
            #expect(edited.headers[.eTag]?.hasPrefix("\"\(asset)-") == true && edited.headers[.eTag] != tag)
        }
    }

    @Test(
        "If-None-Match: lists, weak tags and * match; other tags do not",
        arguments: [
            ("\"abc\"", true), ("W/\"abc\"", true), ("\"x\", \"abc\"", true), ("\"x\",W/\"abc\"", true), ("*", true),
            ("\"abcd\"", false), ("\"x\", \"y\"", false), ("abc", false), ("", false), ("W/", false),
        ])
    func entityTags(field: String, matches: Bool) {
        #expect(EntityTag.matches(field: field, tag: "abc") == matches)
    }
}
