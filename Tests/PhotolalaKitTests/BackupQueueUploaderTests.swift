import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Synchronization
import Testing

@testable import PhotolalaKit

/// The uploader a server's queue gets when its cloud settings are saved while it runs.
@Suite struct BackupQueueUploaderTests {
    @Test func photosStarredBeforeThereIsAnUploaderUploadOnceOneIsSet() async throws {
        let folder = try TemporaryDirectory()
        let engine = try makeEngine(in: folder)
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        let uploader = Mutex<BackupService?>(nil)
        let queue = BackupQueueManager(database: engine.database, uploader: { uploader.withLock { $0 } }, inactivity: .milliseconds(300))
        try await queue.start()
        let path = try await makePhotos(1, in: folder)[0]
        try await queue.star(path)
        // Several quiet periods without an uploader: the photo waits, starred.
        try await Task.sleep(for: .seconds(1))
        #expect(try await queue.status().queued == 1)
        await #expect(throws: CloudConfigurationError.self) { try await queue.runNow() }

        uploader.withLock { $0 = BackupService(store: store, userID: BackupServiceTests.userID, engine: engine) }
        let updates = await queue.statusUpdates()
        await queue.uploaderChanged()
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            await queue.stop()
            Issue.record("the queue did not upload the photo within 60 s of getting an uploader")
        }
        for await status in updates where status.done == 1 {
            break
        }
        watchdog.cancel()
        await queue.stop()
        let md5 = try ContentHash.md5(ofFileAt: path)
        #expect(try await store.head(CloudLayout(userID: BackupServiceTests.userID).photo(md5)) != nil)
    }
}
