import Synchronization

/// Work a source goes on with after answering (reconciling, cataloguing), one job after
/// another, so callers can wait for it to settle.
final class BackgroundWork: Sendable {
    private let last = Mutex<Task<Void, Never>?>(nil)

    /// Starts `job` once the previous one has finished.
    func start(_ job: @escaping @Sendable () async -> Void) {
        last.withLock { last in
            let previous = last
            last = Task {
                await previous?.value
                await job()
            }
        }
    }

    /// Waits until every job started so far has finished.
    func settle() async {
        while let task = last.withLock({ $0 }) {
            await task.value
            let finished = last.withLock { current in
                guard current == task else { return false }
                current = nil
                return true
            }
            if finished { return }
        }
    }
}
