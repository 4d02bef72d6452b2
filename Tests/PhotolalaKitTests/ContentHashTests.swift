import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("Content identity")
struct ContentHashTests {
    @Test("MD5 of a file matches md5sum, streamed or in memory")
    func md5MatchesMd5sum() async throws {
        let path = try await Fixtures.file("photo.bmp").path
        let expected = String(try await Shell.run("md5sum", [path]).prefix(32))
        #expect(try ContentHash.md5(ofFileAt: path) == expected)
        let bytes = try FileContents(path: path, sizeLimit: 1 << 30).bytes
        #expect(ContentHash.md5(of: bytes) == expected)
    }

    @Test("The fast key is the MD5 of the first 4 KiB and the size")
    func fastKey() async throws {
        let path = try await Fixtures.file("photo.bmp").path
        let head = String(try await Shell.run("bash", ["-c", "head -c 4096 '\(path)' | md5sum"]).prefix(32))
        let key = try ContentHash.fastKey(ofFileAt: path)
        #expect(key.headMD5 == head)
        #expect(key.size == (try FileStatus(path: path)).size)
    }

    @Test("The identity index forgets a file once its size or time changes")
    func identityIndex() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("a.jpg")
        try Data("one".utf8).write(to: URL(fileURLWithPath: path))
        let index = IdentityIndex(database: try PhotolalaDatabase(path: folder.path("db.sqlite")))
        let status = try FileStatus(path: path)
        try index.record([FileIdentity(path: path, status: status, md5: "abc", headMD5: "def")])
        #expect(try index.fastKey(forPath: path) == FastKey(headMD5: "def", size: 3))
        #expect(try index.md5(forPath: path, status: status) == "abc")
        try index.record([FileIdentity(path: path, status: status, md5: "abd", headMD5: "def")])
        #expect(try index.md5(forPath: path, status: status) == "abd")

        try Data("two!".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try index.md5(forPath: path, status: try FileStatus(path: path)) == nil)
    }
}
