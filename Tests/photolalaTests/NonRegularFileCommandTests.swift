import Foundation
import PhotolalaKit
import PhotolalaTestSupport
import Testing

/// Commands given a named pipe or a device where a photo or a catalog file was (issue 36): each
/// ends at once with an error that names the file, and the rest of the work goes on. Each runs
/// with a deadline, so a hang fails the test rather than holding it.
@Suite("Commands meeting pipes and devices")
struct NonRegularFileCommandTests {
    static let userID = "3f2a9c1e-7b4d-4e8f-a1c2-d3e4f5a6b7c8"
    static let limit = Duration.seconds(30)

    private func expectRefused(_ output: TimedProcess.Output, naming path: String, _ command: String) {
        #expect(output.ending == .exited(1), "\(command): \(output.ending); \(output.standardError)")
        #expect(output.standardError.contains("'\(path)' is "), "\(command): \(output.standardError)")
        #expect(output.standardError.contains("not a regular file"), "\(command): \(output.standardError)")
    }

    @Test("info, backup star and backup unstar of a pipe or /dev/zero end at once with a clear error")
    func infoStarUnstar() async throws {
        let cli = try CLI()
        try writeBackupSettings(cli)
        let pipe = try NamedPipe(at: cli.folder.path("IMG_0001.jpg"))
        defer { pipe.release() }
        expectRefused(try await cli.run(["info", pipe.path], limit: Self.limit), naming: pipe.path, "info")
        expectRefused(try await cli.run(["backup", "star", pipe.path], limit: Self.limit), naming: pipe.path, "backup star")
        expectRefused(try await cli.run(["backup", "star", "/dev/zero"], limit: Self.limit), naming: "/dev/zero", "backup star /dev/zero")
        expectRefused(try await cli.run(["backup", "unstar", "/dev/zero"], limit: Self.limit), naming: "/dev/zero", "backup unstar /dev/zero")
        expectRefused(try await cli.run(["backup", "unstar", pipe.path], limit: Self.limit), naming: pipe.path, "backup unstar")
    }

    @Test("catalog verify, show and build with a pipe as the manifest: they end, and build replaces it")
    func catalogWithPipe() async throws {
        let cli = try CLI()
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos + "/.photolala", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: photos + "/a.jpg")
        let pipe = try NamedPipe(at: photos + "/.photolala/manifest.plist")
        defer { pipe.release() }
        for command in ["verify", "show"] {
            let output = try await cli.run(["catalog", command, photos], limit: Self.limit)
            #expect(output.ending == .exited(1), "catalog \(command): \(output.ending); \(output.standardError)")
            let printed = output.standardOutput + output.standardError
            #expect(printed.contains("the manifest is not a regular file"), "catalog \(command): \(printed)")
        }
        let build = try await cli.run(["catalog", "build", photos], limit: Self.limit)
        #expect(build.ending == .exited(0), "catalog build: \(build.ending); \(build.standardError)")
        let verify = try await cli.run(["catalog", "verify", photos], limit: Self.limit)
        #expect(verify.ending == .exited(0), "catalog verify after build: \(verify.standardError)")
    }

    @Test("backup run with a starred photo replaced by a pipe: it fails with a clear error and the others are backed up")
    func runWithPipe() async throws {
        let cli = try CLI()
        let backupFolder = try writeBackupSettings(cli)
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for name in ["orientation6.jpg", "photo.png"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: photos + "/" + name)
        }
        let star = try await cli.run(["backup", "star", photos + "/orientation6.jpg", photos + "/photo.png"], limit: Self.limit)
        #expect(star.ending == .exited(0), "\(star.standardError)")
        try FileManager.default.removeItem(atPath: photos + "/photo.png")
        let pipe = try NamedPipe(at: photos + "/photo.png")
        defer { pipe.release() }
        let run = try await cli.run(["backup", "run"], limit: Self.limit)
        #expect(run.ending == .exited(1), "backup run: \(run.ending); \(run.standardError)")
        #expect(run.standardOutput.hasPrefix("1 uploaded, 0 already in the cloud, 1 failed"), "\(run.standardOutput)")
        #expect(run.standardError.contains("'\(pipe.path)' is a named pipe (FIFO), not a regular file"), "\(run.standardError)")
        let md5 = try ContentHash.md5(ofFileAt: photos + "/orientation6.jpg")
        #expect(FileManager.default.fileExists(atPath: backupFolder), "the other photo went to the backup folder")
        #expect(try await cli.json("backup", "status", "--json")["done"] as? Int == 1, "\(md5)")
    }

    /// Backups go to a folder of `cli`'s, set as the web UI saves it.
    @discardableResult
    private func writeBackupSettings(_ cli: CLI) throws -> String {
        let backupFolder = cli.folder.path("nas")
        try FileManager.default.createDirectory(atPath: cli.folder.path("data"), withIntermediateDirectories: true)
        try Data(#"{"folder": "\#(backupFolder)", "userID": "\#(Self.userID)"}"#.utf8).write(
            to: URL(fileURLWithPath: cli.folder.path("data/cloud.json")))
        return backupFolder
    }
}
