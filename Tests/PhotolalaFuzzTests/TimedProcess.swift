import Foundation
import PhotolalaKit

/// Runs the built `photolala` binary on one fuzzed input with a time limit, and says how it
/// ended: an exit status, a signal, or killed for running too long.
struct TimedProcess {
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)
        case timedOut

        var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "signal \(signal)"
            case .timedOut: "no answer within the time limit"
            }
        }

        /// A crash or a hang: what a fuzzer reports. Exit statuses, 1 included, are answers.
        var isFailure: Bool {
            if case .exited = self { return false }
            return true
        }
    }

    /// The `photolala` SwiftPM built beside the test bundle, as `photolalaTests/CLI` finds it.
    static let binary: String? = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("photolala").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }()

    /// Runs `binary` with `arguments`, output discarded, killed after `limit`.
    static func run(_ binary: String, _ arguments: [String], environment: [String: String], limit: Duration = .seconds(10)) throws -> Ending {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
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
    static func finishes(within limit: Duration = .seconds(10), _ work: @escaping @Sendable () -> Void) -> Bool {
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            work()
            finished.signal()
        }
        return finished.wait(timeout: .now() + limit.inSeconds) == .success
    }
}
