import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Synchronization
import Testing

@testable import PhotolalaKit

/// The uploader a server's queue gets when its cloud settings are saved while it runs.
@Suite struct BackupQueueUploaderTests {
    @Test("Photos starred before there is an uploader upload once one is set") func photosStarredBeforeThereIsAnUploaderUploadOnceOneIsSet()
        async throws
    {
        let workspace = try TestWorkspace()
        let store = LocalDirectoryObjectStore(root: workspace.folder.path("store"))
        let uploader = Mutex<BackupService?>(nil)
        let clock = ManualClock()
        let queue = BackupQueue(
            database: workspace.engine.database, identities: workspace.engine.identities, uploader: { uploader.withLock { $0 } },
            inactivity: .seconds(600), clock: clock)
        let running = Task { try await queue.run() }
        defer { running.cancel() }
        await clock.sleepers()
        let path = try await makePhotos(1, in: workspace.folder)[0]
        try await queue.star(path)
        // Several quiet periods without an uploader: the photo waits, starred.
        for _ in 0..<3 {
            clock.advance(by: .seconds(600))
            await clock.sleepers()
        }
        #expect(try await queue.status().queued == 1)
        await #expect(throws: CloudConfigurationError.self) { try await queue.runNow() }

        uploader.withLock { $0 = workspace.engine.backupService(store: store, userID: BackupServiceTests.userID) }
        await queue.uploaderChanged()
        await clock.sleepers()
        // The failed run just now started a quiet period.
        #expect(clock.pendingDeadlines == [.seconds(600)])
        clock.advance(by: .seconds(600))
        for await status in queue.statuses where status.done == 1 {
            break
        }
        let md5 = try ContentHash.md5(ofFileAt: path)
        #expect(try await store.head(CloudLayout(userID: BackupServiceTests.userID).photo(md5)) != nil)
    }

    @Test("An uploader set after the quiet period uploads at once") func anUploaderSetAfterTheQuietPeriodUploadsAtOnce() async throws {
        let workspace = try TestWorkspace()
        let store = LocalDirectoryObjectStore(root: workspace.folder.path("store"))
        let uploader = Mutex<BackupService?>(nil)
        let clock = ManualClock()
        let queue = BackupQueue(
            database: workspace.engine.database, identities: workspace.engine.identities, uploader: { uploader.withLock { $0 } },
            inactivity: .seconds(600), clock: clock)
        let running = Task { try await queue.run() }
        defer { running.cancel() }
        await clock.sleepers()
        try await queue.star(try await makePhotos(1, in: workspace.folder)[0])
        clock.advance(by: .seconds(700))
        await clock.sleepers()
        uploader.withLock { $0 = workspace.engine.backupService(store: store, userID: BackupServiceTests.userID) }
        await queue.uploaderChanged()
        for await status in queue.statuses where status.done == 1 {
            break
        }
        #expect(clock.now.offset == .seconds(700), "no more waiting once there is an uploader")
    }
}
