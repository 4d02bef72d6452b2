import Foundation
import PhotolalaKit
import PhotolalaTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `photolala cp` and `photolala mv`: a photo goes with its sidecars and companions, within a
/// filesystem and onto another (`/dev/shm`, a tmpfs, from the temporary folder); what cannot
/// be done says why and changes nothing; and a move killed at any moment leaves every photo
/// whole in at least one place, which the next move finishes.
@Suite("photolala cp and mv")
struct TransferCommandTests {
    /// A folder on another filesystem than the temporary folder's.
    static func otherFilesystem(than folder: String) throws -> TemporaryDirectory {
        let other = try TemporaryDirectory(in: "/dev/shm")
        var here = stat()
        var there = stat()
        guard stat(folder, &here) == 0, stat(other.path, &there) == 0, here.st_dev != there.st_dev else {
            Issue.record("/dev/shm is not another filesystem than \(folder) here: the moves across filesystems are not tested")
            return other
        }
        return other
    }

    private static func md5s(in folder: String) async throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }
        var sums: [String: String] = [:]
        for name in names {
            sums[name] = String(try await Shell.run("md5sum", [folder + "/" + name]).prefix(32))
        }
        return sums
    }

    @Test("A photo goes with its sidecars, RAW and Live movie, on one disk and onto another; onto its copy it ends; a name taken refuses it")
    func carriesCompanions() async throws {
        let cli = try CLI()
        let from = cli.folder.path("from")
        let here = cli.folder.path("here")
        for folder in [from, here] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let photo = try await Fixtures.file("orientation6.jpg").path
        for name in ["IMG_1.JPG", "IMG_1.CR2", "IMG_1.JPG.xmp", "IMG_2.HEIC", "IMG_2.MOV", "IMG_2.xmp", "IMG_3.jpg", "IMG_3.xmp", "IMG_3.png"] {
            try FileManager.default.copyItem(atPath: photo, toPath: from + "/" + name)
            try await Shell.run("bash", ["-c", "printf '%s' \"$1\" >> \"$2\"", "_", name, from + "/" + name])
        }
        try await Shell.run("touch", ["-d", "2019-06-01 12:00:00", from + "/IMG_1.JPG"])
        let before = try await Self.md5s(in: from)

        let moved = try await cli.run("mv", from + "/IMG_1.JPG", from + "/IMG_2.HEIC", here)
        #expect(moved.status == 0, "\(moved.standardError)")
        #expect(
            moved.standardOutput.split(separator: "\n").map { String($0.split(separator: " ").last ?? "") } == [
                here + "/IMG_1.JPG", here + "/IMG_1.JPG.xmp", here + "/IMG_1.CR2", here + "/IMG_2.HEIC", here + "/IMG_2.xmp", here + "/IMG_2.MOV",
            ])
        // IMG_3.xmp stays: IMG_3.png, of the same stem, stays too.
        let away = try Self.otherFilesystem(than: cli.folder.path)
        let copied = try await cli.run("cp", from + "/IMG_3.jpg", here + "/IMG_1.JPG", away.path)
        #expect(copied.status == 0, "\(copied.standardError)")
        #expect(try await Self.md5s(in: from) == before.filter { ["IMG_3.jpg", "IMG_3.xmp", "IMG_3.png"].contains($0.key) })
        let all = try await Self.md5s(in: here).merging(try await Self.md5s(in: away.path)) { first, _ in first }
        #expect(all.filter { $0.key != "IMG_3.xmp" && $0.key != "IMG_3.png" } == before.filter { $0.key != "IMG_3.xmp" && $0.key != "IMG_3.png" })
        let time = try FileManager.default.attributesOfItem(atPath: away.path("IMG_1.JPG"))[.modificationDate] as? Date
        #expect(time == (try FileManager.default.attributesOfItem(atPath: here + "/IMG_1.JPG")[.modificationDate] as? Date))
        #expect(try FileManager.default.contentsOfDirectory(atPath: away.path).filter { $0.hasPrefix(".") }.isEmpty)

        // A move onto a copy of the same bytes finishes the move, as after a crash.
        try await Shell.run("cp", [from + "/IMG_3.jpg", cli.folder.path("IMG_3.jpg")])
        let onCopy = try await cli.run("mv", cli.folder.path("IMG_3.jpg"), away.path)
        #expect(onCopy.status == 0 && access(cli.folder.path("IMG_3.jpg"), F_OK) != 0, "\(onCopy.standardError)")

        // Refused, each saying why; nothing moves.
        try await Shell.run("bash", ["-c", "printf x >> \"$1\"", "_", away.path("IMG_1.JPG")])
        let taken = try await cli.run("mv", here + "/IMG_1.JPG", away.path)
        #expect(taken.status == 1 && taken.standardError.contains("a file named 'IMG_1.JPG' is in"))
        let itself = try await cli.run("mv", here + "/IMG_1.JPG", here)
        #expect(itself.status == 1 && itself.standardError.contains("it is in '\(here)' already"))
        let nowhere = try await cli.run("cp", here + "/IMG_1.JPG", cli.folder.path("none"))
        #expect(nowhere.status == 1 && nowhere.standardError.contains("is not a folder"))
        try FileManager.default.createSymbolicLink(atPath: from + "/link.jpg", withDestinationPath: here + "/IMG_1.JPG")
        let link = try await cli.run("mv", from + "/link.jpg", away.path)
        #expect(link.status == 1)
        #expect(try await Self.md5s(in: here).count == 6)
    }

    @Test("mv onto another filesystem killed at 8 random moments: every photo whole in one place at least, and the next mv finishes", .tags(.timed))
    func randomKills() async throws {
        let cli = try CLI()
        let away = try Self.otherFilesystem(than: cli.folder.path)
        let script = Fixtures.repositoryRoot.appendingPathComponent("Scripts/make-photos.sh").path
        // The first move times a whole one: each kill waits a random part of it.
        let made = cli.folder.path("made")
        try await Shell.run(script, [made, "20", "1200", "900"])
        let timing = cli.folder.path("timing")
        try await Shell.run("cp", ["-a", made, timing])
        try FileManager.default.createDirectory(atPath: away.path("timed"), withIntermediateDirectories: true)
        let clock = ContinuousClock()
        let started = clock.now
        let whole = try await cli.run(
            ["mv"] + (try FileManager.default.contentsOfDirectory(atPath: timing).map { timing + "/" + $0 }) + [away.path("timed")])
        #expect(whole.status == 0, "\(whole.standardError)")
        let window = max(50, Int((clock.now - started).inSeconds * 1000))

        let seed = ProcessInfo.processInfo.environment["PHOTOLALA_CRASH_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0 ... .max)
        var random = SeededRandom(seed: seed)
        var killedWhileRunning = 0
        for run in 0..<8 {
            let replay = "PHOTOLALA_CRASH_SEED=\(seed), run \(run)"
            let from = cli.folder.path("from\(run)")
            let to = away.path("to\(run)")
            try await Shell.run("cp", ["-a", made, from])
            try FileManager.default.createDirectory(atPath: to, withIntermediateDirectories: true)
            let photos = try await Self.md5s(in: from)
            let delay = Duration.milliseconds(Int.random(in: 0..<window, using: &random))
            killedWhileRunning += try await cli.runKilled(["mv"] + photos.keys.sorted().map { from + "/" + $0 } + [to], after: delay) ? 1 : 0

            let left = try await Self.md5s(in: from)
            let arrived = try await Self.md5s(in: to)
            for (name, md5) in photos {
                #expect(left[name] == md5 || arrived[name] == md5, "\(name) is whole nowhere (\(replay))")
                #expect(left[name] == nil || left[name] == md5, "\(name) was changed where it was (\(replay))")
                #expect(arrived[name] == nil || arrived[name] == md5, "\(name) arrived damaged (\(replay))")
            }
            if !left.isEmpty {
                let again = try await cli.run(["mv"] + left.keys.sorted().map { from + "/" + $0 } + [to])
                #expect(again.status == 0, "\(again.standardError) (\(replay))")
            }
            #expect(try await Self.md5s(in: to) == photos, "\(replay)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: from).isEmpty, "\(replay)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: to).filter { $0.hasPrefix(".") }.isEmpty, "left behind (\(replay))")
        }
        print("TransferCommandTests: \(killedWhileRunning) of 8 moves killed while running, seed \(seed)")
    }
}
