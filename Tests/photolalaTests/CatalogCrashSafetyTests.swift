import Foundation
import PhotolalaKit
import PhotolalaTestSupport
import Testing

/// `catalog build` killed with SIGKILL at random moments over a tree of 90 photos in three
/// folders: after each kill the catalog still verifies or at least loads, the next build
/// completes, lists every photo with its current MD5, and leaves no temporary file behind.
@Suite("catalog build killed at random moments", .tags(.timed))
struct CatalogCrashSafetyTests {
    static let folders = ["", "/2023", "/2024/summer"]
    /// Enough for a kill to land while photos are read and while shards are written: each
    /// kill waits a random part of a whole build, which a folder's size only stretches.
    static let photosPerFolder = 30

    @Test("10 kills: the catalog verifies or loads after each, and the next build loses no photo and leaves no temporary file")
    func randomKills() async throws {
        let cli = try CLI()
        let root = cli.folder.path("tree")
        for folder in Self.folders {
            try await Shell.run(
                Fixtures.repositoryRoot.appendingPathComponent("Scripts/make-photos.sh").path, [root + folder, "\(Self.photosPerFolder)", "32", "24"])
        }
        // The first build reads every photo, as each killed one will: its length bounds the delays.
        let clock = ContinuousClock()
        let started = clock.now
        let first = try await cli.run("catalog", "build", root, "--jobs", "1")
        #expect(first.status == 0, "\(first.standardError)")
        let window = max(50, Int((clock.now - started).inSeconds * 1000))

        let seed = ProcessInfo.processInfo.environment["PHOTOLALA_CRASH_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0 ... .max)
        var random = SeededRandom(seed: seed)
        var killedWhileRunning = 0
        for run in 0..<10 {
            let replay = "PHOTOLALA_CRASH_SEED=\(seed), run \(run)"
            // Every photo changes, so the killed build has to read them all and rewrite every shard.
            for folder in Self.folders {
                for name in try FileManager.default.contentsOfDirectory(atPath: root + folder) where name.hasSuffix(".jpg") {
                    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: root + folder + "/" + name))
                    try handle.seekToEnd()
                    try handle.write(contentsOf: Data([UInt8(run)]))
                    try handle.close()
                }
            }
            let delay = Duration.milliseconds(Int.random(in: 0..<window, using: &random))
            killedWhileRunning += try await cli.runKilled(["catalog", "build", root, "--jobs", "1"], after: delay) ? 1 : 0

            for folder in Self.folders {
                let verify = try await cli.run("catalog", "verify", root + folder)
                if verify.status != 0 {
                    let show = try await cli.run("catalog", "show", root + folder, "--json")
                    #expect(show.status == 0, "neither verifies nor loads: \(verify.standardOutput) \(show.standardError) (\(replay))")
                }
            }

            let build = try await cli.run("catalog", "build", root)
            #expect(build.status == 0, "\(build.standardError) (\(replay))")
            for folder in Self.folders {
                let catalog = root + folder + "/.photolala"
                #expect(try await cli.run("catalog", "verify", root + folder).status == 0, "\(replay)")
                let left = try FileManager.default.contentsOfDirectory(atPath: catalog).filter { $0 != "manifest.plist" && !$0.hasSuffix(".csv") }
                #expect(left.isEmpty, "left behind in \(catalog): \(left) (\(replay))")
                let report = try await cli.json("catalog", "show", root + folder, "--json")
                let listed = Set((report["entries"] as? [[String: Any]] ?? []).compactMap { $0["md5"] as? String })
                let onDisk = await Set(
                    try Shell.run("bash", ["-c", "cd \"$1\" && md5sum *.jpg", "_", root + folder]).split(separator: "\n").map {
                        String($0.prefix(32))
                    })
                #expect(onDisk.count == Self.photosPerFolder)
                #expect(listed == onDisk, "photos lost or stale in \(folder.isEmpty ? "/" : folder) (\(replay))")
            }
        }
        print("CatalogCrashSafetyTests: \(killedWhileRunning) of 10 builds killed while running, seed \(seed)")
    }
}
