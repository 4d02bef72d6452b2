import PhotolalaKit
import ServiceLifecycle

/// Forwards every change of the backup queue (a service of its own) to the pages as a
/// `backup` event, in the queue's order, so each tab's status bar and badges follow the
/// uploads; syncs the cloud catalog after each run, so the Cloud source and the ☁️ badges show
/// the photos just uploaded (the cloud of that moment: its settings can change while the
/// server runs). Ends with the queue's statuses, or at graceful shutdown.
struct BackupEvents: Service {
    let backup: ServedBackup

    func run() async throws {
        var uploading = false
        await withDiscardingTaskGroup { syncs in
            for await status in backup.queue.statuses.cancelOnGracefulShutdown() {
                await backup.publish(status)
                if uploading && status.uploading == 0, let cloud = backup.current.setup.cloud {
                    // Not awaited here: the next statuses go on to the pages meanwhile.
                    syncs.addTask { await cloud.syncs.run() }
                }
                uploading = status.uploading > 0
            }
            syncs.cancelAll()
        }
    }
}
