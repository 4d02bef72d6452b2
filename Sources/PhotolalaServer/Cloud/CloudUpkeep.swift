import PhotolalaKit
import ServiceLifecycle

/// The cloud's background work while `photolala serve` runs: a catalog sync at start and then
/// every `syncInterval` (one HEAD when nothing changed), so the Cloud source shows what other
/// devices backed up; and polling of restores under way, with a pause that doubles from the
/// configured first delay up to its maximum (Deep Archive takes hours), until none is left; a
/// new restore request starts polling again.
struct CloudUpkeep: Service {
    let cloud: ServedCloud
    let syncInterval: Duration

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await syncNowAndThen() }
                group.addTask { await pollRestores() }
            }
        }
    }

    private func syncNowAndThen() async {
        while !Task.isCancelled {
            await cloud.syncs.run()
            try? await Task.sleep(for: syncInterval)
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
