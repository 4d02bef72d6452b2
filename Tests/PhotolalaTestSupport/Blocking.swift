public import Foundation

/// Runs `body`, which blocks (waits for a process, reads a pipe), on a thread of its own and
/// waits for it without holding a thread: the tests run in parallel on as many cooperative
/// threads as the machine has cores (two in CI), and a test blocking one of them stalls every
/// other test's async work for as long.
public func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// The first line a program prints on `pipe` (a server's address), waited for on a thread of
/// its own; what it printed before ending when it ends first.
public func firstLine(of pipe: Pipe) async throws -> String {
    let handle = pipe.fileHandleForReading
    return try await blocking {
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("\n") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            printed += chunk
        }
        return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
