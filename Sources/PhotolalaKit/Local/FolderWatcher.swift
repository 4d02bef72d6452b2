import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Tells when folders' entries change, through one inotify instance on Linux, so an open folder
/// updates as soon as a photo is added, removed or rewritten.
///
/// One thread of its own waits on the instance for every watched folder: waiting in `poll`
/// on a thread of the shared pools (one per folder, as before) would take them away from the
/// work they are sized for. The thread ends when the watcher goes away.
public final class FolderWatcher: Sendable {
    private let core: Core

    /// - Returns: `nil` where the system cannot watch (other platforms, or no inotify instance
    ///   left): poll instead.
    public init?() {
        #if os(Linux)
            let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
            core = Core(descriptor: descriptor)
            let thread = Thread { [core] in core.run() }
            thread.name = "photolala.folder-watcher"
            thread.start()
        #else
            return nil
        #endif
    }

    deinit {
        core.stop.set()
    }

    /// A stream that yields once whenever the folder's entries changed since the last yield; it
    /// holds at most one pending signal, so a burst of changes costs one rescan. It ends when the
    /// folder is deleted or moved away. `nil` when the folder cannot be watched (the inotify
    /// watch limit reached): poll instead.
    public func changes(in path: String) -> AsyncStream<Void>? {
        core.subscribe(path)
    }
}

/// The inotify instance, its watches and their subscribers; shared with the watching thread.
private final class Core: Sendable {
    private struct Watches {
        /// Subscribers by watch descriptor (one per folder: watching a folder twice gives the same one).
        var subscribers: [Int32: [UUID: AsyncStream<Void>.Continuation]] = [:]
    }

    let stop = CancellationFlag()
    private let descriptor: Int32
    private let watches = Mutex(Watches())

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func subscribe(_ path: String) -> AsyncStream<Void>? {
        #if os(Linux)
            let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
            let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
            let key = UUID()
            let added = watches.withLock { watches -> Int32? in
                let watch = inotify_add_watch(descriptor, path, mask)
                guard watch >= 0 else { return nil }
                watches.subscribers[watch, default: [:]][key] = continuation
                return watch
            }
            guard let watch = added else { return nil }
            continuation.onTermination = { [self] _ in unsubscribe(key, from: watch) }
            return stream
        #else
            return nil
        #endif
    }

    private func unsubscribe(_ key: UUID, from watch: Int32) {
        #if os(Linux)
            watches.withLock { watches in
                guard watches.subscribers[watch]?.removeValue(forKey: key) != nil, watches.subscribers[watch]?.isEmpty == true else { return }
                watches.subscribers[watch] = nil
                inotify_rm_watch(descriptor, watch)
            }
        #endif
    }

    /// The watching thread: waits for events (looking at `stop` four times a second), then
    /// signals each changed folder's subscribers.
    func run() {
        #if os(Linux)
            var buffer = [UInt8](repeating: 0, count: 16_384)
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while !stop.isSet {
                let ready = poll(&request, 1, 250)
                if ready < 0 && errno != EINTR { break }
                guard ready > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { continue }
                deliver(buffer.withUnsafeBytes { Self.events(in: UnsafeRawBufferPointer(rebasing: $0[..<count])) })
            }
            watches.withLock { watches in
                for continuation in watches.subscribers.values.flatMap(\.values) {
                    continuation.finish()
                }
                watches.subscribers = [:]
            }
            close(descriptor)
        #endif
    }

    #if os(Linux)
        /// Signals the folders that changed; a folder gone (its watch removed) ends its streams.
        private func deliver(_ events: [(watch: Int32, ended: Bool)]) {
            let (changed, ended) = watches.withLock { watches in
                var changed: [AsyncStream<Void>.Continuation] = []
                var ended: [AsyncStream<Void>.Continuation] = []
                for event in events {
                    guard let subscribers = watches.subscribers[event.watch] else { continue }
                    if event.ended {
                        ended += subscribers.values
                        watches.subscribers[event.watch] = nil
                    } else {
                        changed += subscribers.values
                    }
                }
                return (changed, ended)
            }
            changed.forEach { $0.yield() }
            ended.forEach { $0.finish() }
        }

        /// The watches that events are about, and whether each watch was removed (`IN_IGNORED`).
        private static func events(in bytes: UnsafeRawBufferPointer) -> [(watch: Int32, ended: Bool)] {
            var events: [(watch: Int32, ended: Bool)] = []
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= bytes.count {
                let event = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                events.append((event.wd, event.mask & UInt32(IN_IGNORED) != 0))
                offset += header + Int(event.len)
            }
            return events
        }
    #endif
}
