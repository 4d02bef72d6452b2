import Dispatch

#if canImport(Glibc)
    import Glibc
#endif

/// Tells when a folder's entries change, through inotify on Linux, so an open folder updates
/// as soon as a photo is added, removed or rewritten.
public enum FolderWatcher {
    /// A stream that yields once whenever the folder's entries changed since the last yield; it
    /// holds at most one pending signal, so a burst of changes costs one rescan. `nil` where
    /// the system cannot watch (other platforms, or the inotify limit reached): poll instead.
    public static func changes(in path: String) -> AsyncStream<Void>? {
        #if os(Linux)
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
            let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
            guard inotify_add_watch(descriptor, path, mask) >= 0 else {
                close(descriptor)
                return nil
            }
            let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let stop = CancellationFlag()
            continuation.onTermination = { _ in stop.set() }
            DispatchQueue.global(qos: .utility).async {
                var buffer = [UInt8](repeating: 0, count: 16_384)
                var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                while !stop.isSet {
                    let ready = poll(&request, 1, 250)
                    if ready > 0 {
                        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                        if count > 0 {
                            continuation.yield()
                        }
                    } else if ready < 0 && errno != EINTR {
                        break
                    }
                }
                close(descriptor)
                continuation.finish()
            }
            return stream
        #else
            return nil
        #endif
    }
}
