import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit
@testable import PhotolalaS3

/// The queue and the service keep whatever bytes a photo has, and refuse a file that is no
/// photo when it is starred.
@Suite struct BackupDamagedPhotoServiceTests {
    @Test("a JPEG cut at 60 % is starred and stored whole, with a placeholder thumbnail; a text file is refused at star")
    func damagedPhotoIsStoredAndTextIsRefused() async throws {
        let workspace = try TestWorkspace()
        let store = LocalDirectoryObjectStore(root: workspace.folder.path("store"))
        let service = workspace.engine.backupService(store: store, userID: BackupServiceTests.userID)
        let queue = workspace.engine.backupQueue(service: service, inactivity: .seconds(3_600))
        let whole = try [UInt8](Data(contentsOf: try await Fixtures.file("photo-4000x3000.jpg")))
        let damaged = workspace.folder.path("damaged.jpg")
        try Data(whole.prefix(whole.count * 6 / 10)).write(to: URL(fileURLWithPath: damaged))
        let notes = workspace.folder.path("README")
        try Data("Not a photo.\n".utf8).write(to: URL(fileURLWithPath: notes))

        let results = await queue.star([damaged, notes])
        let md5 = try results[0].get()
        #expect(throws: BackupError.self) { try results[1].get() }
        #expect("\(results[1])".contains("'\(notes)' is not a photo"))
        #expect(try await queue.entries().map(\.path) == [damaged])

        let report = try await queue.runNow()
        #expect(report.failed.isEmpty, "\(report.failed)")
        #expect(report.uploaded == [md5])
        let stored = try #require(try await store.get(service.layout.photo(md5)))
        #expect(ContentHash.md5(of: stored) == md5)
        #expect(try await store.tags(service.layout.photo(md5)) == ["Format": "JPEG"])
        let thumbnail = try #require(try await store.get(service.layout.thumbnail(md5)))
        #expect(ImageFormat(sniffing: thumbnail) == .jpeg)
    }

    @Test("only failures a new run can fix are marked retriable")
    func retriableFailures() {
        #expect(BackupService.Failure(path: "/a.jpg", md5: nil, error: ObjectStoreError(.serverError, "Internal error")).canRetry)
        #expect(!BackupService.Failure(path: "/a.jpg", md5: nil, error: PhotolalaError.unreadableFile("/a.jpg", errno: ENOENT)).canRetry)
        #expect(!BackupService.Failure(path: "/a.jpg", md5: nil, error: BackupError.changedSinceStarred("/a.jpg")).canRetry)
    }
}
