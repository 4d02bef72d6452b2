import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs blocking work (file reads, libvips decoding, directory walks) on a dispatch thread, so
/// it never occupies the cooperative threads that async code and the server run on.
package func offload<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async {
            continuation.resume(with: Result { try work() })
        }
    }
}

/// Runs blocking work nobody waits for (dating the 100,000 photos of a folder whose catalog
/// was written elsewhere, comparing it with the folder) at a lower scheduling priority
/// (``startInBackground(_:)``).
package func offloadInBackground<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        startInBackground {
            continuation.resume(with: Result { try work() })
        }
    }
}

/// ``offloadInBackground(_:)-(()throws->T)`` for work that cannot fail.
package func offloadInBackground<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        startInBackground {
            continuation.resume(returning: work())
        }
    }
}

/// Starts `body` on a thread of its own at a lower scheduling priority, so on a machine of two
/// cores background work yields them to what someone waits for: the server's answers,
/// thumbnails, and a browser on the same machine loading the page. Dispatch's background
/// quality of service lowers no priority on Linux; a thread's nice value is its own there, and
/// once raised it cannot be lowered again without privilege, hence a thread for the work.
package func startInBackground(_ body: @escaping @Sendable () -> Void) {
    let thread = Thread {
        #if canImport(Glibc)
            // Zero names the calling thread, not the process (setpriority(2), "Bugs").
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, backgroundNiceness)
        #endif
        body()
    }
    thread.start()
}

/// Whether this thread runs at the background priority, started by ``startInBackground(_:)``.
var isInBackground: Bool {
    #if canImport(Glibc)
        return getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0) >= backgroundNiceness
    #else
        return false
    #endif
}

/// The nice value of background work: a tenth of the CPU a default thread gets when they compete.
private let backgroundNiceness: Int32 = 10
