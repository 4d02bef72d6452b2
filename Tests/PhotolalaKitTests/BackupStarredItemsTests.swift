import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// The backup of photos whose MD5 the star queue already knows: a file edited since it was
/// starred fails with a clear reason and nothing is stored under its old MD5; a catalog that
/// lost photos already backed up is repaired from their metadata in the store.
@Suite struct BackupStarredItemsTests {
    @Test("A photo edited since it was starred fails and nothing is stored", arguments: StoreKind.allCases)
    func aPhotoEditedSinceItWasStarredFailsAndNothingIsStored(_ kind: StoreKind) async throws {
        let workspace = try TestWorkspace()
        guard let store = try await makeStore(kind, in: workspace.folder) else { return }
        let paths = try await makePhotos(3, in: workspace.folder)
        let items = try paths.map { BackupItem(path: $0, md5: try ContentHash.md5(ofFileAt: $0), size: try FileStatus(path: $0).size) }
        // The same size with other content (only the store's Content-MD5 check can tell), and
        // another size.
        var edited = Array(try Data(contentsOf: URL(fileURLWithPath: paths[0])))
        edited[edited.count - 1] ^= 0xFF
        try Data(edited).write(to: URL(fileURLWithPath: paths[0]))
        let handle = try #require(FileHandle(forWritingAtPath: paths[1]))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("more".utf8))
        try handle.close()

        let report = try await workspace.engine.backupService(store: store, userID: BackupServiceTests.userID).backUp(items)
        #expect(report.uploaded == [items[2].md5])
        #expect(report.failed.map(\.path) == [paths[0], paths[1]])
        for failure in report.failed {
            #expect(failure.reason.contains("changed since it was starred"), "\(failure.reason)")
            #expect(failure.reason.contains("star it again"))
        }
        let layout = CloudLayout(userID: BackupServiceTests.userID)
        for item in items.prefix(2) {
            #expect(try await store.head(layout.photo(item.md5)) == nil)
            #expect(try await store.head(layout.thumbnail(item.md5)) == nil)
            #expect(try await store.head(layout.metadata(item.md5)) == nil)
        }
        #expect(try await CloudCatalog(store: store, layout: layout).load().entries.map(\.md5) == [items[2].md5])
        // What the backup read of the edited file is not recorded as the starred content.
        #expect(try workspace.engine.identities.md5(forPath: paths[0], status: FileStatus(path: paths[0])) != items[0].md5)
    }

    @Test("The queue marks a photo edited since it was starred failed with the reason")
    func theQueueMarksAPhotoEditedSinceItWasStarredFailedWithTheReason() async throws {
        let workspace = try TestWorkspace()
        let store = LocalDirectoryObjectStore(root: workspace.folder.path("store"))
        let service = workspace.engine.backupService(store: store, userID: BackupServiceTests.userID)
        let queue = workspace.engine.backupQueue(service: service, inactivity: .seconds(3600))
        let paths = try await makePhotos(2, in: workspace.folder)
        let md5 = try await queue.star(paths[0])
        try await queue.star(paths[1])
        var edited = Array(try Data(contentsOf: URL(fileURLWithPath: paths[0])))
        edited[edited.count - 1] ^= 0xFF
        try Data(edited).write(to: URL(fileURLWithPath: paths[0]))

        let report = try await queue.runNow()
        #expect(report.uploaded.count == 1)
        let entry = try #require(try await queue.entry(md5: md5))
        #expect(entry.state == .failed)
        #expect(entry.reason?.contains("star it again") == true, "\(entry.reason ?? "")")
        #expect(try await store.listAll(prefix: CloudLayout(userID: BackupServiceTests.userID).photo(md5)).isEmpty)
    }

    @Test("A catalog missing backed up photos is repaired from their metadata") func aCatalogMissingBackedUpPhotosIsRepairedFromTheirMetadata()
        async throws
    {
        let workspace = try TestWorkspace()
        let store = LocalDirectoryObjectStore(root: workspace.folder.path("store"))
        let paths = try await makePhotos(2, in: workspace.folder)
        let service = workspace.engine.backupService(store: store, userID: BackupServiceTests.userID)
        _ = try await service.backUp(paths)
        let catalog = CloudCatalog(store: store, layout: service.layout)
        let written = try await catalog.load().entries
        try await store.delete(service.layout.manifest)

        let again = try await service.backUp(paths)
        #expect(again.uploaded.isEmpty)
        #expect(again.skipped.count == 2)
        #expect(try await catalog.load().entries == written)
    }
}
