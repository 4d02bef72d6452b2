import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

@Suite("Folder and album tiles: kind, count and cover")
struct FolderSummaryAPITests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    private func json(_ response: TestResponse) throws -> [String: Any] {
        try APITestSupport.json(response)
    }

    @Test("A folder whose photos are all in its subfolders is covered by the first photo beneath it, addressed in its own folder")
    func coverFromBeneath() async throws {
        let photos = folder.path("photos")
        for sub in ["2019/June/Day 2", "2019/August", "2019/Empty"] {
            try FileManager.default.createDirectory(atPath: photos + "/" + sub, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: photos + "/2019/June/Day 2/b.jpg")
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
        try await app.test(.router) { client in
            let root = try await client.execute(uri: "/api/sources/local-0/folders/~", method: .get) { try json($0) }
            let year = try #require((root["folders"] as? [[String: Any]])?.first { $0["name"] as? String == "2019" }?["id"] as? String)
            let summary = try await client.execute(uri: "/api/sources/local-0/folders/\(year)/summary", method: .get) { try json($0) }
            #expect(summary["count"] as? Int == 0 && summary["folders"] as? Int == 3, "its own photos and folders: \(summary)")
            let cover = try #require(summary["cover"] as? [String: Any], "\(summary)")
            let coverFolder = try #require(cover["folder"] as? String)
            let coverID = try #require(cover["id"] as? String)
            // The cover's folder is Day 2, two levels down: its listing holds the cover.
            let rows = try await APITestSupport.rows(client, source: "local-0", folder: coverFolder)
            #expect(rows.compactMap { $0[0] as? String } == [coverID] && rows.first?[1] as? String == "b.jpg")
            let thumbnail = try await client.execute(uri: "/api/sources/local-0/folders/\(coverFolder)/items/\(coverID)/thumbnail", method: .get)
            #expect(thumbnail.status == .ok)
            // A folder of its own photos names no other folder for its cover.
            let day = try await client.execute(uri: "/api/sources/local-0/folders/\(coverFolder)/summary", method: .get) { try json($0) }
            #expect((day["cover"] as? [String: Any])?["folder"] == nil && day["count"] as? Int == 1)
        }
    }

    @Test("A local subfolder's tile: its kind, its photos counted from their names, its first photo as cover with its row's version")
    func localFolders() async throws {
        let photos = folder.path("photos")
        for sub in ["2024/inner", "empty", "notes"] {
            try FileManager.default.createDirectory(atPath: photos + "/" + sub, withIntermediateDirectories: true)
        }
        for name in ["b.jpg", "a.jpg"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: photos + "/2024/" + name)
        }
        try Data("not a photo".utf8).write(to: URL(fileURLWithPath: photos + "/notes/readme.txt"))
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
        try await app.test(.router) { client in
            let root = try await client.execute(uri: "/api/sources/local-0/folders/~", method: .get) { try json($0) }
            let entries = try #require(root["folders"] as? [[String: Any]])
            #expect(entries.compactMap { $0["kind"] as? String } == ["folder", "folder", "folder"])
            #expect(root["kind"] as? String == "folder")
            let year = try #require(entries.first { $0["name"] as? String == "2024" }?["id"] as? String)

            let summary = try await client.execute(uri: "/api/sources/local-0/folders/\(year)/summary", method: .get) { try json($0) }
            #expect(summary["count"] as? Int == 2 && summary["folders"] as? Int == 1)
            let cover = try #require(summary["cover"] as? [String: Any])
            let rows = try await APITestSupport.rows(client, source: "local-0", folder: year)
            let first = try #require(rows.first { $0[1] as? String == "a.jpg" })
            #expect(cover["id"] as? String == first[0] as? String && cover["version"] as? String == first[6] as? String)
            let coverID = try #require(cover["id"] as? String)
            let thumbnail = try await client.execute(uri: "/api/sources/local-0/folders/\(year)/items/\(coverID)/thumbnail", method: .get)
            #expect(thumbnail.status == .ok && Array(thumbnail.body.readableBytesView.prefix(3)) == [0xFF, 0xD8, 0xFF])

            for name in ["empty", "notes"] {
                let id = try #require(entries.first { $0["name"] as? String == name }?["id"] as? String)
                let empty = try await client.execute(uri: "/api/sources/local-0/folders/\(id)/summary", method: .get) { try json($0) }
                #expect(empty["count"] as? Int == 0 && empty["folders"] as? Int == 0 && empty["cover"] == nil)
            }

            // Ids that lead outside the tree, or nowhere, are refused without a path in the message.
            for id in ["..%2F..%2Fetc", "%2Fetc", "bm9wZQ", "~~"] {
                let response = try await client.execute(uri: "/api/sources/local-0/folders/\(id)/summary", method: .get)
                #expect(response.status == .notFound, "\(id)")
                #expect((try json(response)["error"] as? String)?.contains(photos) == false)
            }
        }
    }

    @Test("Apple Photos tiles: albums, smart albums and folders named as such, counts as the album lists them, the first photo as cover")
    func applePhotosAlbums() async throws {
        let library = try await PhotosLibraries.copy(PhotosLibraries.catalina, into: folder)
        let app = try APITestSupport.application(ServerConfiguration(folders: [], libraries: [library], port: 0), engine: engine)
        try await app.test(.router) { client in
            let root = try await client.execute(uri: "/api/sources/apple-photos/folders/~", method: .get) { try json($0) }
            #expect(root["kind"] as? String == "library")
            let entries = try #require(root["folders"] as? [[String: Any]])
            func entry(_ name: String) throws -> [String: Any] { try #require(entries.first { $0["name"] as? String == name }) }
            #expect(try entry("Favorites")["kind"] as? String == "smartAlbum")
            #expect(try entry("Folder1")["kind"] as? String == "folder")
            #expect(try entry("Sorted Manual")["kind"] as? String == "album")

            let manual = try #require(try entry("Sorted Manual")["id"] as? String)
            let album = try await client.execute(uri: "/api/sources/apple-photos/folders/\(manual)", method: .get) { try json($0) }
            #expect(album["kind"] as? String == "album")
            let summary = try await client.execute(uri: "/api/sources/apple-photos/folders/\(manual)/summary", method: .get) { try json($0) }
            let rows = try await APITestSupport.rows(client, source: "apple-photos", folder: manual)
            #expect(summary["count"] as? Int == rows.count && rows.count == 3)
            let cover = try #require(summary["cover"] as? [String: Any])
            #expect(cover["id"] as? String == rows.first?[0] as? String && cover["version"] as? String == rows.first?[6] as? String)

            let folder1 = try #require(try entry("Folder1")["id"] as? String)
            let folderSummary = try await client.execute(uri: "/api/sources/apple-photos/folders/\(folder1)/summary", method: .get) { try json($0) }
            #expect(folderSummary["count"] as? Int == 0 && folderSummary["folders"] as? Int == 2 && folderSummary["cover"] == nil)

            let unknown = try await client.execute(uri: "/api/sources/apple-photos/folders/NO-SUCH-ALBUM/summary", method: .get)
            #expect(unknown.status == .notFound)
            #expect((try json(unknown)["error"] as? String)?.contains(library) == false)
        }
    }
}
