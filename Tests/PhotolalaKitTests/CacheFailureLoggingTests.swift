import Foundation
import Logging
import PhotolalaKit
import PhotolalaTestSupport
import Testing

/// Failures the engine works around are logged with what failed, not swallowed.
@Suite("Cache failures are logged")
struct CacheFailureLoggingTests {
    @Test("A TIFF previewed with a read-only rendering cache is still shown, and the cache write failure is logged with its path")
    func renderingCacheReadOnly() async throws {
        let folder = try TemporaryDirectory()
        let photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.tiff").path, toPath: photos + "/scan.tiff")
        let renderings = folder.path("cache/renderings")
        try FileManager.default.createDirectory(atPath: renderings, withIntermediateDirectories: true)
        try ReadOnly.make(renderings)
        defer { ReadOnly.undo(renderings) }

        let log = CapturedLog()
        let engine = try Engine(
            configuration: EngineConfiguration(cacheDirectory: folder.path("cache"), dataDirectory: folder.path("data")), logger: log.logger)
        let source = try engine.localSource(root: photos)
        let id = try #require(source.itemID(forFilePath: photos + "/scan.tiff", folder: LocalPhotoSource.rootFolderID))
        guard case .bytes(let jpeg) = try await source.fullImage(folder: LocalPhotoSource.rootFolderID, item: id).body else {
            Issue.record("A TIFF is shown as a JPEG rendering")
            return
        }
        #expect(jpeg.starts(with: [0xFF, 0xD8]))
        let warnings = log.lines.filter { $0.hasPrefix("warning ") }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("path=\(renderings)/") == true, "\(warnings)")
        #expect(warnings.first?.contains("error=Cannot write") == true, "\(warnings)")
    }

    @Test("A download the read-only cache cannot keep is still returned, and the failure is logged with its path")
    func downloadCacheReadOnly() async throws {
        let folder = try TemporaryDirectory()
        let directory = folder.path("downloads")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try ReadOnly.make(directory)
        defer { ReadOnly.undo(directory) }

        let log = CapturedLog()
        let cache = DownloadCache(directory: directory, logger: log.logger)
        let fetched = try await cache.bytes(for: "users/u/thumbnails/abc.jpg") { [1, 2, 3] }
        #expect(fetched.bytes == [1, 2, 3] && !fetched.cached)
        let warnings = log.lines.filter { $0.hasPrefix("warning ") }
        #expect(warnings.count == 1 && warnings.first?.contains("path=\(directory)/") == true, "\(warnings)")
    }
}
