import Foundation
import PhotolalaTestSupport

/// `photolala serve` running as a user runs it, on a free port, and the URL it printed;
/// stopped when dropped.
final class RunningServer {
    let process = Process()
    /// The line it printed on starting.
    let line: String
    let url: String

    /// - Parameters:
    ///   - arguments: What follows `serve` (folders, options) besides `--port 0`.
    ///   - standardError: Where its log goes; nowhere by default.
    ///   - home: Its `HOME`, when not the tests' own.
    init(_ cli: CLI, _ arguments: [String], standardError: FileHandle = .nullDevice, home: String? = nil) async throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: CLI.binary)
        process.arguments = ["serve"] + arguments + ["--port", "0"]
        process.environment = ProcessInfo.processInfo.environment.merging([
            "PHOTOLALA_CACHE_DIR": cli.folder.path("cache"), "PHOTOLALA_DATA_DIR": cli.folder.path("data"), "PHOTOLALA_CONFIG": "",
            "XDG_CONFIG_HOME": cli.folder.path("config"),
        ]) { $1 }
        if let home { process.environment?["HOME"] = home }
        process.standardOutput = output
        process.standardError = standardError
        try process.run()
        line = try await firstLine(of: output)
        url = line.split(separator: " ").last.map(String.init) ?? ""
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
    }
}
