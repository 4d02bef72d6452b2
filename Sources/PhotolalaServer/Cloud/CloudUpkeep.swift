import PhotolalaKit
import ServiceLifecycle

/// The cloud's background work while `photolala serve` runs: a catalog sync at start and then
/// every `syncInterval` (one HEAD when nothing changed), so the Cloud source shows what other
/// devices backed up; and the following of restores (``RestoreService/follow(polling:wakeups:changed:)``):
/// restores under way are checked with a pause that doubles from the configured first delay
/// up to an hour, a restored copy again when its expiry passes, and a new request at once.
///
/// It follows the current cloud: when the settings are saved from the web UI, the work for the
/// old cloud stops and the new cloud's starts (with a sync, so its photos show at once).
struct CloudUpkeep: Service {
    let current: CurrentCloud
    let syncInterval: Duration
    /// What the interval is measured on.
    let clock: any Clock<Duration>

    func run() async throws {
        await cancelWhenGracefulShutdown {
            var work = current.setup.cloud.map(start)
            for await setup in current.updates {
                work?.cancel()
                work = setup.cloud.map(start)
            }
            work?.cancel()
        }
    }

    /// The syncs and the following of restores of `cloud`, until cancelled.
    private func start(_ cloud: ServedCloud) -> Task<Void, Never> {
        Task {
            await withDiscardingTaskGroup { group in
                group.addTask { await syncNowAndThen(cloud) }
                group.addTask { await cloud.followRestores() }
            }
        }
    }

    private func syncNowAndThen(_ cloud: ServedCloud) async {
        while !Task.isCancelled {
            await cloud.syncs.run()
            do {
                try await clock.sleep(for: syncInterval)
            } catch {
                return  // cancelled: the cloud changed, or the server stops
            }
        }
    }
}
