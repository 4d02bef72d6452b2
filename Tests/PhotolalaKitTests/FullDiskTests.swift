import Foundation
import PhotolalaKit
import PhotolalaSupport
import PhotolalaTestSupport
import Testing

/// With the disk of the caches and the database full, photos are still shown: what could not
/// be saved is a warning, never an error of the photo's (issue 36: thumbnails, metadata and full
/// images answered 500 with SQLite's "database or disk is full" and advice to delete it).
@Suite("A full disk under the caches and the database")
struct FullDiskTests {
    @Test("Thumbnails, metadata and MD5s are answered from a full disk, each unsaved write a warning; once freed, they are saved")
    func fullDisk() async throws {
        let folder = try TemporaryDirectory()
        let disk = try #require(
            SmallDisk(at: folder.path("disk"), megabytes: 8), "this test mounts a tmpfs: run it as root, as make test is on this machine kind")
        defer { disk.unmount() }
        let photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        let fixture = try await Fixtures.file("orientation6.jpg").path
        for index in 1...4 {
            try FileManager.default.copyItem(atPath: fixture, toPath: photos + "/\(index).jpg")
            // Different content each, so no photo is answered from another's cache entry.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: photos + "/\(index).jpg"))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data([UInt8(index)]))
            try handle.close()
        }
        let log = CapturedLog()
        let engine = try Engine(
            configuration: EngineConfiguration(cacheDirectory: disk.path + "/cache", dataDirectory: disk.path + "/data"), logger: log.logger)
        _ = try await engine.thumbnail(ofFileAt: photos + "/1.jpg")

        disk.fill()
        let thumbnail = try await engine.thumbnail(ofFileAt: photos + "/2.jpg")
        #expect(thumbnail.jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
        let metadata = try await engine.metadata(ofFileAt: photos + "/3.jpg")
        #expect(metadata.md5 == ContentHash.md5(of: Array(try Data(contentsOf: URL(fileURLWithPath: photos + "/3.jpg")))))
        let md5 = try engine.identities.md5(ofFileAt: photos + "/4.jpg")
        #expect(md5.count == 32)
        let warnings = log.lines.filter { $0.hasPrefix("warning ") && $0.contains("no space left") }
        #expect(warnings.count >= 3, "\(log.lines)")
        #expect(!log.lines.contains { $0.contains("Delete it") }, "a full disk is no damaged database: \(log.lines)")

        disk.free()
        let again = try await engine.thumbnail(ofFileAt: photos + "/2.jpg")
        #expect(again.md5 == thumbnail.md5)
        #expect(try engine.identities.md5(forPath: photos + "/2.jpg", status: FileStatus(path: photos + "/2.jpg")) == again.md5)
    }
}
