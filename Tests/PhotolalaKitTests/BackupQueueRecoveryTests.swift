import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// What the queue tells while a run is stuck or after it was killed, and whose failure is whose.
@Suite struct BackupQueueRecoveryTests {
    /// A door tests hold shut until they open it.
    actor Door {
        private var isOpen = false
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private var watchers: [CheckedContinuation<Void, Never>] = []

        func pass() async {
            guard !isOpen else { return }
            await withCheckedContinuation {
                waiting.append($0)
                for watcher in watchers { watcher.resume() }
                watchers = []
            }
        }

        /// Returns once someone waits at the door.
        func someoneWaits() async {
            guard waiting.isEmpty else { return }
            await withCheckedContinuation { watchers.append($0) }
        }

        func open() {
            isOpen = true
            for continuation in waiting { continuation.resume() }
            waiting = []
        }
    }

    @Test("Another process counts the bytes already stored while a run is stuck") func anotherProcessCountsTheBytesAlreadyStoredWhileARunIsStuck()
        async throws
    {
        let workspace = try TestWorkspace()
        let faulty = FaultyStore(LocalDirectoryObjectStore(root: workspace.folder.path("store")))
        let door = Door()
        // The large photo's third part waits, as a run killed there would never send it.
        await faulty.configure(beforePart: { number in if number == 3 { await door.pass() } })
        var options = BackupService.Options()
        options.multipartThreshold = 5 << 20
        options.partSize = 5 << 20
        let service = workspace.engine.backupService(store: faulty, userID: BackupServiceTests.userID, options: options)
        let queue = workspace.engine.backupQueue(service: service, inactivity: .seconds(3600))
        let small = try await makePhotos(2, in: workspace.folder)
        let large = try await makePhotos(1, in: workspace.folder, padding: 12 << 20, prefix: "BIG_")[0]
        for path in small + [large] {
            try await queue.star(path)
        }
        let run = Task { try await queue.runNow() }
        // Stuck: the small workspace.photos are done (the run's own statuses say so) and the large one's
        // third part waits at the door.
        for await status in queue.statuses where status.photosDone == 2 {
            break
        }
        await door.someoneWaits()

        // `backup status` in another process: the same database, no run of its own.
        let other = try otherProcessQueue(databaseAt: workspace.folder.path("data/photolala.sqlite"))
        let smallBytes = try small.reduce(Int64(0)) { $0 + (try FileStatus(path: $1).size) }
        let expected = smallBytes + 2 * (5 << 20)
        let status = try await other.status()
        #expect(status.uploading == 3, "\(status)")
        #expect(status.bytesUploaded == expected, "the two small originals and two parts are stored: \(status)")
        let largeEntry = try #require(try await other.entries().first { $0.path == large })
        #expect(largeEntry.storedBytes == 2 * (5 << 20))

        await door.open()
        let report = try await run.value
        #expect(report.failed.isEmpty && report.uploaded.count == 3)
        let done = try await other.status()
        #expect(done.done == 3 && done.bytesUploaded == done.bytesTotal, "\(done)")
    }

    @Test("A photo whose check fails fails alone with its own key") func aPhotoWhoseCheckFailsFailsAloneWithItsOwnKey() async throws {
        let workspace = try TestWorkspace()
        let faulty = FaultyStore(LocalDirectoryObjectStore(root: workspace.folder.path("store")))
        let paths = try await makePhotos(2, in: workspace.folder)
        let layout = CloudLayout(userID: BackupServiceTests.userID)
        let broken = try ContentHash.md5(ofFileAt: paths[0])
        let fine = try ContentHash.md5(ofFileAt: paths[1])
        await faulty.configure(failingHeads: [layout.photo(broken)])
        let service = workspace.engine.backupService(store: faulty, userID: BackupServiceTests.userID)
        let queue = workspace.engine.backupQueue(service: service, inactivity: .seconds(3600))
        for path in paths {
            try await queue.star(path)
        }

        let report = try await queue.runNow()
        #expect(report.uploaded == [fine])
        #expect(report.failed.map(\.md5) == [broken])
        let failed = try #require(try await queue.entry(md5: broken))
        #expect(failed.state == .failed)
        #expect(failed.reason?.contains(layout.photo(broken)) == true, "\(failed.reason ?? "")")
        let backedUp = try #require(try await queue.entry(md5: fine))
        #expect(backedUp.state == .backedUp && backedUp.reason == nil, "\(backedUp.reason ?? "")")
    }
}
