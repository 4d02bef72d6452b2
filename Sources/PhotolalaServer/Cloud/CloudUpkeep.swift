import PhotolalaKit
import ServiceLifecycle

/// The cloud's background work while `photolala serve` runs: a catalog sync at start, so the
/// Cloud source shows what other devices backed up, and polling of restores under way, with
/// a pause that doubles from the configured first delay up to its maximum (Deep Archive takes
/// hours), until none is left; a new restore request starts polling again.
struct CloudUpkeep: Service {
    let cloud: ServedCloud

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await cloud.syncs.run() }
                group.addTask { await pollRestores() }
            }
        }
    }

    private func pollRestores() async {
        var wakeups = cloud.restoreWakeups.makeAsyncIterator()
        var delay = cloud.restorePolling.initialDelay
        while !Task.isCancelled {
            if await cloud.pollRestores() {
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, cloud.restorePolling.maximumDelay)
            } else {
                guard await wakeups.next() != nil else { return }
                delay = cloud.restorePolling.initialDelay
            }
        }
    }
}
