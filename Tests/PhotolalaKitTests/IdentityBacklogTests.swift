import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("A screen's thumbnails before their identities")
struct IdentityBacklogTests: WorkspaceSuite {
    let workspace: TestWorkspace
    let source: LocalPhotoSource
    let paths: [String]

    /// A folder of six distinct photos nobody has seen.
    init() async throws {
        workspace = try TestWorkspace()
        let (engine, photos) = (workspace.engine, workspace.photos)
        try await Shell.run(Fixtures.repositoryRoot.appendingPathComponent("Scripts/make-photos.sh").path, [photos, "6", "320", "240"])
        source = try engine.localSource(root: photos)
        paths = try FileManager.default.contentsOfDirectory(atPath: photos).sorted().map { photos + "/" + $0 }
    }

    private func recordedMD5(of path: String, status: FileStatus) throws -> String? {
        try engine.identities.md5(forPath: path, status: status)
    }

    @Test("While cells wait, a photo's thumbnail comes before its MD5, which is then taken from the bytes already read")
    func thumbnailsFirst() async throws {
        let statuses = try paths.map { try FileStatus(path: $0) }
        let md5s = try paths.map { try ContentHash.md5(ofFileAt: $0) }
        let rows = try await source.folderListing(id: LocalPhotoSource.rootFolderID).listFolder().reduce(into: []) { $0 += $1 }
        #expect(rows.count == paths.count)

        // Another cell's load runs all along: nothing is hashed meanwhile.
        engine.foreground.begin()
        var served: [String: [UInt8]] = [:]
        for row in rows {
            let thumbnail = try await source.thumbnail(folder: "~", item: row.item.id, priority: .visible)
            #expect(thumbnail.md5 == nil)
            served[row.item.displayName] = thumbnail.jpeg
        }
        for (path, status) in zip(paths, statuses) {
            #expect(try recordedMD5(of: path, status: status) == nil)
        }
        #expect(engine.identityBacklog.bytes == statuses.reduce(0) { $0 + Int($1.size) })

        // The files go before the screen is done: what is recorded can only come from the bytes
        // the screen read.
        for path in paths {
            try FileManager.default.removeItem(atPath: path)
        }
        engine.foreground.end()
        try await waitUntil { (try? recordedMD5(of: paths[paths.count - 1], status: statuses[paths.count - 1])) != nil }
        for (index, path) in paths.enumerated() {
            #expect(try recordedMD5(of: path, status: statuses[index]) == md5s[index])
            // Kept under its MD5, the thumbnail the screen got is the one served from now on.
            #expect(engine.thumbnailStore.thumbnail(forMD5: md5s[index]) == served[FilePath.name(of: path)])
        }
        #expect(engine.identityBacklog.bytes == 0)
    }

    @Test("A catalog build that reaches a held photo takes its bytes and its thumbnail; one changed since is read again")
    func catalogBuildTakesHeldPhotos() async throws {
        let rows = try await source.folderListing(id: LocalPhotoSource.rootFolderID).listFolder().reduce(into: []) { $0 += $1 }
        engine.foreground.begin()
        defer { engine.foreground.end() }
        for row in rows {
            _ = try await source.thumbnail(folder: "~", item: row.item.id, priority: .visible)
        }
        // One photo is replaced after the screen read it.
        let replaced = paths[0]
        try Data(try Data(contentsOf: URL(fileURLWithPath: paths[1]))).write(to: URL(fileURLWithPath: replaced))

        let entries = try engine.fileReader.catalogEntries(at: paths).entries.map { try $0.get() }
        #expect(entries.map(\.md5) == (try paths.map { try ContentHash.md5(ofFileAt: $0) }))
        #expect(engine.identityBacklog.bytes == 0)
        for entry in entries.dropFirst() {
            #expect(engine.thumbnailStore.thumbnail(forMD5: entry.md5) != nil)
        }
    }

    @Test("The backlog holds no more bytes than its budget: a photo that does not fit is not held")
    func budget() throws {
        let backlog = IdentityBacklog(budget: 10)
        func photo(_ name: String, bytes: Int) throws -> IdentityBacklog.HeldPhoto {
            let path = folder.path(name)
            try Data(repeating: 1, count: bytes).write(to: URL(fileURLWithPath: path))
            return .init(contents: try FileContents(path: path, sizeLimit: 100), thumbnail: [])
        }
        #expect(backlog.hold(try photo("a", bytes: 6)))
        #expect(!backlog.hold(try photo("b", bytes: 6)))
        #expect(!backlog.hold(try photo("a", bytes: 1)))
        #expect(backlog.hold(try photo("c", bytes: 4)))
        #expect(backlog.bytes == 10)
        #expect(backlog.claimSettling() && !backlog.claimSettling())
        #expect(backlog.next()?.contents.path == folder.path("a"))
        #expect(backlog.take(folder.path("c")) != nil)
        #expect(backlog.next() == nil && backlog.bytes == 0)
        #expect(backlog.claimSettling())
    }
}
