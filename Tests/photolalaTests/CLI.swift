import Foundation
import PhotolalaTestSupport
import Testing

/// Runs the built `photolala` binary with its own cache, data and settings folders: the settings
/// file of whoever runs the tests is never read.
struct CLI {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// The binary SwiftPM built beside the test bundle.
    static let binary: String = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("photolala").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return "photolala"
    }()

    func run(_ arguments: String..., environment: [String: String] = [:]) async throws -> Shell.Output {
        try await run(arguments, environment: environment)
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Shell.Output {
        try await Shell.capture(Self.binary, arguments, environment: defaults.merging(environment) { $1 })
    }

    /// Runs the binary killed after `limit`, for what could hang: the ending says whether it did.
    func run(_ arguments: [String], environment: [String: String] = [:], limit: Duration) async throws -> TimedProcess.Output {
        let environment = defaults.merging(environment) { $1 }
        return try await blocking { try TimedProcess.capture(Self.binary, arguments, environment: environment, limit: limit) }
    }

    private var defaults: [String: String] {
        [
            "PHOTOLALA_CACHE_DIR": folder.path("cache"), "PHOTOLALA_DATA_DIR": folder.path("data"), "PHOTOLALA_CONFIG": "",
            "XDG_CONFIG_HOME": folder.path("config"),
        ]
    }

    /// Starts the binary and kills it (SIGKILL) after `delay`, as a crash would stop it;
    /// whether it was still running then.
    func runKilled(_ arguments: [String], after delay: Duration) async throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = defaults
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try await Task.sleep(for: delay)
        let running = process.isRunning
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return running
    }

    func json(_ arguments: String...) async throws -> [String: Any] {
        try await json(arguments)
    }

    func json(_ arguments: [String]) async throws -> [String: Any] {
        let output = try await run(arguments)
        #expect(output.status == 0, "\(output.standardError)")
        return try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any] ?? [:]
    }
}
