import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A named pipe (FIFO) where a photo, a manifest or a shard was expected: what a hostile or
/// careless user can leave in a served folder. A reader that opens it for reading waits for a
/// writer, for ever if none comes; ``release()`` comes as that writer, so that a test of a
/// hang frees what it hung and leaves no pipe behind.
public struct NamedPipe: Sendable {
    public let path: String

    /// Makes the pipe at `path`, replacing whatever is there.
    public init(at path: String) throws {
        self.path = path
        unlink(path)
        guard mkfifo(path, 0o644) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path, "errno": errno])
        }
    }

    /// A pipe made before, to release.
    public init(existing path: String) {
        self.path = path
    }

    /// Frees every reader waiting to open or read the pipe, then removes it: a writer (this
    /// process, reading and writing so that its own open never waits) holds it open while the
    /// name goes, so that a reader already on its way in is let through too, then closes it, so
    /// that they all read its end. Safe to call more than once.
    public func release() {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return }
        let descriptor = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        unlink(path)
        usleep(200_000)
        if descriptor >= 0 { close(descriptor) }
    }
}

/// Runs `operation` with a watchdog: when it has not finished after `limit`, `onTimeout` is
/// called (to free what holds it, such as ``NamedPipe/release()``) and, once the operation has
/// then returned, the answer is `nil`. The operation is awaited in place, so no task is left
/// running after the test.
public func withinDeadline<T: Sendable>(
    _ limit: Duration, onTimeout: @escaping @Sendable () -> Void, _ operation: () async throws -> T
) async rethrows -> T? {
    let timedOut = Counter()
    let watchdog = Task {
        try await Task.sleep(for: limit)
        await timedOut.increment()
        onTimeout()
    }
    defer { watchdog.cancel() }
    let result = try await operation()
    watchdog.cancel()
    return await timedOut.value > 0 ? nil : result
}
