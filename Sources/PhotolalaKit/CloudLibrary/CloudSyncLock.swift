import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a file in the user's cloud data folder, so that syncs
/// of one catalog never overlap, whether they run in one process (`photolala serve`) or in
/// several (`photolala cloud sync` while the server runs on the same data folder): they share
/// the staging folder. The kernel drops the lock when its holder exits, so a crashed sync never
/// leaves it held.
struct CloudSyncLock: Sendable {
    /// The lock file; made when missing, never deleted (deleting it would let two holders in).
    let path: String

    /// Runs `body` while holding the lock; waits for another holder, polling, up to `timeout`.
    /// - Parameter waiting: Called once if the lock is held elsewhere, before waiting.
    /// - Throws: ``CloudError/syncInProgress`` when `timeout` passes first;
    ///   ``PhotolalaError/writeFailed`` when the lock file cannot be made; what `body` throws.
    func holding<T>(timeout: Duration, waiting: () -> Void, _ body: () async throws -> T) async throws -> T {
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
            guard clock.now < deadline else { throw CloudError.syncInProgress(path) }
            if !toldWaiting {
                toldWaiting = true
                waiting()
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        return try await body()
    }
}
