import Foundation
import Testing

@testable import PhotolalaKit

@Suite("Albums and their merging between devices")
struct AlbumBookTests {
    static func origin(_ name: String) -> AlbumPhotoOrigin {
        AlbumPhotoOrigin(kind: "folders", location: "/photos/" + name, name: name)
    }

    static func photos(_ md5s: String...) -> [(md5: String, origin: AlbumPhotoOrigin)] {
        md5s.map { ($0, origin($0 + ".jpg")) }
    }

    /// The photos of the album at `path`, in its order.
    static func order(_ book: AlbumBook, _ path: String) throws -> [String] {
        try book.album(at: path).orderedPhotos.map(\.md5)
    }

    @Test("Albums nest in folders made as needed, keep their order, move by a new path, and go with a deleted folder")
    func editing() throws {
        var book = AlbumBook()
        try book.create("Travel/Italy/Rome", isFolder: false, device: "a")
        #expect(try book.album(at: "Travel").isFolder)
        #expect(try book.album(at: "Travel/Italy").isFolder)
        #expect(try book.add(Self.photos("c", "a", "b"), to: "Travel/Italy/Rome", device: "a") == 3)
        #expect(try book.add(Self.photos("a", "d"), to: "Travel/Italy/Rome", device: "a") == 1, "a is in it already")
        #expect(try Self.order(book, "Travel/Italy/Rome") == ["c", "a", "b", "d"])
        try book.reorder("Travel/Italy/Rome", as: ["d", "c", "d"], device: "a")
        #expect(try Self.order(book, "Travel/Italy/Rome") == ["d", "c", "a", "b"])
        #expect(try book.album(at: "Travel/Italy/Rome").coverMD5 == "d")
        try book.setCover("a", of: "Travel/Italy/Rome", device: "a")
        #expect(try book.album(at: "Travel/Italy/Rome").coverMD5 == "a")
        #expect(try book.remove(["a", "zz"], from: "Travel/Italy/Rome", device: "a") == 1)
        #expect(try book.album(at: "Travel/Italy/Rome").coverMD5 == "d", "a cover taken out gives way to the first")

        #expect(throws: AlbumError.exists("Travel/Italy/Rome")) { try book.create("Travel/Italy/Rome", isFolder: false, device: "a") }
        #expect(throws: AlbumError.notAFolder("Travel/Italy/Rome")) { try book.create("Travel/Italy/Rome/x", isFolder: false, device: "a") }
        #expect(throws: AlbumError.isAFolder("Travel")) { try book.add(Self.photos("e"), to: "Travel", device: "a") }
        #expect(throws: AlbumError.intoItself("Travel")) { try book.rename("Travel", to: "Travel/Italy/Travel", device: "a") }
        for bad in ["", "..", " padded", "tab\there"] {
            #expect(throws: AlbumError.self) { try book.create(bad, isFolder: false, device: "a") }
        }

        try book.rename("Travel/Italy/Rome", to: "Roma", device: "a")
        try book.rename("Travel/Italy/Roma", to: "Europe/Roma", device: "a")
        #expect(try Self.order(book, "Europe/Roma") == ["d", "c", "b"])
        #expect(try book.delete("Travel", device: "a") == 0, "only folders were in it")
        #expect(throws: AlbumError.notFound("Travel/Italy")) { try book.album(at: "Travel/Italy") }
        #expect(book.children(of: nil).map(\.name.value) == ["Europe"])
    }

