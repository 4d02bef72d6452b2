import Foundation
import GRDB
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// The star queue: persisted, uploaded after a quiet period, progress streamed.
@Suite struct BackupQueueTests {
    @Test("Starred photos upload themselves after the quiet period") func starredPhotosUploadThemselvesAfterTheQuietPeriod() async throws {
        let workspace = try TestWorkspace()
        let store = LocalDirectoryObjectStore(root: workspace.folder.path("store"))
        let service = workspace.engine.backupService(store: store, userID: BackupServiceTests.userID)
        let clock = ManualClock()
        let queue = workspace.engine.backupQueue(service: service, inactivity: .seconds(600), clock: clock)
        let paths = try await makePhotos(2, in: workspace.folder)
        let running = Task { try await queue.run() }
        defer { running.cancel() }
        await clock.sleepers()
        try await queue.star(paths[0])
        clock.advance(by: .seconds(300))
        // Each star starts the quiet period again.
        try await queue.star(paths[1])
        clock.advance(by: .seconds(300))
        await clock.sleepers()
        #expect(clock.pendingDeadlines == [.seconds(300)], "the timer waits a quiet period after the last star")
        clock.advance(by: .seconds(299))
        let waiting = try await queue.status()
        #expect(waiting.queued == 2 && waiting.uploading == 0 && waiting.done == 0, "nothing uploads before the quiet period ends")
        clock.advance(by: .seconds(1))

        var last = BackupQueueStatus()
        var sawQueued = false
        var sawUploading = false
        for await status in queue.statuses {
            last = status
            sawQueued = sawQueued || (status.queued > 0 && status.uploading == 0 && status.done == 0)
            sawUploading = sawUploading || status.uploading == 2
            if status.done == 2 { break }
        }
        #expect(sawQueued && sawUploading)
        #expect(last.done == 2 && last.queued == 0 && last.failed == 0)
        let md5 = try ContentHash.md5(ofFileAt: paths[0])
        #expect(try await queue.entry(md5: md5)?.state.badge == "☁️")
        #expect(try await store.head(CloudLayout(userID: BackupServiceTests.userID).photo(md5)) != nil)
    }

    @Test("A run's progress arrives in order") func aRunsProgressArrivesInOrder() async throws {
        let workspace = try TestWorkspace()
        var options = BackupService.Options()
        options.multipartThreshold = 5 << 20
        options.partSize = 5 << 20
        let service = workspace.engine.backupService(
            store: LocalDirectoryObjectStore(root: workspace.folder.path("store")), userID: BackupServiceTests.userID, options: options)
        let queue = workspace.engine.backupQueue(service: service, inactivity: .seconds(3600))
        let paths = try await makePhotos(3, in: workspace.folder) + makePhotos(1, in: workspace.folder, padding: 16 << 20, prefix: "BIG_")
        _ = await queue.star(paths)
        let reading = Task {
            var seen: [BackupQueueStatus] = []
            for await status in queue.statuses {
                seen.append(status)
                if status.done == 4 { break }
            }
            return seen
        }
        let report = try await queue.runNow()
        #expect(report.uploaded.count == 4)
        let seen = await reading.value
        let run = seen.drop { $0.uploading == 0 }
        // However the uploads interleave, a later status never shows less done than an earlier one.
        for (earlier, later) in zip(run, run.dropFirst()) {
            #expect(later.runBytesUploaded >= earlier.runBytesUploaded && later.photosDone >= earlier.photosDone, "\(earlier) then \(later)")
        }
        #expect(run.last?.runBytesUploaded == run.last?.runBytesTotal)
    }

    @Test("The queue survives a restart and unstar removes") func theQueueSurvivesARestartAndUnstarRemoves() async throws {
        let folder = try TemporaryDirectory()
        let paths = try await makePhotos(3, in: folder)
        let databasePath = folder.path("data/photolala.sqlite")
        do {
            let queue = try otherProcessQueue(databaseAt: databasePath)
            for path in paths {
                try await queue.star(path)
            }
            try await queue.unstar(paths[1])
        }
        let reopened = try otherProcessQueue(databaseAt: databasePath)
        let entries = try await reopened.entries()
        #expect(entries.map(\.path) == [paths[0], paths[2]])
        #expect(entries.allSatisfy { $0.state == .starred && $0.state.badge == "⭐" })
    }

