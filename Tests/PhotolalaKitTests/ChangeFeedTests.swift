import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// What a rescan tells an open folder: the files added, removed and changed since the last
/// listing, which the feed keeps front-coded with a fingerprint a file.
@Suite("A folder's changes between two listings")
struct ChangeFeedTests {
    @Test("added, removed and changed files are told, whatever ids they share and however long")
    func changes() async throws {
        let folder = try TemporaryDirectory()
        // Ids of files deep in a tree share more than the 255 bytes a prefix can say.
        let deep = String(repeating: "a", count: 200) + "/" + String(repeating: "b", count: 200)
        try FileManager.default.createDirectory(atPath: folder.path(deep), withIntermediateDirectories: true)
        let names = ["IMG_0001.JPG", "IMG_0002.JPG", "IMG_0003.JPG", "\(deep)/1.jpg", "\(deep)/2.jpg", "Été café.jpg", "z.jpg"]
        for name in names {
            try Data(name.utf8).write(to: URL(fileURLWithPath: folder.path(name)))
        }
        let id = { (path: String) in LocalItemID.make(relativePath: path) }
        func listing(_ paths: [String]) throws -> [ScannedPhoto] {
            try paths.map { path in
                ScannedPhoto(
                    item: PhotoItem(id: id(path), displayName: path), folder: folder.path, status: try FileStatus(path: folder.path(path)))
            }
        }
        let feed = ChangeFeed()
        var changes = feed.subscribe().makeAsyncIterator()
        // The first listing is the baseline; the same listing again tells nothing.
        feed.update(with: try listing(names.shuffled()))
        feed.update(with: try listing(names))

        // One file grows, one goes, one comes, one is no longer stat-ed (not told as changed).
        try Data("longer".utf8).write(to: URL(fileURLWithPath: folder.path("IMG_0002.JPG")))
        try Data("new".utf8).write(to: URL(fileURLWithPath: folder.path("IMG_0004.JPG")))
        var next = try listing(["IMG_0001.JPG", "IMG_0002.JPG", "IMG_0004.JPG", "\(deep)/2.jpg", "Été café.jpg", "z.jpg"])
        next[0] = ScannedPhoto(item: next[0].item, folder: next[0].folder, status: nil)
        feed.update(with: next.reversed())

        #expect(await changes.next() == .added([PhotoItem(id: id("IMG_0004.JPG"), displayName: "IMG_0004.JPG")]))
        #expect(await changes.next() == .removed([id("IMG_0003.JPG"), id("\(deep)/1.jpg")].sorted()))
        let updated = await changes.next()
        #expect(updated == .updated([PhotoItem(id: id("IMG_0002.JPG"), displayName: "IMG_0002.JPG")]))
    }
}
