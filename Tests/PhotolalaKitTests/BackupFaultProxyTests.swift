import Foundation
import GRDB
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Uploads through a relay that drops, stalls and truncates S3 traffic mid-request, against a
/// real SeaweedFS: each upload is retried or resumed and ends byte-exact in the bucket, or fails
/// with a clear error and resumes on the next run; nothing half-written counts as backed up.
@Suite(.tags(.timed)) struct BackupFaultProxyTests {
    static let userID = "3c9e1a5b-7d2f-4a8e-b6c0-9f1e3d5a7b2c"

    /// A bucket on the shared server, reached directly and through a fresh relay.
    struct Setup {
        let direct: S3ObjectStore
        let relayed: S3ObjectStore
        let relay: TCPProxy
        let folder: TemporaryDirectory
        let engine: Engine

        var layout: CloudLayout { CloudLayout(userID: BackupFaultProxyTests.userID) }

        func service(_ store: any ObjectStore, multipart: Bool = false) -> BackupService {
            var options = BackupService.Options()
            if multipart {
                options.multipartThreshold = 5 << 20
                options.partSize = 5 << 20
            }
            return engine.backupService(store: store, userID: BackupFaultProxyTests.userID, options: options)
        }

        /// Each photo's original is in the bucket with exactly the file's bytes.
        func expectByteExact(_ paths: [String]) async throws {
            for path in paths {
                let md5 = try ContentHash.md5(ofFileAt: path)
                let stored = try #require(try await direct.get(layout.photo(md5)), "\(path) is not stored")
                #expect(ContentHash.md5(of: stored) == md5, "\(path) is stored with other bytes")
            }
        }
    }

    func setUp(timeout: Duration = .seconds(30)) async throws -> Setup? {
        guard let server = try await SeaweedFS.shared() else {
            print("skipped: \(await SeaweedFS.unavailableReason ?? "")")
            return nil
        }
        let direct = try await makeS3Store(on: server)
        let relay = try TCPProxy(upstreamPort: Int(server.endpoint.split(separator: ":").last ?? "") ?? 0)
        let relayed = S3ObjectStore(
            location: try S3Location(endpoint: relay.endpoint, bucket: direct.location.bucket, region: "us-east-1"),
            credentials: AWSCredentials(accessKeyID: server.accessKey, secretAccessKey: server.secretKey),
            retry: RetryPolicy(maximumAttempts: 3, baseDelay: .milliseconds(20), maximumDelay: .milliseconds(100)), timeout: timeout)
        let folder = try TemporaryDirectory()
        return Setup(direct: direct, relayed: relayed, relay: relay, folder: folder, engine: try makeEngine(in: folder))
    }

    @Test("A part dropped half-sent is sent again and the original is byte-exact") func aPartDroppedHalfSentIsSentAgainAndTheOriginalIsByteExact()
        async throws
    {
        guard let setup = try await setUp() else { return }
        defer { setup.relay.stop() }
        let large = try await makePhotos(1, in: setup.folder, padding: 12 << 20, prefix: "BIG_")
        setup.relay.inject(.drop(afterRequestBytes: 2 << 20))
        let report = try await setup.service(setup.relayed, multipart: true).backUp(large)
        #expect(setup.relay.faultsTriggered == 1)
        #expect(report.failed.isEmpty && report.uploaded.count == 1, "\(report.failed)")
        try await setup.expectByteExact(large)
    }

    @Test("A response cut short after the server stored the body is retried and nothing is doubled")
    func aResponseCutShortAfterTheServerStoredTheBodyIsRetriedAndNothingIsDoubled() async throws {
        guard let setup = try await setUp() else { return }
        defer { setup.relay.stop() }
        let photos = try await makePhotos(3, in: setup.folder, padding: 200 << 10)
        // The first request with a body of 100 KB or more (an original) is stored, but its
        // answer breaks off after 20 bytes.
        setup.relay.inject(.truncateResponse(afterRequestBytes: 100 << 10, responseBytes: 20))
        let report = try await setup.service(setup.relayed).backUp(photos)
        #expect(setup.relay.faultsTriggered == 1)
        #expect(report.failed.isEmpty && report.uploaded.count == 3, "\(report.failed)")
        try await setup.expectByteExact(photos)
        let listed = try await CloudCatalog(store: setup.direct, layout: setup.layout).load().entries
        #expect(listed.count == 3)
    }

    @Test("A stalled upload times out and is sent again") func aStalledUploadTimesOutAndIsSentAgain() async throws {
        guard let setup = try await setUp(timeout: .seconds(3)) else { return }
        defer { setup.relay.stop() }
        let photos = try await makePhotos(2, in: setup.folder, padding: 300 << 10)
        setup.relay.inject(.stall(afterRequestBytes: 150 << 10, duration: .seconds(6)))
        let report = try await setup.service(setup.relayed).backUp(photos)
        #expect(setup.relay.faultsTriggered == 1)
        #expect(report.failed.isEmpty && report.uploaded.count == 2, "\(report.failed)")
        try await setup.expectByteExact(photos)
    }

    @Test("A line cut mid-multipart fails clearly and the next run resumes from the verified parts")
    func aLineCutMidMultipartFailsClearlyAndTheNextRunResumesFromTheVerifiedParts() async throws {
        guard let setup = try await setUp() else { return }
        defer { setup.relay.stop() }
        let large = try await makePhotos(1, in: setup.folder, padding: 16 << 20, prefix: "BIG_")
        let md5 = try ContentHash.md5(ofFileAt: large[0])
        let queue = setup.engine.backupQueue(service: setup.service(setup.relayed, multipart: true), inactivity: .seconds(3600))
        try await queue.star(large[0])
        // Two parts get through (5 MiB each and headers), then the line is gone for good.
        setup.relay.inject(.cut(afterRequestBytes: 11 << 20))
        let failed = try await queue.runNow()
        #expect(failed.failed.map(\.md5) == [md5])
        let entry = try #require(try await queue.entry(md5: md5))
        #expect(entry.state == .failed)
        // A broken line is the endpoint's, whichever key was on it: the reason names the endpoint and what to do.
        #expect(
            entry.reason?.hasPrefix("The connection to \(setup.relay.endpoint) was reset before the S3 server answered: try again") == true,
            "\(entry.reason ?? "")")
        #expect(entry.storedBytes > 0 && entry.storedBytes < entry.size, "the verified parts count: \(entry.storedBytes)")
        #expect(try await setup.direct.head(setup.layout.photo(md5)) == nil, "no object from a half upload")
        #expect(try await queue.status().done == 0)

        let counting = FaultyStore(setup.direct)
        let resumed = setup.engine.backupQueue(service: setup.service(counting, multipart: true), inactivity: .seconds(3600))
        let report = try await resumed.runNow()
        #expect(report.failed.isEmpty && report.uploaded == [md5], "\(report.failed)")
        #expect(await counting.partsUploaded < 4, "the verified parts were not sent again")
        try await setup.expectByteExact(large)
        #expect(try await resumed.status().bytesUploaded == entry.size)
    }
}
