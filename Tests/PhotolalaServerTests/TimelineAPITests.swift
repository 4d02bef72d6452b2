import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// The timelines: the `photos` source, whose folder `~` is every photo of every served source and
/// whose folder `SOURCE/FOLDER` is every photo beneath that folder, its subfolders' too, newest
/// first, each photo its source's.
@Suite("The timeline API")
struct TimelineAPITests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    /// A tree of photos taken a year apart, newest deepest, and none at its top.
    private func makeTree() async throws -> [String] {
        let photos = [
            ("2019/a.jpg", "2019:06:01 10:00:00"), ("2019/June/b.jpg", "2020:06:01 10:00:00"), ("2019/June/Day 2/c.jpg", "2021:06:01 10:00:00"),
            ("2022/d.jpg", "2022:06:01 10:00:00"), ("2022/e.jpg", "2018:06:01 10:00:00"),
        ]
        for (path, date) in photos {
            let full = self.photos + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try await Fixtures.datedPhoto(at: full, tags: ["-DateTimeOriginal=\(date)"])
        }
        return ["d.jpg", "c.jpg", "b.jpg", "a.jpg", "e.jpg"]
    }

    private static func encoded(_ folder: String) -> String {
        folder.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? folder
    }

    @Test("A tree's timeline holds every photo of every subfolder once, newest first; a subfolder's, those beneath it")
    func treeTimeline() async throws {
        let newestFirst = try await makeTree()
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], port: 0), engine: engine)
        try await app.test(.router) { client in
            // The tree's top holds no photo of its own: its timeline holds them all.
            #expect(try await APITestSupport.rows(client, source: "local-0", folder: "~").isEmpty)
            let top = Self.encoded("local-0/~")
            let rows = try await APITestSupport.rows(client, source: "photos", folder: top)
            #expect(rows.compactMap { $0[1] as? String } == newestFirst, "\(rows)")
            #expect(Set(rows.compactMap { $0[0] as? String }).count == rows.count, "each photo once")
            let dates = rows.compactMap { $0[2] as? Int }
            #expect(dates.count == rows.count && dates == dates.sorted(by: >), "\(dates)")
            for row in rows {
                let id = try #require(row[0] as? String)
                let thumbnail = try await client.execute(uri: "/api/sources/photos/folders/\(top)/items/\(id)/thumbnail", method: .get)
                #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/jpeg", "\(row)")
            }
            let folder = try await client.execute(uri: "/api/sources/photos/folders/\(top)", method: .get) { try APITestSupport.json($0) }
            let crumbs = try #require(folder["breadcrumb"] as? [[String: Any]])
            #expect(crumbs.compactMap { $0["id"] as? String } == ["~", "local-0/~"], "\(folder)")
            #expect((folder["name"] as? String)?.hasPrefix("Photos in ") == true && folder["kind"] as? String == "timeline", "\(folder)")

            // A subfolder's timeline: its photos and its subfolders', not its neighbours'.
            let root = try await client.execute(uri: "/api/sources/local-0/folders/~", method: .get) { try APITestSupport.json($0) }
            let subfolders = try #require(root["folders"] as? [[String: Any]])
            let id2019 = try #require(subfolders.first { $0["name"] as? String == "2019" }?["id"] as? String)
            let rows2019 = try await APITestSupport.rows(client, source: "photos", folder: Self.encoded("local-0/" + id2019))
            #expect(rows2019.compactMap { $0[1] as? String } == ["c.jpg", "b.jpg", "a.jpg"], "\(rows2019)")

            let unknown = try await client.execute(uri: "/api/sources/photos/folders/\(Self.encoded("nowhere/~"))/items", method: .get)
            #expect(unknown.status == .notFound)
            let malformed = try await client.execute(uri: "/api/sources/photos/folders/nothing", method: .get)
            #expect(malformed.status == .notFound)
        }
    }

    @Test("Every source's timeline: the folders' photos and an Apple Photos library's, each once, newest first")
    func everySource() async throws {
        let newestFirst = try await makeTree()
        let library = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: folder)
        let app = try APITestSupport.application(ServerConfiguration(folders: [photos], libraries: [library], port: 0), engine: engine)
        try await app.test(.router) { client in
            let sources = try await client.execute(uri: "/api/sources", method: .get) { try APITestSupport.json($0) }
            let timeline = (sources["sources"] as? [[String: Any]])?.first { $0["id"] as? String == "photos" }
            #expect(timeline?["kind"] as? String == "timeline" && timeline?["name"] as? String == "Photos", "\(sources)")

            let allPhotos = try await APITestSupport.rows(client, source: "apple-photos", folder: "~")
            #expect(!allPhotos.isEmpty)
            let rows = try await APITestSupport.rows(client, source: "photos", folder: "~")
            #expect(rows.count == newestFirst.count + allPhotos.count, "\(rows.count) rows")
            #expect(Set(rows.compactMap { $0[0] as? String }).count == rows.count, "each photo once")
            let names = rows.compactMap { $0[1] as? String }
            #expect(names.filter { newestFirst.contains($0) } == newestFirst)
            #expect(Set(names).isSuperset(of: allPhotos.compactMap { $0[1] as? String }))
            let dated = rows.compactMap { $0[2] as? Int }
            #expect(dated == dated.sorted(by: >), "newest first, the undated last")
            var sourcesSeen: Set<String> = []
            for row in rows {
                let id = try #require(row[0] as? String)
                let found = try #require(SearchResultID(id))
                sourcesSeen.insert(found.source)
                let metadata = try await client.execute(uri: "/api/sources/photos/folders/~/items/\(id)/metadata", method: .get)
                #expect(metadata.status == .ok, "\(row)")
            }
            #expect(sourcesSeen == ["local-0", "apple-photos"])

            // The library's top has a timeline, an album none but itself.
            let libraryTop = try await APITestSupport.rows(client, source: "photos", folder: Self.encoded("apple-photos/~"))
            #expect(libraryTop.count == allPhotos.count)
            let favorites = try await client.execute(uri: "/api/sources/photos/folders/\(Self.encoded("apple-photos/favorites"))", method: .get)
            #expect(favorites.status == .notFound)
        }
    }
}
