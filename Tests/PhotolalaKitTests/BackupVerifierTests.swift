import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// `backup verify`: what it finds wrong in the bucket, and what `--repair` mends from the
/// device's own files.
@Suite struct BackupVerifierTests {
    static let userID = "9a7c3e1f-2b4d-4f6a-8c0e-1d3f5a7b9c2e"

    @Test("A deleted original, an overwritten thumbnail and an orphan are found and the first two repaired", arguments: StoreKind.allCases)
    func aDeletedOriginalAnOverwrittenThumbnailAndAnOrphanAreFoundAndTheFirstTwoRepaired(_ kind: StoreKind) async throws {
        let workspace = try TestWorkspace()
        guard let store = try await makeStore(kind, in: workspace.folder) else { return }
        let service = workspace.engine.backupService(store: store, userID: Self.userID)
        let queue = workspace.engine.backupQueue(service: service, inactivity: .seconds(3600))
        let paths = try await makePhotos(3, in: workspace.folder)
        for path in paths {
            try await queue.star(path)
        }
        #expect(try await queue.runNow().failed.isEmpty)
        let verifier = workspace.engine.verifier(service: service)
        let clean = try await verifier.verify(readData: 100)
        #expect(clean.unresolved == 0 && clean.photosChecked == 3 && clean.photosRead == 3, "\(clean)")

        let layout = service.layout
        let md5s = try paths.map { try ContentHash.md5(ofFileAt: $0) }
        try await store.delete(layout.photo(md5s[0]))
        _ = try await store.put(layout.thumbnail(md5s[1]), body: Array("not a thumbnail at all".utf8), options: PutOptions(contentType: "image/jpeg"))
        let orphan = layout.photo(ContentHash.md5(of: Array("nobody's photo".utf8)))
        _ = try await store.put(orphan, body: Array("orphan".utf8), options: PutOptions())

        let found = try await verifier.verify(readData: 100)
        #expect(found.problems.map(\.key).sorted() == [layout.photo(md5s[0]), layout.thumbnail(md5s[1])].sorted(), "\(found.problems)")
        #expect(found.orphans == [orphan])
        #expect(found.unresolved == 3)
        // Without reading data, the missing original and the orphan show; the thumbnail's bytes are not read.
        let quick = try await verifier.verify()
        #expect(quick.problems.map(\.key) == [layout.photo(md5s[0])] && quick.photosRead == 0)

        let repaired = try await verifier.verify(readData: 100, repair: true)
        #expect(repaired.problems.allSatisfy(\.repaired) && repaired.problems.count == 2, "\(repaired.problems)")
        #expect(repaired.unresolved == 1, "the orphan is reported, not deleted")
        #expect(try await store.head(layout.photo(md5s[0]))?.etag == md5s[0])

        try await store.delete(orphan)
        let after = try await verifier.verify(readData: 100)
        #expect(after.unresolved == 0, "\(after)")
        try verifier.record(after)
        #expect(try verifier.lastVerification()?.photosChecked == 3)
    }

    @Test("A multipart original without its MD5 is not checkable rather than a problem", arguments: StoreKind.allCases)
    func aMultipartOriginalWithoutItsMD5IsNotCheckableRatherThanAProblem(_ kind: StoreKind) async throws {
        let workspace = try TestWorkspace()
        guard let store = try await makeStore(kind, in: workspace.folder) else { return }
        let service = workspace.engine.backupService(store: store, userID: Self.userID)
        let path = try await makePhotos(1, in: workspace.folder)[0]
        #expect(try await service.backUp([path]).failed.isEmpty)
        // As an older version uploaded large originals: in parts, with no MD5 kept.
        let key = service.layout.photo(try ContentHash.md5(ofFileAt: path))
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let upload = try await store.createMultipartUpload(key, options: PutOptions(storageClass: .deepArchive, tags: ["Format": "JPEG"]))
        let etag = try await store.uploadPart(key, uploadID: upload, partNumber: 1, body: bytes)
        _ = try await store.completeMultipartUpload(key, uploadID: upload, parts: [UploadedPart(partNumber: 1, etag: etag)])

        let report = try await workspace.engine.verifier(service: service).verify()
        #expect(report.notCheckable == [key])
        #expect(report.problems.isEmpty && report.unresolved == 0, "\(report.problems)")
    }

    @Test("A photo whose file is gone is reported unrepaired") func aPhotoWhoseFileIsGoneIsReportedUnrepaired() async throws {
        let workspace = try TestWorkspace()
        let store = LocalDirectoryObjectStore(root: workspace.folder.path("store"))
        let service = workspace.engine.backupService(store: store, userID: Self.userID)
        let paths = try await makePhotos(1, in: workspace.folder)
        let queue = workspace.engine.backupQueue(service: service, inactivity: .seconds(3600))
        try await queue.star(paths[0])
        _ = try await queue.runNow()
        let md5 = try ContentHash.md5(ofFileAt: paths[0])
        try FileManager.default.removeItem(atPath: paths[0])
        try await store.delete(service.layout.metadata(md5))

        let report = try await workspace.engine.verifier(service: service).verify(repair: true)
        #expect(report.problems.count == 1 && !report.problems[0].repaired)
        #expect(report.unresolved == 1)
    }
}
