import PhotolalaKit
import ServiceLifecycle

/// The cloud's background work while `photolala serve` runs: a catalog sync at start and then
/// every `syncInterval` (one HEAD when nothing changed), so the Cloud source shows what other
/// devices backed up; and the following of restores (``RestoreService/follow(polling:wakeups:changed:)``):
/// restores under way are checked with a pause that doubles from the configured first delay
/// up to an hour, a restored copy again when its expiry passes, and a new request at once.
///
/// It follows the current cloud: when the settings are saved from the web UI, the work for the
/// old cloud stops and the new cloud's starts, its first sync after an interval: a save alone
/// never contacts the endpoint it names (Test Connection does, and syncs when it connects;
/// so does opening the Cloud source).
struct CloudUpkeep: Service {
    let current: CurrentCloud
    let syncInterval: Duration
    /// What the interval is measured on.
    let clock: any Clock<Duration>

    func run() async throws {
        await cancelWhenGracefulShutdown {
            var work = current.setup.cloud.map { start($0, syncingFirst: true) }
            for await setup in current.updates {
                work?.cancel()
                work = setup.cloud.map { start($0, syncingFirst: false) }
            }
            work?.cancel()
        }
    }

    /// The syncs and the following of restores of `cloud`, until cancelled.
    /// - Parameter syncingFirst: Whether to sync at once, rather than after the first interval.
    private func start(_ cloud: ServedCloud, syncingFirst: Bool) -> Task<Void, Never> {
        Task {
            await withDiscardingTaskGroup { group in
                group.addTask { await syncEveryInterval(cloud, syncingFirst: syncingFirst) }
                group.addTask { await cloud.followRestores() }
            }
        }
    }

    private func syncEveryInterval(_ cloud: ServedCloud, syncingFirst: Bool) async {
        var syncing = syncingFirst
        while !Task.isCancelled {
            if syncing {
                await cloud.syncs.run()
            }
            syncing = true
            do {
                try await clock.sleep(for: syncInterval)
            } catch {
                return  // cancelled: the cloud changed, or the server stops
            }
        }
    }
}
