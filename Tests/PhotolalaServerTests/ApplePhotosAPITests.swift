import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

@Suite("The HTTP API on an Apple Photos library")
struct ApplePhotosAPITests: WorkspaceSuite {
    let workspace: TestWorkspace
    let library: String

    init() async throws {
        workspace = try TestWorkspace()
        library = try await PhotosLibraries.copy(PhotosLibraries.catalina, into: workspace.folder)
    }

    private func app(folders: [String] = []) throws -> some ApplicationProtocol {
        try APITestSupport.application(ServerConfiguration(folders: folders, libraries: [library], port: 0), engine: engine)
    }

    private func json(_ response: TestResponse) throws -> [String: Any] {
        try APITestSupport.json(response)
    }

    private func rows(_ client: some TestClientProtocol, folder: String = "~") async throws -> [[Any]] {
        try await APITestSupport.rows(client, source: "apple-photos", folder: folder)
    }

    @Test("the library is a source: All Photos, views, albums and folders, thumbnails, previews, export")
    func browse() async throws {
        try await app().test(.router) { client in
            let sources = try #require(try await client.execute(uri: "/api/sources", method: .get) { try json($0) }["sources"] as? [[String: Any]])
            let apple = try #require(sources.first { $0["id"] as? String == "apple-photos" })
            #expect(apple["configured"] as? Bool == true && apple["name"] as? String == "Test-10.15.7")

            let root = try await client.execute(uri: "/api/sources/apple-photos/folders/~", method: .get) { try json($0) }
            let entries = try #require(root["folders"] as? [[String: Any]])
            let names = entries.compactMap { $0["name"] as? String }
            // Hidden and Recently Deleted are shown only when asked for (see below).
            #expect(names.first == "Favorites" && !names.contains("Hidden") && !names.contains("Recently Deleted"))
            let deleted = try await client.execute(uri: "/api/sources/apple-photos/folders/recently-deleted", method: .get)
            #expect(deleted.status == .notFound)
            #expect((try json(deleted)["error"] as? String)?.contains("--include-trashed") == true)
            #expect(names.contains("Folder1") && names.contains("Sorted Manual") && !names.contains("AlbumInFolder"))

            let all = try await rows(client)
            #expect(all.count == 26)
            #expect(all.first?[0] as? String == "A8266C97-9BAF-4AF4-99F3-0013832869B8")
            #expect(try await rows(client, folder: "favorites").count == 1)

            let folder1 = try #require(entries.first { $0["name"] as? String == "Folder1" }?["id"] as? String)
            let inside = try await client.execute(uri: "/api/sources/apple-photos/folders/\(folder1)", method: .get) { try json($0) }
            #expect((inside["folders"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["SubFolder1", "SubFolder2"])
            let manual = try #require(entries.first { $0["name"] as? String == "Sorted Manual" }?["id"] as? String)
            #expect(try await rows(client, folder: manual).compactMap { ($0[0] as? String)?.prefix(8) } == ["7783E8E6", "3DD2C897", "F12384F6"])

            // The TIFF's original is not here: its thumbnail comes from a derivative, its preview says why not.
            let items = "/api/sources/apple-photos/folders/~/items/8846E3E6-8AC8-4857-8448-E3D025784410"
            let thumbnail = try await client.execute(uri: items + "/thumbnail", method: .get)
            #expect(thumbnail.status == .ok && Array(thumbnail.body.readableBytesView.prefix(3)) == [0xFF, 0xD8, 0xFF])
            let full = try await client.execute(uri: items + "/full", method: .get)
            #expect(full.status == .notFound)
            #expect((try json(full)["error"] as? String)?.contains("not available locally (in iCloud)") == true)
            #expect(try json(full)["reason"] as? String == "inICloud")
            #expect((try json(full)["error"] as? String)?.contains(library) == false)

            // The HEIC's edit is shown; export gives the original under its own name.
            let heic = "/api/sources/apple-photos/folders/~/items/7783E8E6-9CAC-40F3-BE22-81FB7051C266"
            let preview = try await client.execute(uri: heic + "/full", method: .get)
            #expect(preview.status == .ok && preview.headers[.contentType] == "image/jpeg")
            let original = try await client.execute(uri: heic + "/original", method: .get)
            #expect(original.status == .ok)
            #expect(original.headers[.contentDisposition]?.contains("IMG_3092.heic") == true)
            let file = library + "/originals/7/7783E8E6-9CAC-40F3-BE22-81FB7051C266.heic"
            #expect(ContentHash.md5(of: Array(original.body.readableBytesView)) == (try ContentHash.md5(ofFileAt: file)))

            let metadata = try await client.execute(
                uri: "/api/sources/apple-photos/folders/~/items/E9BC5C36-7CD1-40A1-A72B-8B8FAC227D51/metadata", method: .get
            ) {
                try json($0)
            }
            let details = try #require(metadata["details"] as? [[String: Any]])
            #expect(details.first { $0["field"] as? String == "favorite" }?["value"] as? String == "Yes")
            #expect(
                details.first { $0["field"] as? String == "albums" }?["value"] as? String == "AlbumInFolder, I have a deleted twin, Multi Keyword")
        }
    }

    @Test("items?search= finds photos by title, filename and keyword within the folder; a folder tree cannot be searched")
    func search() async throws {
        try await app(folders: [photos]).test(.router) { client in
            func found(_ folder: String, _ text: String) async throws -> [String] {
                let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
                let page = try await client.execute(uri: "/api/sources/apple-photos/folders/\(folder)/items?search=\(query)", method: .get) {
                    try json($0)
                }
                #expect(page["complete"] as? Bool == true)
                return (page["items"] as? [[Any]] ?? []).compactMap { ($0[0] as? String).map { String($0.prefix(8)) } }
            }
            #expect(try await found("~", "elder PARK") == ["3DD2C897"])
            #expect(try await found("~", "kids").count == 3)
            #expect(try await found("~", "winebottle").count == 2)
            let manual = try #require(
                (try await client.execute(uri: "/api/sources/apple-photos/folders/~", method: .get) { try json($0) }["folders"] as? [[String: Any]])?
                    .first { $0["name"] as? String == "Sorted Manual" }?["id"] as? String)
            #expect(try await found(manual, "kids") == ["F12384F6"])
            let local = try await client.execute(uri: "/api/sources/local-0/folders/~/items?search=kids", method: .get)
            #expect(local.status == .badRequest)
        }
    }

    @Test("items?first= gives the oldest or newest photos ahead of the listing, the ends of its order; none for an album or a folder")
    func firstPhotos() async throws {
        try await app(folders: [photos]).test(.router) { client in
            /// The ids of the answer's rows, in its order; `nil` for an error.
            func first(_ order: String, _ limit: Int, folder: String = "~", source: String = "apple-photos") async throws -> [String]? {
                let response = try await client.execute(
                    uri: "/api/sources/\(source)/folders/\(folder)/items?first=\(order)&limit=\(limit)", method: .get)
                guard response.status == .ok else { return nil }
                return (try json(response)["items"] as? [[Any]] ?? []).compactMap { $0[0] as? String }
            }
            let rows = try await rows(client)
            let listed = rows.compactMap { $0[0] as? String }
            // The listing puts undated photos last (IMG_1693.tif's date is past what a date can be).
            let undated = Set(rows.filter { $0[2] is NSNull }.compactMap { $0[0] as? String })
            #expect(undated.count == 1)
            let dated = listed.filter { !undated.contains($0) }
            // Newest first, they come first, before the newest.
            let newest = try #require(try await first("date-desc", 5))
            #expect(newest.count == 5 && Set(newest.suffix(1)) == undated)
            #expect(Array(newest.prefix(4)) == Array(dated.prefix(4)))
            let oldest = try #require(try await first("date-asc", 5))
            #expect(oldest.count == 5 && oldest == Array(dated.suffix(5)))
            #expect(Set(try #require(try await first("date-desc", 100))) == Set(listed))

            let manual = try #require(
                (try await client.execute(uri: "/api/sources/apple-photos/folders/~", method: .get) { try json($0) }["folders"] as? [[String: Any]])?
                    .first { $0["name"] as? String == "Sorted Manual" }?["id"] as? String)
            #expect(try await first("date-asc", 5, folder: manual) == [])
            #expect(try await first("date-asc", 5, source: "local-0") == [])
            #expect(try await first("name-asc", 5) == nil)
            #expect(try await first("date-asc", 0) == nil)
        }
    }

    @Test("a library whose trashed column is not found lists no photo, and /api/sources names the problem")
    func missingTrashedColumn() async throws {
        try await PhotosLibraries.write("ALTER TABLE ZGENERICASSET RENAME COLUMN ZTRASHEDSTATE TO ZTRASHED_RENAMED;", to: library)
        try await app().test(.router) { client in
            let sources = try #require(try await client.execute(uri: "/api/sources", method: .get) { try json($0) }["sources"] as? [[String: Any]])
            let apple = try #require(sources.first { $0["id"] as? String == "apple-photos" })
            let problems = try #require(apple["problems"] as? [String])
            #expect(problems.count == 1 && problems[0].hasPrefix("ZGENERICASSET.ZTRASHEDSTATE was not found"))
            #expect(try await rows(client).isEmpty)
            #expect(try await rows(client, folder: "favorites").isEmpty)
        }
    }

    @Test("--include-hidden and --include-trashed add the Hidden and Recently Deleted views")
    func hiddenAndRecentlyDeleted() async throws {
        var configuration = ServerConfiguration(folders: [], libraries: [library], port: 0)
        configuration.includeHidden = true
        configuration.includeTrashed = true
        try await APITestSupport.application(configuration, engine: engine).test(.router) { client in
            let root = try await client.execute(uri: "/api/sources/apple-photos/folders/~", method: .get) { try json($0) }
            let names = (root["folders"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            #expect(names.prefix(3) == ["Favorites", "Hidden", "Recently Deleted"])
            #expect(try await rows(client, folder: "hidden").compactMap { $0[0] as? String } == ["A1DD1F98-2ECD-431F-9AC9-5AFEFE2D3A5C"])
            #expect(
                Set(try await rows(client, folder: "recently-deleted").compactMap { $0[0] as? String }) == [
                    "71E3E212-00EB-430D-8A63-5E294B268554", "6FD38366-3BF2-407D-81FE-7153EB6125B6",
                ])
            // All Photos stays as Photos shows it.
            #expect(try await rows(client).count == 26)
            let hidden = try await client.execute(uri: "/api/sources/apple-photos/folders/hidden", method: .get) { try json($0) }
            #expect((hidden["breadcrumb"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["Test-10.15.7", "Hidden"])
        }
    }

    /// Stars the asset `uuid` of All Photos in a server backing up to the folder `store`, runs
    /// the backup and waits until it is done.
    private func backUp(_ uuid: String) async throws {
        let token = "apple-photos-backup-token"
        let configuration = APITestSupport.backingUp(libraries: [library], in: folder, token: token)
        try await APITestSupport.application(configuration, engine: engine).test(.router) { client in
            let headers: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            _ = try await APITestSupport.rows(client, source: "apple-photos", folder: "~", token: token)
            let body = try JSONSerialization.data(withJSONObject: ["source": "apple-photos", "folder": "~", "ids": [uuid], "starred": true])
            #expect(try await client.execute(uri: "/api/backup/star", method: .post, headers: headers, body: ByteBuffer(bytes: body)).status == .ok)
            #expect(try await client.execute(uri: "/api/backup/run", method: .post, headers: headers).status == .accepted)
            var status: [String: Any] = [:]
            for _ in 0..<600 {
                status = try await client.execute(uri: "/api/backup/status", method: .get, headers: headers) { try json($0) }
                if status["done"] as? Int == 1 || status["failed"] as? Int ?? 0 > 0 { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(status["done"] as? Int == 1, "\(status)")
        }
    }

    @Test("a library photo starred and backed up is in the cloud catalog under its original name, with its uuid as applephotoid")
    func backupRecordsTheAssetUUID() async throws {
        let wine = "7F74DD34-5920-4DA3-B284-479887A34F66"
        try await backUp(wine)
        let md5 = try ContentHash.md5(ofFileAt: library + "/originals/7/\(wine).jpeg")
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        let shardKey = try await CloudLayout(userID: "user").storedShard(Int(String(md5.prefix(1)), radix: 16) ?? 0, in: store)
        let shard = try #require(try await store.get(shardKey))
        let row = try #require(String(decoding: shard, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix(md5) })
        #expect(row.hasPrefix(md5 + ",winebottle.jpeg,"))
        #expect(row.hasSuffix("," + wine))
        // Once synced, the catalog's row of the photo names its asset.
        let sync = CloudCatalogSync(
            store: store, userID: "user", catalogs: CatalogStore(database: engine.database), dataDirectory: engine.configuration.dataDirectory)
        _ = await sync.sync()
        #expect(try sync.copy.entry(md5: md5)?.applePhotoID == wine)
    }
    @Test("a library photo backed up takes its people and scene labels to the bucket: another device finds it by person: and label:")
    func backupCarriesPeopleAndLabels() async throws {
        try await PhotosLibraries.addSearchIndex(to: library, form: .psi)
        let known = try ApplePhotosLibrary(path: library).facts()
        let originals = try FileManager.default.subpathsOfDirectory(atPath: library + "/originals")
        // A named person's photo whose original the trimmed test library kept, with labels.
        let (uuid, original) = try #require(
            known.people.keys.sorted().lazy.compactMap { uuid in
                originals.first { ($0 as NSString).lastPathComponent.hasPrefix(uuid) }.map { (uuid, self.library + "/originals/" + $0) }
            }.first { known.labels[$0.0]?.isEmpty == false })
        let person = try #require(known.people[uuid]?.first)
        let label = try #require(known.labels[uuid]?.first)
        try await backUp(uuid)
        // Another device syncs the catalog and its facts, and searches the backup.
        let other = try makeEngine(in: folder, device: "other")
        let sync = CloudCatalogSync(
            store: LocalDirectoryObjectStore(root: folder.path("store")), userID: "user", catalogs: CatalogStore(database: other.database),
            dataDirectory: other.configuration.dataDirectory)
        _ = await sync.sync()
        _ = try other.index(sync.copy)
        let md5 = try ContentHash.md5(ofFileAt: original)
        for query in ["person:\"\(person)\"", "label:\"\(label)\""] {
            let found = try other.searchIndex.search(try SearchQuery(parsing: query), limit: 10)
            #expect(found.map(\.md5) == [md5], "\(query)")
        }
    }
}
