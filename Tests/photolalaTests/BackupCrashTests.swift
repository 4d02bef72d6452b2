import Foundation
import PhotolalaKit
import PhotolalaS3
import PhotolalaTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `photolala backup run` killed with SIGKILL at random moments, then run to the end: every
/// starred photo ends in the bucket byte-exact, the catalog verifies, and `backup status`
/// counts what is stored in between.
@Suite("photolala backup run, killed", .tags(.timed))
struct BackupCrashTests {
    @Test("kill -9 mid-run a few times, then finish: nothing lost, status counts what is stored")
    func killedRuns() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        let store = try await BackupCommandTests.bucket(on: server)
        let cli = try CLI()
        // The runs go through a relay at 1 MB/s (30 MB take 30 s), so a kill lands mid-run however
        // fast the machine, and however slowly a loaded one polls the bucket (at 3 MB/s, a
        // machine running the whole suite on two cores once polled too late for every kill).
        let relay = try TCPProxy(upstreamPort: Int(server.endpoint.split(separator: ":").last ?? "") ?? 0)
        defer { relay.stop() }
        relay.throttle(requestBytesPerSecond: 1_000_000)
        var environment = BackupCommandTests.environment(server, bucket: store.location.bucket)
        environment["PHOTOLALA_S3_ENDPOINT"] = relay.endpoint
        let layout = CloudLayout(userID: BackupCommandTests.userID)
        let seed = try Data(contentsOf: try await Fixtures.file("orientation6.jpg"))
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        // Twenty photos of 1.5 MB (a JPEG with a random tail, which decoders ignore).
        var paths: [String] = []
        for index in 0..<20 {
            let path = photos + "/IMG_\(index).jpg"
            try (seed + Data((0..<(1_500_000)).map { _ in UInt8.random(in: 0...255) })).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let sizes = Dictionary(uniqueKeysWithValues: try paths.map { (try ContentHash.md5(ofFileAt: $0), Int64(try BackupCommandTests.size($0))) })
        #expect(try await cli.run(["backup", "star"] + paths, environment: environment).status == 0)

        var seed64 = UInt64.random(in: 0...UInt64.max)
        print("BackupCrashTests seed \(seed64)")
        for round in 0..<3 {
            seed64 = seed64 &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Killed once 2–4, 7–9, then 12–14 originals are in the bucket, and 0–50 ms later.
            let target = 2 + 5 * round + Int((seed64 >> 33) % 3)
            let delay = Int((seed64 >> 40) % 50)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CLI.binary)
            process.arguments = ["backup", "run", "--jobs", "1"]
            process.environment = ProcessInfo.processInfo.environment.merging(
                ["PHOTOLALA_CACHE_DIR": cli.folder.path("cache"), "PHOTOLALA_DATA_DIR": cli.folder.path("data")].merging(environment) { $1 }
            ) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            for _ in 0..<3000 where process.isRunning {
                if try await store.listAll(prefix: layout.photosPrefix).count >= target { break }
                try await Task.sleep(for: .milliseconds(10))
            }
            try await Task.sleep(for: .milliseconds(delay))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()

            // Mid-way, the status counts what is stored: never more than the bucket holds, and
            // no less than it minus the photos that were in flight (stored, not yet recorded).
            let status = try await cli.run("backup", "status", "--json", environment: environment)
            let counts = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Int64])
            var inBucket: Int64 = 0
            for (md5, size) in sizes where try await store.head(layout.photo(md5)) != nil {
                inBucket += size
            }
            let uploaded = try #require(counts["bytesUploaded"])
            let inFlight = sizes.values.max() ?? 0
            #expect(uploaded <= inBucket && uploaded >= inBucket - inFlight, "round \(round): status \(uploaded), bucket \(inBucket)")
            #expect(inBucket < sizes.values.reduce(0, +), "round \(round) was killed before the end")
            #expect(counts["bytesTotal"] == sizes.values.reduce(0, +))
        }

        let finish = try await cli.run("backup", "run", environment: environment)
        #expect(finish.status == 0, "\(finish.standardError)")
        for (md5, _) in sizes {
            let stored = try #require(try await store.get(layout.photo(md5)), "\(md5) is not in the bucket")
            #expect(ContentHash.md5(of: stored) == md5)
        }
        let status = try await cli.run("backup", "status", "--json", environment: environment)
        let counts = try #require(try JSONSerialization.jsonObject(with: Data(status.standardOutput.utf8)) as? [String: Int64])
        #expect(counts["done"] == 20 && counts["bytesUploaded"] == counts["bytesTotal"], "\(counts)")
        let verify = try await cli.run("backup", "verify", "--read-data", environment: environment)
        #expect(verify.status == 0, "\(verify.standardOutput)")
    }
}