    @Test("album: names the albums whose path has words starting with its own, case and accents aside, and becomes their photos")
    func albumTerms() throws {
        var book = AlbumBook()
        try book.create("Travel/Rome 2024", isFolder: false, device: "a")
        try book.create("Travel/Zürich", isFolder: false, device: "a")
        try book.create("Family", isFolder: false, device: "a")
        try book.add(Self.photos("r1", "r2"), to: "Travel/Rome 2024", device: "a")
        try book.add(Self.photos("z1"), to: "Travel/Zürich", device: "a")
        try book.add(Self.photos("f1", "r1"), to: "Family", device: "a")
        func names(_ value: String) -> [String] { book.albums(matching: value).map { book.path(of: $0.id) }.sorted() }
        #expect(names("rome") == ["Travel/Rome 2024"])
        #expect(names("ZURICH") == ["Travel/Zürich"])
        #expect(names("travel") == ["Travel/Rome 2024", "Travel/Zürich"])
        #expect(names("rome 2024") == ["Travel/Rome 2024"])
        #expect(names("paris").isEmpty && names("...").isEmpty)

        let query = try SearchQuery(parsing: "beach album:travel -album:family album:nowhere")
        #expect(query.namesAlbums)
        #expect(
            query.resolvingAlbums(in: book).terms == [
                SearchQuery.Term(.text("beach", isPhrase: false)), SearchQuery.Term(.contents(["r1", "r2", "z1"])),
                SearchQuery.Term(.contents(["f1", "r1"]), isExcluded: true), SearchQuery.Term(.contents([])),
            ])
        #expect(try !SearchQuery(parsing: "beach").namesAlbums)
    }

    @Test("Two devices editing one album at once keep both changes, whatever order they sync in")
    func concurrentEdits() throws {
        var start = AlbumBook()
        try start.create("Trip", isFolder: false, device: "a")
        try start.add(Self.photos("p1", "p2", "p3"), to: "Trip", device: "a")
        var a = start
        var b = start
        try a.add(Self.photos("a1"), to: "Trip", device: "a")
        try a.remove(["p1"], from: "Trip", device: "a")
        try b.add(Self.photos("b1", "b2"), to: "Trip", device: "b")
        try b.remove(["p2"], from: "Trip", device: "b")
        try b.create("Other", isFolder: false, device: "b")

        let ab = a.merged(with: b)
        let ba = b.merged(with: a)
        #expect(ab == ba, "merging is commutative")
        #expect(ab.merged(with: b) == ab && ab.merged(with: ab) == ab, "and idempotent")
        #expect(Set(try Self.order(ab, "Trip")) == ["p3", "a1", "b1", "b2"])
        #expect(try ab.album(at: "Other").orderedPhotos.isEmpty)

        // A photo taken out on one device and added again later on the other is in it.
        var later = ab
        try later.add(Self.photos("p1"), to: "Trip", device: "b")
        #expect(try Self.order(later.merged(with: a), "Trip").contains("p1"))
    }

    @Test("The later edit of a name wins, even from a device whose clock is behind the other's")
    func laterEditWins() throws {
        var a = AlbumBook()
        let id = try a.create("Trip", isFolder: false, device: "a")
        // Device a's clock runs an hour ahead of b's.
        let ahead = Date().addingTimeInterval(3600)
        _ = a.stamp(now: ahead, device: "a")
        try a.rename("Trip", to: "Holiday", device: "a")
        var b = AlbumBook().merged(with: a)
        try b.rename("Holiday", to: "Summer", device: "b")
        let merged = a.merged(with: b)
        #expect(merged.albums[id]?.name.value == "Summer", "b renamed after seeing a's rename")
        #expect(merged.path(of: id) == "Summer")
    }

    @Test("A deletion on one device is kept when the other still has the album, and names made twice are said to be")
    func deletionAndTwins() throws {
        var a = AlbumBook()
        try a.create("Trip", isFolder: false, device: "a")
        let b = a
        try a.delete("Trip", device: "a")
        #expect(throws: AlbumError.notFound("Trip")) { try a.merged(with: b).album(at: "Trip") }

        var c = AlbumBook()
        var d = AlbumBook()
        try c.create("Twin", isFolder: false, device: "c")
        try d.create("Twin", isFolder: false, device: "d")
        #expect(throws: AlbumError.ambiguous("Twin", count: 2)) { try c.merged(with: d).album(at: "Twin") }
    }
}