    @Test("A queue left by an earlier process uploads once started and so do stars from another process")
    func aQueueLeftByAnEarlierProcessUploadsOnceStartedAndSoDoStarsFromAnotherProcess() async throws {
        let folder = try TemporaryDirectory()
        let paths = try await makePhotos(3, in: folder)
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        do {
            // The first process stars two photos and crashes while uploading one of them.
            let engine = try makeEngine(in: folder)
            let queue = engine.backupQueue()
            try await queue.star(paths[0])
            try await queue.star(paths[1])
            try engine.database.write { db in
                try db.execute(sql: "UPDATE backupQueue SET state = 'uploading' WHERE path = ?", arguments: [paths[1]])
            }
        }
        // The next process (the server) runs its queue over the same database.
        let engine = try makeEngine(in: folder)
        let service = engine.backupService(store: store, userID: BackupServiceTests.userID)
        let clock = ManualClock()
        let queue = engine.backupQueue(service: service, inactivity: .seconds(600), clock: clock)
        let running = Task { try await queue.run() }
        defer { running.cancel() }
        await clock.sleepers()
        #expect(try await queue.entries().map(\.state) == [.starred, .starred], "the crash's ⬆️ is ⭐ again")
        #expect(clock.pendingDeadlines == [.seconds(600)], "nothing uploads before the quiet period after the start")
        clock.advance(by: .seconds(600))
        for await status in queue.statuses where status.done == 2 {
            break
        }

        // The command line stars a third photo in a process of its own: this queue is not told,
        // and finds it in the database within a quiet period, then waits a quiet period more.
        try await makeEngine(in: folder).backupQueue().star(paths[2])
        let starredElsewhere = clock.now
        while try await queue.status().done < 3 {
            await clock.sleepers()
            let status = try await queue.status()
            if status.uploading > 0 || status.done == 3 { continue }
            clock.advance(by: .seconds(600))
            #expect(clock.now.offset <= starredElsewhere.offset + .seconds(1200), "found and uploaded within two quiet periods")
        }
        for await status in queue.statuses where status.done == 3 {
            break
        }
        #expect(clock.now.offset - starredElsewhere.offset >= .seconds(600), "nothing uploads before a quiet period after the star")
        for path in paths {
            #expect(try await store.head(CloudLayout(userID: BackupServiceTests.userID).photo(try ContentHash.md5(ofFileAt: path))) != nil)
        }
        #expect(try await queue.entries().allSatisfy { $0.state == .backedUp })
    }

    @Test("The service stops on cancellation and ends its statuses") func theServiceStopsOnCancellationAndEndsItsStatuses() async throws {
        let folder = try TemporaryDirectory()
        let clock = ManualClock()
        let queue = try makeEngine(in: folder).backupQueue(inactivity: .seconds(600), clock: clock)
        let running = Task { try await queue.run() }
        await clock.sleepers()
        running.cancel()
        try await running.value
        var count = 0
        for await _ in queue.statuses {
            count += 1
        }
        #expect(count == 1, "the status at start, then the end")
    }

