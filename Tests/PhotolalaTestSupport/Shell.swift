import Foundation
import Synchronization

/// Runs external tools (libvips's and exiftool's command lines, the photolala binary) in tests.
public enum Shell {
    public struct Output: Sendable {
        public let status: Int32
        public let standardOutput: String
        public let standardError: String
        /// The signal that ended the program, when one did (its `status` is then that number).
        public var signal: Int32?
        /// Whether it was killed for outliving the timeout it was given.
        public var timedOut = false
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
    /// - Parameters:
    ///   - timeout: How long it may run before it is killed (`timedOut`); it then reads an empty
    ///     standard input too. `nil` for no limit.
    ///   - directory: The working directory it runs in; `nil` for the test's.
    public static func capture(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], timeout: Duration? = nil, directory: String? = nil
    ) async throws -> Output {
        try await blocking { try waitFor(program, arguments, environment: environment, timeout: timeout, directory: directory) }
    }

    private static func waitFor(
        _ program: String, _ arguments: [String], environment: [String: String], timeout: Duration?, directory: String?
    ) throws -> Output {
        let process = Process()
        if let directory {
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
        }
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // Both outputs go to files: a program that fills a pipe would block on it, and a pipe's
        // end comes only once every process holding it has closed it, a sibling started at the
        // same moment by another test (which inherited it) included, however long that one runs.
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        for file in [outputFile, errorFile] {
            FileManager.default.createFile(atPath: file.path, contents: nil)
        }
        defer {
            for file in [outputFile, errorFile] {
                try? FileManager.default.removeItem(at: file)
            }
        }
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        if timeout != nil {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        let killed = Killed()
        if let timeout {
            let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [process] in
                guard process.isRunning else { return }
                killed.set()
                kill(process.processIdentifier, SIGKILL)
            }
        }
        process.waitUntilExit()
        let outputData = try Data(contentsOf: outputFile)
        let errorBytes = try Data(contentsOf: errorFile)
        var output = Output(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorBytes, as: UTF8.self)
        )
        output.timedOut = killed.value
        if process.terminationReason == .uncaughtSignal {
            output.signal = process.terminationStatus
        }
        return output
    }

    /// Whether the timeout killed the program, set from the timer's thread.
    private final class Killed: Sendable {
        private let killed = Mutex(false)

        var value: Bool { killed.withLock { $0 } }

        func set() { killed.withLock { $0 = true } }
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
