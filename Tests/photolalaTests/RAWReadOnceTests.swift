import Foundation
import PhotolalaTestSupport
import Testing

/// A camera RAW's bytes are read once for its MD5, thumbnail (from its embedded preview, or
/// LibRaw's decode of the same bytes) and metadata, as any photo's: traced with strace.
@Suite("Read once: camera RAW")
struct RAWReadOnceTests {
    @Test("thumbnails opens each RAW once; a catalog build afterwards opens none")
    func rawReadOnce() async throws {
        let cli = try CLI()
        let root = URL(fileURLWithPath: cli.folder.path("raw")).resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let names = ["raw.dng", "raw.nef", "raw.cr3", "raw.raf", "raw-jxl.dng", "raw-nopreview.dng"]
        for name in names {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: root + "/" + name)
        }
        let photos = names.map { root + "/" + $0 }

        guard let first = try await cli.traced("thumbnails", root) else { return }
        #expect(first.output.status == 0, "\(first.output.standardError)")
        #expect(first.opens(of: photos) == Dictionary(uniqueKeysWithValues: photos.map { ($0, 1) }), "each RAW is read once")

        let build = try #require(try await cli.traced("catalog", "build", root))
        #expect(build.output.status == 0, "\(build.output.standardError)")
        #expect(build.output.standardError.contains("0 read, 6 unchanged"), "\(build.output.standardError)")
        #expect(build.opens(of: photos).filter { $0.value > 0 }.isEmpty, "the catalog is built from what the thumbnails recorded")
    }
}
