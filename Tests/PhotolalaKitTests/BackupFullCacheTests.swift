import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// A cache that cannot be written costs a warning, never a backup, and an original that went up
/// is listed by the cloud catalog whatever fails after it (issue 36: with the cache disk full,
/// every photo failed and `backup verify` found the uploaded originals as orphans).
@Suite("Backup with a full cache or a failing thumbnail upload")
struct BackupFullCacheTests {
    static let userID = "0f2504e0-4f89-11d3-9a0c-0305e82c3301"

    @Test(
        "An unwritable thumbnail cache is logged, and every photo is backed up with its thumbnail from memory",
        arguments: StoreKind.allCases)
    func unwritableCache(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let paths = try await makePhotos(3, in: folder)
        let thumbnails = folder.path("cache/thumbnails")
        try FileManager.default.createDirectory(atPath: thumbnails, withIntermediateDirectories: true)
        try ReadOnly.make(thumbnails)
        defer { ReadOnly.undo(thumbnails) }
        let log = CapturedLog()
        let engine = try Engine(
            configuration: EngineConfiguration(cacheDirectory: folder.path("cache"), dataDirectory: folder.path("data")), logger: log.logger)
        let service = engine.backupService(store: store, userID: Self.userID)

        let report = try await service.backUp(paths)
        #expect(report.failed.isEmpty, "\(report.failed)")
        #expect(report.uploaded.count == 3)
        let layout = CloudLayout(userID: Self.userID)
        for md5 in report.uploaded {
            let thumbnail = try #require(try await store.get(layout.thumbnail(md5)))
            #expect(thumbnail.starts(with: [0xFF, 0xD8, 0xFF]))
        }
        let warnings = log.lines.filter { $0.hasPrefix("warning ") && $0.contains("path=\(thumbnails)/") }
        #expect(warnings.count == 3, "\(log.lines)")
        let verified = try await engine.verifier(service: service).verify(readData: 100)
        #expect(verified.orphans.isEmpty && verified.problems.isEmpty, "\(verified)")
    }

    @Test("An original whose thumbnail upload fails is still listed by the cloud catalog, so it is never an orphan")
    func thumbnailUploadFails() async throws {
        let workspace = try TestWorkspace()
        guard let base = try await makeStore(.seaweedFS, in: workspace.folder) else { return }
        let paths = try await makePhotos(2, in: workspace.folder)
        let layout = CloudLayout(userID: Self.userID)
        let store = FaultyStore(base)
        await store.configure(failingPutPrefixes: [layout.thumbnailsPrefix])
        let failed = try await workspace.engine.backupService(store: store, userID: Self.userID).backUp(paths)
        #expect(failed.failed.count == 2 && failed.failed.allSatisfy(\.canRetry), "\(failed.failed)")
        let service = workspace.engine.backupService(store: base, userID: Self.userID)
        let verified = try await workspace.engine.verifier(service: service).verify()
        #expect(verified.orphans.isEmpty, "\(verified.orphans)")
        #expect(verified.photosChecked == 2)
        #expect(verified.problems.map(\.reason) == ["the thumbnail is missing", "the thumbnail is missing"])

        let again = try await service.backUp(paths)
        #expect(again.failed.isEmpty, "\(again.failed)")
        #expect(try await workspace.engine.verifier(service: service).verify().unresolved == 0)
    }
}
