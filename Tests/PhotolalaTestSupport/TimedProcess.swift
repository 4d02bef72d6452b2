public import Foundation
import PhotolalaKit

/// Runs the built `photolala` binary on one fuzzed input with a time limit, and says how it
/// ended: an exit status, a signal, or killed for running too long. The fuzzers and the tests
/// of hangs (a named pipe where a file was) run the CLI through it.
public struct TimedProcess {
    public enum Ending: Equatable, CustomStringConvertible, Sendable {
        case exited(Int32)
        case signalled(Int32)
        case timedOut

        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "signal \(signal)"
            case .timedOut: "no answer within the time limit"
            }
        }

        /// A crash or a hang: what a fuzzer reports. Exit statuses, 1 included, are answers.
        public var isFailure: Bool {
            if case .exited = self { return false }
            return true
        }
    }

    /// The `photolala` SwiftPM built beside the test bundle, as `photolalaTests/CLI` finds it.
    public static let binary: String? = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("photolala").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    /// How a run ended and what it printed.
    public struct Output: Sendable {
        public let ending: Ending
        public let standardOutput: String
        public let standardError: String
    }

    /// Runs `binary` with `arguments`, output discarded, killed after `limit`.
    public static func run(_ binary: String, _ arguments: [String], environment: [String: String], limit: Duration = .seconds(10)) throws -> Ending {
        try launch(binary, arguments, environment: environment, limit: limit, output: FileHandle.nullDevice, error: FileHandle.nullDevice)
    }

    /// Runs `binary` with `arguments`, killed after `limit`, keeping what it printed in files so
    /// a full pipe never blocks it.
    public static func capture(
        _ binary: String, _ arguments: [String], environment: [String: String], limit: Duration = .seconds(10)
    ) throws -> Output {
        let folder = try TemporaryDirectory()
        let files = [folder.path("stdout"), folder.path("stderr")]
        for file in files {
            _ = FileManager.default.createFile(atPath: file, contents: nil)
        }
        let ending = try launch(
            binary, arguments, environment: environment, limit: limit,
            output: try FileHandle(forWritingTo: URL(fileURLWithPath: files[0])), error: try FileHandle(forWritingTo: URL(fileURLWithPath: files[1])))
        let printed = files.map { String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: $0))) ?? Data(), as: UTF8.self) }
        return Output(ending: ending, standardOutput: printed[0], standardError: printed[1])
    }

    private static func launch(
        _ binary: String, _ arguments: [String], environment: [String: String], limit: Duration, output: FileHandle, error: FileHandle
    ) throws -> Ending {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        guard finished.wait(timeout: .now() + limit.inSeconds) == .success else {
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
            return .timedOut
        }
        return process.terminationReason == .uncaughtSignal ? .signalled(process.terminationStatus) : .exited(process.terminationStatus)
    }

    /// Runs `work` on a thread of its own and waits for it at most `limit`: `false` when it is
    /// still running (a hang; the thread is abandoned, as an in-process call cannot be stopped).
    public static func finishes(within limit: Duration = .seconds(10), _ work: @escaping @Sendable () -> Void) -> Bool {
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            work()
            finished.signal()
        }
        return finished.wait(timeout: .now() + limit.inSeconds) == .success
    }
}
