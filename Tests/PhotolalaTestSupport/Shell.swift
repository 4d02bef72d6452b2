import Foundation

/// Runs external tools (libvips's and exiftool's command lines, the photolala binary) in tests.
public enum Shell {
    public struct Output: Sendable {
        public let status: Int32
        public let standardOutput: String
        public let standardError: String
    }

    public struct Failure: Error, CustomStringConvertible {
        public let command: String
        public let output: Output

        public var description: String {
            "\(command) exited with \(output.status): \(output.standardError)"
        }
    }

    /// Runs a program and returns what it printed, whatever its exit status. It is waited for
    /// off the cooperative threads (``blocking(_:)``).
    public static func capture(_ program: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> Output {
        try await blocking { try waitFor(program, arguments, environment: environment) }
    }

    private static func waitFor(_ program: String, _ arguments: [String], environment: [String: String]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // Standard error goes to a file, so a program that fills it cannot block on the pipe.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorBytes = (try? Data(contentsOf: errorFile)) ?? Data()
        return Output(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorBytes, as: UTF8.self)
        )
    }

    /// Runs a program and returns its standard output.
    /// - Throws: ``Failure`` when it exits with a non-zero status.
    @discardableResult
    public static func run(_ program: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> String {
        let output = try await capture(program, arguments, environment: environment)
        guard output.status == 0 else {
            throw Failure(command: ([program] + arguments).joined(separator: " "), output: output)
        }
        return output.standardOutput
    }
}
