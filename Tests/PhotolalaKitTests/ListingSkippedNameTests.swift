import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

#if canImport(Glibc)
    import Glibc
#endif

/// A folder's listing that leaves a file out (a name that is not UTF-8) says so in the log,
/// rather than drop it silently (issue 36).
@Suite("Names a listing leaves out are logged")
struct ListingSkippedNameTests {
    @Test("A file whose name is not UTF-8 is left out of the listing with a warning naming its folder")
    func nonUTF8Name() async throws {
        let folder = try TemporaryDirectory()
        let photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.gif").path, toPath: photos + "/good.gif")
        // A Swift String cannot carry the byte 0xFF: the name is made from bytes.
        let name = Array((photos + "/bad").utf8) + [0xFF] + Array(".gif".utf8)
        let descriptor = open(name.map { CChar(bitPattern: $0) } + [0], O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
        #expect(descriptor >= 0)
        close(descriptor)

        let log = CapturedLog()
        let engine = try Engine(
            configuration: EngineConfiguration(cacheDirectory: folder.path("cache"), dataDirectory: folder.path("data")), logger: log.logger)
        let rows = try await engine.folderListing(photos).listFolder().reduce(into: []) { $0 += $1 }
        #expect(rows.map(\.item.displayName) == ["good.gif"])
        let warnings = log.lines.filter { $0.hasPrefix("warning ") }
        #expect(warnings.count == 1, "\(log.lines)")
        #expect(warnings.first?.contains("A file name in '\(photos)' is not valid UTF-8; skipped.") == true, "\(warnings)")
    }
}
