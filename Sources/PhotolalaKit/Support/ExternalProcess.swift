import Foundation
import Synchronization

/// Runs a tool Photolala relies on (`ffmpeg`) as a child process, with a time limit and bounded
/// output, so a hostile or huge file can neither hang a thumbnail nor fill memory.
struct ExternalProcess: Sendable {
    /// What the process printed and how it ended.
    struct Outcome: Sendable {
        let status: Int32
        let output: [UInt8]
        /// The end of what it wrote to standard error, for error messages.
        let errorText: String
        let timedOut: Bool
    }

    let executable: String

    /// The first executable file named `name` on `PATH` (or in the usual system folders).
    static func locate(_ name: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        let folders = (path ?? "").split(separator: ":").map(String.init) + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        return folders.lazy.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs the executable with `arguments` and waits for it, killing it after `timeout`;
    /// standard output beyond `outputLimit` bytes is dropped and the process killed.
    /// - Throws: ``PhotolalaError/videoToolUnavailable(_:)`` when it cannot be started.
    func run(_ arguments: [String], timeout: Duration, outputLimit: Int) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw PhotolalaError.videoToolUnavailable("\(executable): \(error.localizedDescription)")
        }
        // Standard error is drained by blocking reads on a thread of its own, not through a
        // `readabilityHandler`: tearing down the dispatch read source that one installs races
        // the descriptor's close on Linux, and crashed the process in libdispatch's event loop
        // when several videos' thumbnails ran ffmpeg at once (swift-corelibs-libdispatch#949).
        let errorTail = Mutex<[UInt8]>([])
        let errorsDrained = DispatchSemaphore(value: 0)
        let errorReader = errors.fileHandleForReading
        Thread {
            while true {
                let chunk = errorReader.availableData
                if chunk.isEmpty { break }
                errorTail.withLock { tail in
                    tail += chunk
                    if tail.count > 4096 { tail.removeFirst(tail.count - 4096) }
                }
            }
            errorsDrained.signal()
        }.start()
        let timedOut = Atomic<Bool>(false)
        let processID = process.processIdentifier
        let deadline = DispatchWorkItem {
            timedOut.store(true, ordering: .relaxed)
            kill(processID, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout.inSeconds, execute: deadline)
        var bytes: [UInt8] = []
        let reader = output.fileHandleForReading
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            bytes += chunk
            if bytes.count > outputLimit {
                kill(processID, SIGKILL)
                bytes.removeAll()
                break
            }
        }
        process.waitUntilExit()
        deadline.cancel()
        // A process that left a child holding standard error open ends its output there.
        _ = errorsDrained.wait(timeout: .now() + 1)
        let text = errorTail.withLock { String(decoding: $0, as: UTF8.self) }
        return Outcome(status: process.terminationStatus, output: bytes, errorText: text, timedOut: timedOut.load(ordering: .relaxed))
    }
}
