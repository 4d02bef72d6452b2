import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a file in the user's data folders, so that work on
/// one thing never overlaps, whether it runs in one process (`photolala serve`) or in several
/// (`photolala cloud sync` or `photolala album add` while the server runs on the same data
/// folder). The kernel drops the lock when its holder exits, so a crash never leaves it held.
struct FileLock: Sendable {
    /// The lock file; made when missing, never deleted (deleting it would let two holders in).
    let path: String

    /// Runs `body` while holding the lock; waits for another holder, polling, up to `timeout`.
    /// - Parameters:
    ///   - waiting: Called once if the lock is held elsewhere, before waiting.
    ///   - timedOut: The error thrown when `timeout` passes first.
    /// - Throws: `timedOut()`; ``PhotolalaError/writeFailed`` when the lock file cannot be made;
    ///   what `body` throws.
    func holding<T>(
        timeout: Duration, waiting: () -> Void = {}, timedOut: () -> any Error, _ body: () async throws -> T
    ) async throws -> T {
        try AtomicFile.createFolder(FilePath.parent(of: path))
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw PhotolalaError.writeFailed(path, errno: errno) }
        // Closing the descriptor releases the lock.
        defer { close(descriptor) }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var toldWaiting = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else { throw PhotolalaError.writeFailed(path, errno: code) }
            guard clock.now < deadline else { throw timedOut() }
            if !toldWaiting {
                toldWaiting = true
                waiting()
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try await body()
    }
}
