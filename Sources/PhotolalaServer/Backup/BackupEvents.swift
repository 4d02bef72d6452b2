import PhotolalaKit
import ServiceLifecycle

/// Starts the backup queue (a queue left by an earlier run uploads after the quiet period),
/// then forwards every change of it to the pages as a `backup` event, so each tab's status bar
/// and badges follow the uploads; syncs the cloud catalog after each run, so the Cloud source
/// and the ☁️ badges show the photos just uploaded (the cloud of that moment: its settings can
/// change while the server runs); stops the queue's timer at shutdown.
struct BackupEvents: Service {
    let backup: ServedBackup

    func run() async throws {
        var uploading = false
        let updates = await backup.queue.statusUpdates()
        try await backup.queue.start()
        for await status in updates.cancelOnGracefulShutdown() {
            await backup.publish(status)
            if uploading && status.uploading == 0, let cloud = backup.current.setup.cloud {
                Task { await cloud.syncs.run() }
            }
            uploading = status.uploading > 0
        }
        await backup.queue.stop()
    }
}
