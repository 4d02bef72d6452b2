import Foundation
import GRDB
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// The star queue: persisted, uploaded after a quiet period, progress streamed.
@Suite struct BackupQueueTests {
    @Test func starredPhotosUploadThemselvesAfterTheQuietPeriod() async throws {
        let folder = try TemporaryDirectory()
        let engine = try makeEngine(in: folder)
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        let service = BackupService(store: store, userID: BackupServiceTests.userID, engine: engine)
        let queue = BackupQueueManager(database: engine.database, service: service, inactivity: .seconds(3))
        let paths = try await makePhotos(2, in: folder)
        let updates = await queue.statusUpdates()
        // The timer starts inside the first star, so no upload may begin before this instant
        // plus the quiet period, however slow the machine (a sleep never ends early).
        let beforeFirstStar = ContinuousClock.now
        for path in paths {
            try await queue.star(path)
        }
        // A photo starred while a run is going is uploaded by the next one; a minute is the limit.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            await queue.stop()
            Issue.record("the queue did not upload both photos within 60 s")
        }
        var last = BackupQueueStatus()
        var sawQueued = false
        var firstUpload: ContinuousClock.Instant?
        for await status in updates {
            last = status
            sawQueued = sawQueued || (status.queued > 0 && status.uploading == 0 && status.done == 0)
            if status.uploading > 0 && firstUpload == nil {
                firstUpload = .now
            }
            if status.done == 2 { break }
        }
        watchdog.cancel()
        #expect(sawQueued)
        let uploadStarted = try #require(firstUpload)
        #expect(uploadStarted - beforeFirstStar >= .seconds(3))
        #expect(last.done == 2 && last.queued == 0 && last.failed == 0)
        let md5 = try ContentHash.md5(ofFileAt: paths[0])
        #expect(try await queue.entry(md5: md5)?.state.badge == "☁️")
        #expect(try await store.head(CloudLayout(userID: BackupServiceTests.userID).photo(md5)) != nil)
    }

    @Test func theQueueSurvivesARestartAndUnstarRemoves() async throws {
        let folder = try TemporaryDirectory()
        let paths = try await makePhotos(3, in: folder)
        let databasePath = folder.path("data/photolala.sqlite")
        do {
            let queue = BackupQueueManager(database: try PhotolalaDatabase(path: databasePath), service: nil)
            for path in paths {
                try await queue.star(path)
            }
            try await queue.unstar(paths[1])
            await queue.stop()
        }
        let reopened = BackupQueueManager(database: try PhotolalaDatabase(path: databasePath), service: nil)
        let entries = try await reopened.entries()
        #expect(entries.map(\.path) == [paths[0], paths[2]])
        #expect(entries.allSatisfy { $0.state == .starred && $0.state.badge == "⭐" })
    }

    @Test func aQueueLeftByAnEarlierProcessUploadsOnceStartedAndSoDoStarsFromAnotherProcess() async throws {
        let folder = try TemporaryDirectory()
        let paths = try await makePhotos(3, in: folder)
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        do {
            // The first process stars two photos and crashes while uploading one of them.
            let engine = try makeEngine(in: folder)
            let queue = BackupQueueManager(database: engine.database, service: nil)
            try await queue.star(paths[0])
            try await queue.star(paths[1])
            try engine.database.write { db in
                try db.execute(sql: "UPDATE backupQueue SET state = 'uploading' WHERE path = ?", arguments: [paths[1]])
            }
        }
        // The next process (the server) starts its queue over the same database.
        let engine = try makeEngine(in: folder)
        let service = BackupService(store: store, userID: BackupServiceTests.userID, engine: engine)
        let queue = BackupQueueManager(database: engine.database, service: service, inactivity: .seconds(2))
        let updates = await queue.statusUpdates()
        let started = ContinuousClock.now
        try await queue.start()
        #expect(try await queue.entries().map(\.state) == [.starred, .starred], "the crash's ⬆️ is ⭐ again")
        let watchdog = Task {
            try await Task.sleep(for: .seconds(90))
            await queue.stop()
            Issue.record("the queue did not upload all three photos within 90 s")
        }
        var firstUpload: ContinuousClock.Instant?
        var starredElsewhere = false
        // The first status is from before the start, the crashed photo still ⬆️.
        var afterStart = false
        for await status in updates {
            afterStart = afterStart || status.uploading == 0
            if afterStart && status.uploading > 0 && firstUpload == nil {
                firstUpload = .now
            }
            if status.done == 2 && !starredElsewhere {
                // The command line stars a third photo in a process of its own: this queue is
                // not told, and finds it in the database.
                starredElsewhere = true
                let commandLine = BackupQueueManager(database: try makeEngine(in: folder).database, service: nil)
                try await commandLine.star(paths[2])
            }
            if status.done == 3 { break }
        }
        watchdog.cancel()
        await queue.stop()
        #expect(try #require(firstUpload) - started >= .seconds(2), "nothing uploads before the quiet period after the start")
        for path in paths {
            #expect(try await store.head(CloudLayout(userID: BackupServiceTests.userID).photo(try ContentHash.md5(ofFileAt: path))) != nil)
        }
        #expect(try await queue.entries().allSatisfy { $0.state == .backedUp })
    }

    @Test func anEditedDeletedOrMovedPhotoIsUnstarredAndAnUnknownOneIsNotStarred() async throws {
        let folder = try TemporaryDirectory()
        let paths = try await makePhotos(4, in: folder)
        let queue = BackupQueueManager(database: try PhotolalaDatabase(path: folder.path("data/photolala.sqlite")), service: nil)
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

    @Test func aSelectionIsStarredAtOnceAndAnUnreadablePhotoDoesNotStopTheOthers() async throws {
        let folder = try TemporaryDirectory()
        let paths = try await makePhotos(5, in: folder)
        let queue = BackupQueueManager(database: try PhotolalaDatabase(path: folder.path("data/photolala.sqlite")), service: nil)
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

    @Test func theNameAPhotoWasStarredUnderIsTheOneBackedUp() async throws {
        let folder = try TemporaryDirectory()
        let engine = try makeEngine(in: folder)
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        let service = BackupService(store: store, userID: BackupServiceTests.userID, engine: engine)
        let queue = BackupQueueManager(database: engine.database, service: service, inactivity: .seconds(3600))
        // As an Apple Photos original: a file named by uuid, shown under its original name.
        let md5 = try await queue.star(try await makePhotos(1, in: folder)[0], filename: "IMG_3092.HEIC")
        #expect(try await queue.entry(md5: md5)?.filename == "IMG_3092.HEIC")
        try await queue.runNow()
        let plist = try #require(try await store.get(CloudLayout(userID: BackupServiceTests.userID).metadata(md5)))
        #expect(try PropertyListDecoder().decode(PhotoMetadata.self, from: Data(plist)).originalFilename == "IMG_3092.HEIC")
        let cloud = CloudPhotoSource(store: store, userID: BackupServiceTests.userID, engine: engine)
        _ = await cloud.sync.sync()
        #expect(try cloud.entry(md5: md5).filename == "IMG_3092.HEIC")
    }

    @Test func aFailedRunMarksPhotosFailedWithTheReason() async throws {
        let folder = try TemporaryDirectory()
        let engine = try makeEngine(in: folder)
        var options = BackupService.Options()
        options.quotaBytes = 10
        let service = BackupService(
            store: LocalDirectoryObjectStore(root: folder.path("store")), userID: BackupServiceTests.userID, engine: engine, options: options)
        let queue = BackupQueueManager(database: engine.database, service: service, inactivity: .seconds(3600))
        try await queue.star(try await makePhotos(1, in: folder)[0])
        await #expect(throws: BackupError.self) { try await queue.runNow() }
        let entry = try #require(try await queue.entries().first)
        #expect(entry.state == .failed)
        #expect(entry.state.badge == "❌")
        #expect(entry.reason?.contains("quota") == true)
        #expect(try await queue.status().failed == 1)
    }
}
