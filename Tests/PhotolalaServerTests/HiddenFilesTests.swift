import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// An id reaches only what the listing shows: hidden files, files in hidden folders (the
/// catalog's `.photolala` among them), files that are no photos and links to any of these are
/// 404 on every route, however their ids are built.
@Suite("Files the listing hides are not served")
struct HiddenFilesTests: WorkspaceSuite {
    /// In every file the listing hides: no response may contain it.
    static let marker = "HIDDEN-FILE-MARKER-7d1c"

    let workspace: TestWorkspace

    init() async throws {
        workspace = try TestWorkspace()
        let files = FileManager.default
        for path in ["sub/.inner", ".private", ".photolala"] {
            try files.createDirectory(atPath: workspace.photos + "/" + path, withIntermediateDirectories: true)
        }
        let jpeg = try Data(contentsOf: try await Fixtures.file("orientation6.jpg"))
        try jpeg.write(to: URL(fileURLWithPath: workspace.photos + "/shown.jpg"))
        try jpeg.write(to: URL(fileURLWithPath: workspace.photos + "/sub/nested.jpg"))
        // Photos that decode (a JPEG ignores what follows its end), hidden by where they are.
        for path in [".hidden.jpg", ".private/x.jpg", "sub/.inner/y.jpg", ".photolala/z.jpg"] {
            try (jpeg + Data(Self.marker.utf8)).write(to: URL(fileURLWithPath: workspace.photos + "/" + path))
        }
        for path in ["notes.txt", ".env", "secret", ".photolala/manifest.plist"] {
            try Data(Self.marker.utf8).write(to: URL(fileURLWithPath: workspace.photos + "/" + path))
        }
        try files.createSymbolicLink(atPath: workspace.photos + "/link.jpg", withDestinationPath: ".private/x.jpg")
        try files.createSymbolicLink(atPath: workspace.photos + "/door", withDestinationPath: ".private")
    }

    private func app() throws -> some ApplicationProtocol {
        try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
    }

    /// An id as the server makes one for a path that is not a plain name: URL-safe Base64.
    private static func id(_ path: String) -> String {
        Data(path.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Ids of everything hidden from the root folder's listing: by `~name` and by Base64.
    static let hiddenItems = [
        "~notes.txt", "~secret", "~link.jpg", id(".env"), id(".hidden.jpg"), id(".private/x.jpg"), id(".photolala/manifest.plist"),
        id(".photolala/z.jpg"), id("door/x.jpg"), id("sub/.inner/y.jpg"), id("notes.txt"), id("link.jpg"),
        // A photo that is listed, but in a subfolder: the root folder does not list it.
        id("sub/nested.jpg"),
    ]

    /// Folder ids of hidden folders and of a link to one.
    static let hiddenFolders = [id(".private"), id(".photolala"), "~door", id("door"), id("sub/.inner")]

    @Test("The listing shows photos only: no hidden file, no other file, no link to a hidden one")
    func listing() async throws {
        try await app().test(.router) { client in
            let rows = try await APITestSupport.rows(client, source: "local-0", folder: "~")
            #expect(rows.compactMap { $0[1] as? String } == ["shown.jpg"])
            let root = try await client.execute(uri: "/api/sources/local-0/folders/~", method: .get) { try APITestSupport.json($0) }
            #expect((root["folders"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["sub"])
        }
    }

    @Test("Every route that takes an item id answers 404 for what the listing hides", arguments: ["thumbnail", "metadata", "full", "original"])
    func items(route: String) async throws {
        try await app().test(.router) { client in
            let shown = try await client.execute(uri: "/api/sources/local-0/folders/~/items/~shown.jpg/\(route)", method: .get)
            #expect(shown.status == .ok)
            for item in Self.hiddenItems {
                let response = try await client.execute(uri: "/api/sources/local-0/folders/~/items/\(item)/\(route)", method: .get)
                #expect(response.status == .notFound, "\(item)/\(route) → \(response.status)")
                #expect(!String(buffer: response.body).contains(Self.marker), "\(item)/\(route) leaked a hidden file")
            }
        }
    }

    @Test("Hidden folders are 404 as folder ids, on every route that takes one")
    func folders() async throws {
        try await app().test(.router) { client in
            #expect(try await client.execute(uri: "/api/sources/local-0/folders/~sub/items/~nested.jpg/original", method: .get).status == .ok)
            for folder in Self.hiddenFolders {
                let base = "/api/sources/local-0/folders/\(folder)"
                for uri in [base, base + "/items", base + "/backup", base + "/items/~x.jpg/original", base + "/items/~y.jpg/full"] {
                    let response = try await client.execute(uri: uri, method: .get)
                    #expect(response.status == .notFound, "\(uri) → \(response.status)")
                    #expect(!String(buffer: response.body).contains(Self.marker), "\(uri) leaked a hidden file")
                }
            }
        }
    }

    @Test("Starring a hidden file is refused for that file; starring in a hidden folder is 404")
    func star() async throws {
        try await app().test(.router) { client in
            func star(folder: String, ids: [String]) async throws -> TestResponse {
                let body = try JSONSerialization.data(withJSONObject: ["source": "local-0", "folder": folder, "ids": ids, "starred": true])
                return try await client.execute(
                    uri: "/api/backup/star", method: .post, headers: [.origin: "http://localhost", .contentType: "application/json"],
                    body: ByteBuffer(bytes: body))
            }
            let starred = try APITestSupport.json(try await star(folder: "~", ids: ["~shown.jpg"] + Self.hiddenItems))
            let items = try #require(starred["items"] as? [String: [String: Any]])
            #expect(items["~shown.jpg"]?["error"] == nil)
            for item in Self.hiddenItems {
                let error = items[item]?["error"] as? String
                #expect(error?.contains("not found") == true, "\(item): \(String(describing: error))")
            }
            for folder in Self.hiddenFolders {
                #expect(try await star(folder: folder, ids: ["~x.jpg"]).status == .notFound, "\(folder)")
            }
            // Nothing hidden was queued.
            let status = try await client.execute(uri: "/api/backup/status", method: .get) { try APITestSupport.json($0) }
            #expect(status["queued"] as? Int == 1)
        }
    }

    @Test("An id resolves only to what the scanner lists, for a tree and for each of its folders")
    func engineAgrees() async throws {
        let tree = try engine.localSource(root: photos)
        var scanned: [ScannedPhoto] = []
        for try await batch in tree.scan() {
            scanned += batch.photos
        }
        let listed = scanned.map(\.item.id)
        #expect(Set(listed) == ["~shown.jpg", Self.id("sub/nested.jpg")])
        for photo in scanned {
            let folder = try #require(tree.folderID(forPath: photo.folder))
            let item = try #require(tree.itemID(forFilePath: photo.path, folder: folder))
            #expect(try await tree.filePath(folder: folder, item: item) == photo.path)
        }
        for id in Self.hiddenItems where !listed.contains(id) {
            await #expect(throws: PhotolalaError.self, "\(id)") { try await tree.filePath(folder: LocalPhotoSource.rootFolderID, item: id) }
        }
        for id in Self.hiddenFolders {
            #expect(throws: PhotolalaError.self, "\(id)") { try tree.folderListing(id: id) }
        }
    }
}
