import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Deep Archive restores against moto's S3 server, which implements RestoreObject, refuses GETs
/// of archived objects and reports `x-amz-restore`.
@Suite struct RestoreServiceTests {
    static let userID = "7c9e6679-7425-40de-944b-e07fc1f90ae7"

    @Test func anArchivedOriginalIsPricedRestoredAndDownloadedWithItsExtension() async throws {
        guard let server = try await MotoServer.shared() else { return print("skipped: \(MotoServer.unavailableReason ?? "")") }
        let folder = try TemporaryDirectory()
        let location = try S3Location(endpoint: server.endpoint, bucket: "moto" + UUID().uuidString.lowercased().prefix(8), region: "us-east-1")
        let store = S3ObjectStore(
            location: location, credentials: AWSCredentials(accessKeyID: "AKIDMOTO", secretAccessKey: "moto-secret"),
            retry: RetryPolicy(maximumAttempts: 3, baseDelay: .milliseconds(50)))
        try await store.createBucket()
        let engine = try makeEngine(in: folder)
        let paths = try await makePhotos(2, in: folder)
        let report = try await BackupService(store: store, userID: Self.userID, engine: engine).backUp(paths)
        #expect(report.failed.isEmpty, "\(report.failed)")
        let source = CloudPhotoSource(store: store, userID: Self.userID, engine: engine)
        #expect(await source.sync.sync().photoCount == 2)
        let md5 = try ContentHash.md5(ofFileAt: paths[0])

        let restores = RestoreService(store: store, userID: Self.userID, engine: engine)
        let archived = try await restores.refresh(md5)
        #expect(archived.state == .archived)
        let refused = await #expect(throws: CloudError.self) { try await source.loadFullImage(for: md5) }
        #expect(refused?.code == .archived)
        let direct = await #expect(throws: ObjectStoreError.self) { try await store.get(CloudLayout(userID: Self.userID).photo(md5)) }
        #expect(direct?.s3Code == "InvalidObjectState")

        let size = try FileStatus(path: paths[0]).size
        let estimate = try await restores.estimate([md5], tier: .bulk)
        #expect(estimate.bytes == size)
        #expect(abs(estimate.totalCost - (Double(size) / Double(1 << 30) * 0.0025 + 0.025 / 1000)) < 1e-12)
        #expect(try await restores.estimate([md5], tier: .standard).totalCost > estimate.totalCost)

        let requested = try await restores.request([md5], tier: .bulk, days: 3)
        #expect(requested.map(\.tier) == [.bulk])
        let restored = try await restores.waitUntilRestored(
            [md5], polling: RestoreService.Polling(initialDelay: .milliseconds(50), maximumDelay: .milliseconds(200), timeout: .seconds(10)))
        #expect(restored.first?.state == .restored)
        #expect((restored.first?.expiry ?? .distantPast) > Date())
        #expect(try restores.savedStatuses().map(\.state) == [.restored])
        #expect(try restores.savedStatuses().first?.days == 3)

        let output = folder.path("restored")
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let path = try await restores.download(md5, to: output)
        #expect(path == output + "/" + FilePath.name(of: paths[0]).replacingOccurrences(of: ".JPG", with: ".jpg"))
        #expect(try ContentHash.md5(ofFileAt: path) == md5)
        #expect(try await source.loadFullImage(for: md5).count == Int(size))

        let other = try ContentHash.md5(ofFileAt: paths[1])
        let stillArchived = await #expect(throws: CloudError.self) { try await restores.download(other, to: output) }
        #expect(stillArchived?.code == .archived)
    }

    @Test func expeditedIsNotATierForDeepArchive() throws {
        #expect(RestoreTier.allCases.map(\.rawValue) == ["Standard", "Bulk"])
        let error = #expect(throws: CloudError.self) { try RestoreTier(parsing: "Expedited") }
        #expect(error?.message.contains("no Expedited tier") == true)
        #expect(try RestoreTier(parsing: "bulk") == .bulk)
    }

    @Test func theRestoreHeaderGivesTheState() throws {
        let ongoing = try #require(ObjectRestoreState(header: #"ongoing-request="true""#))
        #expect(ongoing.ongoing && ongoing.expiry == nil)
        let done = try #require(ObjectRestoreState(header: #"ongoing-request="false", expiry-date="Fri, 21 Dec 2012 00:00:00 GMT""#))
        #expect(!done.ongoing)
        #expect(done.expiry == Date(timeIntervalSince1970: 1_356_048_000))
        func info(_ restore: ObjectRestoreState?, _ storageClass: StorageClass = .deepArchive) -> ObjectInfo {
            ObjectInfo(
                size: 1, etag: "e", lastModified: nil, storageClass: storageClass, metadata: [:], contentType: nil, tagCount: nil, restore: restore)
        }
        #expect(ArchiveStatus(info(nil)) == .archived)
        #expect(ArchiveStatus(info(ongoing)) == .restoring)
        #expect(ArchiveStatus(info(done)) == .archived, "past its expiry the copy is gone")
        #expect(ArchiveStatus(info(ObjectRestoreState(ongoing: false, expiry: Date().addingTimeInterval(86_400)))) == .restored)
        #expect(ArchiveStatus(info(nil, .standard)) == .available)
        #expect(RestoreService.fileExtension(format: "HEIF") == "heic")
        #expect(RestoreService.fileExtension(format: "JPEG") == "jpg")
        #expect(RestoreService.fileExtension(format: "PNG") == "png")
    }
}
