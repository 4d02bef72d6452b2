import PhotolalaKit
import ServiceLifecycle

/// Forwards every change of the backup queue to the pages as a `backup` event, so each tab's
/// status bar and badges follow the uploads; stops the queue's timer at shutdown.
struct BackupEvents: Service {
    let backup: ServedBackup

    func run() async throws {
        for await status in await backup.queue.statusUpdates().cancelOnGracefulShutdown() {
            await backup.publish(status)
        }
        await backup.queue.stop()
    }
}
