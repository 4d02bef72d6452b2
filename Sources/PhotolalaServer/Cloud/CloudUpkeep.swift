import PhotolalaKit
import ServiceLifecycle

/// The cloud's background work while `photolala serve` runs: a catalog sync at start and then
/// every `syncInterval` (one HEAD when nothing changed), so the Cloud source shows what other
/// devices backed up; and the following of restores (``RestoreService/follow(polling:wakeups:changed:)``):
/// restores under way are checked with a pause that doubles from the configured first delay
/// up to an hour, a restored copy again when its expiry passes, and a new request at once.
struct CloudUpkeep: Service {
    let cloud: ServedCloud
    let syncInterval: Duration

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withDiscardingTaskGroup { group in
                group.addTask { await syncNowAndThen() }
                group.addTask { await cloud.followRestores() }
            }
        }
    }

    private func syncNowAndThen() async {
        while !Task.isCancelled {
            await cloud.syncs.run()
            try? await Task.sleep(for: syncInterval)
        }
    }
}