    @Test("An edited, deleted or moved photo is unstarred and an unknown one is not starred")
    func anEditedDeletedOrMovedPhotoIsUnstarredAndAnUnknownOneIsNotStarred() async throws {
        let folder = try TemporaryDirectory()
        let paths = try await makePhotos(4, in: folder)
        let queue = try otherProcessQueue(databaseAt: folder.path("data/photolala.sqlite"))
        let md5s = try await queue.star(paths).map { try $0.get() }
        // Edited since it was starred: its content has another MD5 now.
        let edited = try FileHandle(forWritingTo: URL(fileURLWithPath: paths[0]))
        try edited.seekToEnd()
        try edited.write(contentsOf: Data("edited".utf8))
        try edited.close()
        #expect(try await queue.unstar(paths[0]) == md5s[0])
        // Deleted since.
        try FileManager.default.removeItem(atPath: paths[1])
        #expect(try await queue.unstar(paths[1]) == md5s[1])
        // Moved since: found by its content.
        let moved = folder.path("photos/moved.jpg")
        try FileManager.default.moveItem(atPath: paths[2], toPath: moved)
        #expect(try await queue.unstar(moved) == md5s[2])
        // By the MD5 that `backup status` lists.
        #expect(try await queue.unstar(md5s[3].uppercased()) == md5s[3])
        #expect(try await queue.entries().isEmpty)

        let never = try await makePhotos(1, in: folder, prefix: "NEVER_")[0]
        let results = await queue.unstar([paths[0], never, folder.path("photos/nothing.jpg"), md5s[3]])
        #expect(results.count == 4)
        for result in results {
            let error = #expect(throws: BackupError.self) { try result.get() }
            #expect(error?.code == .notStarred)
        }
        let error = await #expect(throws: BackupError.self) { try await queue.unstar(md5: md5s[0]) }
        #expect(error?.code == .notStarred)
        #expect(error?.message.contains("not starred") == true)
    }

    @Test("A selection is starred at once and an unreadable photo does not stop the others")
    func aSelectionIsStarredAtOnceAndAnUnreadablePhotoDoesNotStopTheOthers() async throws {
        let folder = try TemporaryDirectory()
        let paths = try await makePhotos(5, in: folder)
        let queue = try otherProcessQueue(databaseAt: folder.path("data/photolala.sqlite"))
        let missing = folder.path("photos/gone.jpg")
        let results = await queue.star([paths[0], missing] + paths[1...])
        #expect(results.count == 6)
        #expect(try results[0].get() == ContentHash.md5(ofFileAt: paths[0]))
        #expect((try? results[1].get()) == nil)
        #expect(try await queue.entries().map(\.path).sorted() == paths.sorted())
        #expect(try await queue.status().queued == 5)

        let unstarred = await queue.unstar([paths[0], missing, paths[1]])
        #expect(unstarred.map { (try? $0.get()) != nil } == [true, false, true])
        #expect(try await queue.status().queued == 3)
    }

    @Test("The name a photo was starred under is the one backed up") func theNameAPhotoWasStarredUnderIsTheOneBackedUp() async throws {
        let workspace = try TestWorkspace()
        let store = LocalDirectoryObjectStore(root: workspace.folder.path("store"))
        let service = workspace.engine.backupService(store: store, userID: BackupServiceTests.userID)
        let queue = workspace.engine.backupQueue(service: service, inactivity: .seconds(3600))
        // As an Apple Photos original: a file named by uuid, shown under its original name.
        let md5 = try await queue.star(try await makePhotos(1, in: workspace.folder)[0], filename: "IMG_3092.HEIC")
        #expect(try await queue.entry(md5: md5)?.filename == "IMG_3092.HEIC")
        try await queue.runNow()
        let plist = try #require(try await store.get(CloudLayout(userID: BackupServiceTests.userID).metadata(md5)))
        #expect(try PropertyListDecoder().decode(PhotoMetadata.self, from: Data(plist)).originalFilename == "IMG_3092.HEIC")
        let cloud = workspace.engine.cloudSource(store: store, userID: BackupServiceTests.userID)
        _ = await cloud.sync.sync()
        #expect(try cloud.entry(md5: md5).filename == "IMG_3092.HEIC")
    }

    @Test("A failed run marks photos failed with the reason") func aFailedRunMarksPhotosFailedWithTheReason() async throws {
        let workspace = try TestWorkspace()
        var options = BackupService.Options()
        options.quotaBytes = 10
        let service = workspace.engine.backupService(
            store: LocalDirectoryObjectStore(root: workspace.folder.path("store")), userID: BackupServiceTests.userID, options: options)
        let queue = workspace.engine.backupQueue(service: service, inactivity: .seconds(3600))
        try await queue.star(try await makePhotos(1, in: workspace.folder)[0])
        await #expect(throws: BackupError.self) { try await queue.runNow() }
        let entry = try #require(try await queue.entries().first)
        #expect(entry.state == .failed)
        #expect(entry.state.badge == "❌")
        #expect(entry.reason?.contains("quota") == true)
        #expect(try await queue.status().failed == 1)
    }
}
