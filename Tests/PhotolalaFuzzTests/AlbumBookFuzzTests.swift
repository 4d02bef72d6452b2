import Foundation
import Testing

@testable import PhotolalaKit

/// Mutates album books, which another device wrote into the bucket and anyone with the bucket
/// may alter, and reads each as a sync does: refused, or merged with this device's book and
/// written again to a book that reads back the same; never a crash or a hang.
@Suite("Fuzzing the album book")
struct AlbumBookFuzzTests {
    /// A book with nested albums, photos added, removed and reordered, and a deleted album.
    static func seed() throws -> AlbumBook {
        var book = AlbumBook()
        let origin = { (name: String) in AlbumPhotoOrigin(kind: "folders", location: "/photos/\(name) \"quoted\"", name: name) }
        try book.create("Travel/Rome", isFolder: false, device: "a")
        try book.create("Travel/Zürich", isFolder: false, device: "b")
        try book.create("Gone", isFolder: false, device: "a")
        try book.add(["0f3e", "1a2b", "ffff"].map { ($0, origin($0)) }, to: "Travel/Rome", device: "a")
        try book.remove(["1a2b"], from: "Travel/Rome", device: "b")
        try book.reorder("Travel/Rome", as: ["ffff"], device: "a")
        try book.setCover("0f3e", of: "Travel/Rome", device: "b")
        try book.delete("Gone", device: "a")
        return book
    }

    @Test("mutated books: refused, or merged and written to a book that reads back the same")
    func mutatedBooks() throws {
        let budget = FuzzBudget(share: 0.03)
        var mutator = Mutator(seed: budget.seed)
        let mine = try Self.seed()
        let seeds = [try AlbumStore.encode(mine), Array("{\"albums\":{},\"clock\":0,\"version\":1}".utf8)]
        var iteration = 0
        var merged = 0
        while budget.hasTime || iteration < 1_000 {
            iteration += 1
            let bytes = mutator.mutate(seeds[iteration % seeds.count], limit: 64 << 10)
            guard let theirs = try? AlbumStore.decode(bytes) else { continue }
            let book = mine.merged(with: theirs)
            _ = book.live.map { book.path(of: $0.id) }
            _ = book.children(of: nil)
            let written = try AlbumStore.encode(book)
            #expect((try? AlbumStore.decode(written)) == book, "a merged book did not read back as written")
            merged += 1
        }
        print("AlbumBookFuzzTests: \(iteration) mutated books, \(merged) merged, seed \(budget.seed)")
    }
}
