import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("The album file")
struct AlbumStoreTests {
    @Test("Edits of two stores on one file at once are all kept, each made on the book as the other left it")
    func concurrentEdits() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("albums.json")
        try await AlbumStore(path: path).edit { book, device in try book.create("Shared", isFolder: false, device: device) }
        await withThrowingTaskGroup(of: Void.self) { group in
            for store in [AlbumStore(path: path), AlbumStore(path: path)] {
                group.addTask {
                    for index in 0..<20 {
                        let md5 = String(format: "%@%02d", String(store.device.prefix(4)), index)
                        try await store.edit { book, device in
                            try book.add([(md5, AlbumPhotoOrigin(kind: "folders", location: "/p/\(md5)", name: md5))], to: "Shared", device: device)
                        }
                    }
                }
            }
        }
        #expect(try AlbumStore(path: path).read().album(at: "Shared").orderedPhotos.count == 40)
    }

    @Test("A damaged or later file is refused and left as it is; a refused edit writes nothing")
    func damagedFile() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("albums.json")
        let store = AlbumStore(path: path)
        #expect(try store.read() == AlbumBook(), "no file: no albums")
        for damaged in ["{\"albums\": [", "[]", String(repeating: "[", count: 10_000), "{\"version\": 9, \"albums\": {}, \"clock\": 0}"] {
            try damaged.write(toFile: path, atomically: true, encoding: .utf8)
            await #expect(throws: AlbumError.self) {
                try await store.edit { book, device in try book.create("New", isFolder: false, device: device) }
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == damaged)
        }

        try FileManager.default.removeItem(atPath: path)
        try await store.edit { book, device in try book.create("Kept", isFolder: false, device: device) }
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        await #expect(throws: AlbumError.exists("Kept")) {
            try await store.edit { book, device in try book.create("Kept", isFolder: false, device: device) }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == saved)
    }
}
