import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// The backup reads each original once, for its upload, its Content-MD5 and its metadata; what
/// that read teaches (identity, displayed size, date, a Live Photo's content identifier) is
/// recorded as a thumbnail's read is, so the folder is not read again for its listing or its
/// catalog, and a Live Photo renamed apart is one item at once.
@Suite("What the backup's read of a photo teaches is recorded")
struct BackupRecordedFactsTests {
    static let userID = "5e0c7a1b-2d3f-4e5a-8b6c-7d8e9f0a1b2c"
    /// The content identifier `make-pairs.sh` gives the Live Photo renamed apart.
    static let renamed = "5D1F7C2A-9B3E-4A6D-8C0F-2E4B6A8D0C1E"

    @Test(
        "After a backup of a folder, its catalog build reads no file and its listing pairs the Live Photo renamed apart",
        arguments: StoreKind.allCases)
    func backupTeachesTheFolder(_ kind: StoreKind) async throws {
        let folder = try TemporaryDirectory()
        guard let store = try await makeStore(kind, in: folder) else { return }
        let photos = folder.path("photos")
        try FileManager.default.copyItem(atPath: try await Fixtures.pairs().path, toPath: photos)
        let engine = try makeEngine(in: folder)
        let paths = try FileManager.default.contentsOfDirectory(atPath: photos).sorted().map { photos + "/" + $0 }
        let report = try await engine.backupService(store: store, userID: Self.userID).backUp(paths)
        #expect(report.failed.isEmpty && report.uploaded.count == paths.count, "\(report.failed)")

        let recorded = try engine.fileReader.recordedFacts(forPaths: paths)
        for path in paths {
            #expect(try recorded[path]?.complete(for: FileStatus(path: path)) == true, "\(path): \(String(describing: recorded[path]))")
        }
        #expect(recorded[photos + "/IMG_0061.HEIC"]?.liveIdentifier == Self.renamed)
        #expect(recorded[photos + "/IMG_0061 (1).MOV"]?.liveIdentifier == Self.renamed)
        #expect(recorded[photos + "/IMG_0061.HEIC"]?.identity.width == 480)

        let hashed = try await engine.catalogBuilder(jobs: 1).build(folder: try engine.localSource(root: photos)).reduce(0) { count, event in
            if case .photoDone(hashed: true, _) = event { return count + 1 }
            return count
        }
        #expect(hashed == 0, "every file's facts were recorded by the backup")
        var listed: [String: ListedPhoto] = [:]
        for try await batch in try engine.folderListing(photos).listFolder() {
            for photo in batch {
                listed[photo.item.displayName] = photo
            }
        }
        #expect(listed["IMG_0061.HEIC"]?.companions.map(\.item.displayName) == ["IMG_0061 (1).MOV"])
        #expect(listed["IMG_0061 (1).MOV"] == nil)
    }
}
