import Foundation
import PhotolalaKit
import Synchronization

/// The backup as `photolala serve` offers it: the star queue (always, so photos can be starred
/// before a cloud is set up), the uploader when a bucket and credentials are set, and why the
/// last run failed, for the status bar.
final class ServedBackup: Sendable {
    /// What the settings panel says when there is no uploader.
    static let setUpMessage =
        "No cloud backup configured. Set PHOTOLALA_S3_ENDPOINT, PHOTOLALA_S3_BUCKET, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or PHOTOLALA_BACKUP_FOLDER for a disk or NAS), then restart photolala serve."

    let queue: BackupQueueManager
    let cloud: CloudConfiguration?
    let service: BackupService?
    /// Why there is no uploader, saying what to set.
    let problem: String?
    private let events: EventHub
    private let lastError = Mutex<String?>(nil)

    init(configuration: ServerConfiguration, engine: Engine, events: EventHub) {
        self.events = events
        cloud = configuration.cloud
        var service: BackupService?
        var problem: String? = Self.setUpMessage
        if let cloud = configuration.cloud {
            let context = CloudContext(engine: engine, configuration: cloud)
            if context.isConfigured {
                do {
                    service = try context.service()
                    problem = nil
                } catch {
                    problem = "The cloud settings are not usable: \(error)"
                }
            }
        }
        self.service = service
        self.problem = problem
        queue = BackupQueueManager(database: engine.database, service: service, inactivity: configuration.backupInactivity)
    }

    /// The status the UI shows, from the queue's own or a fresh one.
    func status(_ status: BackupQueueStatus? = nil) async throws -> API.BackupStatus {
        let current: BackupQueueStatus
        if let status {
            current = status
        } else {
            current = try await queue.status()
        }
        return API.BackupStatus(status: current, configured: service != nil, error: lastError.withLock { $0 }, lastRun: await queue.lastRun)
    }

    /// Uploads the queue now; a failure of the run as a whole (credentials, quota, network) is
    /// kept for the status and announced to the pages, as nobody waits for this call.
    func run() async {
        lastError.withLock { $0 = nil }
        do {
            try await queue.runNow()
        } catch {
            lastError.withLock { $0 = "The backup failed: \(error)" }
            await publish()
        }
    }

    /// Sends the current status as a `backup` event.
    func publish(_ status: BackupQueueStatus? = nil) async {
        guard let payload = try? await self.status(status) else { return }
        await events.publish("backup", payload)
    }

    /// The settings panel's facts; the storage used is asked of the bucket.
    func cloudSummary() async -> API.Cloud {
        var summary = API.Cloud(configured: service != nil, message: problem)
        if let cloud, let folder = cloud.folder {
            summary.folder = folder
            summary.userID = cloud.userID
            summary.quotaBytes = cloud.quotaBytes
        } else if let cloud {
            summary.endpoint = cloud.endpoint ?? "AWS S3"
            summary.bucket = cloud.bucket
            summary.region = cloud.region
            summary.userID = cloud.userID
            summary.quotaBytes = cloud.quotaBytes
            summary.accessKeyID = cloud.credentials?.accessKeyID
        }
        if let service {
            do {
                summary.usedBytes = try await service.usage()
            } catch {
                summary.usageError = "The storage used could not be read: \(error)"
            }
            do {
                summary.lastVerify = try BackupVerifier(service: service).lastVerification().map {
                    API.LastVerify(date: $0.date.formatted(.iso8601), photosChecked: $0.photosChecked, problems: $0.problems)
                }
            } catch {
                summary.lastVerifyError = "The last verification could not be read: \(error)"
            }
        }
        return summary
    }
}
