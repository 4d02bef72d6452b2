import PhotolalaKit
import ServiceLifecycle

/// Forwards every change of the backup queue to the pages as a `backup` event, so each tab's
/// status bar and badges follow the uploads; syncs the cloud catalog after each run, so the
/// Cloud source and the ☁️ badges show the photos just uploaded; stops the queue's timer at
/// shutdown.
struct BackupEvents: Service {
    let backup: ServedBackup
    let cloud: ServedCloud?

    func run() async throws {
        var uploading = false
        for await status in await backup.queue.statusUpdates().cancelOnGracefulShutdown() {
            await backup.publish(status)
            if uploading && status.uploading == 0, let cloud {
                Task { await cloud.syncs.run() }
            }
            uploading = status.uploading > 0
        }
        await backup.queue.stop()
    }
}
