import Foundation
import HTTPTypes
import Logging
import PhotolalaKit
import PhotolalaS3
import Synchronization

/// The backup as `photolala serve` offers it: the star queue (always, so photos can be starred
/// before a cloud is set up), the uploader of the current cloud (``CurrentCloud``) when a bucket
/// and credentials are set, and why the last run failed, for the status bar.
final class ServedBackup: Sendable {
    /// What the settings panel says when there is no uploader.
    static let setUpMessage =
        "No cloud backup configured. Fill in the cloud settings in the Cloud Backup panel, or set PHOTOLALA_S3_ENDPOINT, PHOTOLALA_S3_BUCKET, AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or PHOTOLALA_BACKUP_FOLDER for a disk or NAS) and restart photolala serve."

    let queue: BackupQueue
    let current: CurrentCloud
    private let identities: IdentityIndex
    /// Holds the last verification of the backup.
    private let database: PhotolalaDatabase
    private let events: EventHub
    private let lastError = Mutex<String?>(nil)
    /// The verification the Cloud Backup panel started, while it runs and after.
    private let verification = Mutex(API.Verification())
    /// The last whole percent of the verification the pages were told of.
    private let verificationPercent = Mutex(-1)
    private let logger: Logger

    /// - Parameters:
    ///   - current: The cloud of the moment, whose uploader the queue asks for at each run.
    ///   - queue: The star queue, built over the current cloud's uploader.
    ///   - identities: The MD5s this device knows of its files, for the badges.
    ///   - database: Holds the last verification of the backup.
    ///   - events: Where the `backup` events go.
    ///   - logger: Where runs that stop are logged.
    init(
        current: CurrentCloud, queue: BackupQueue, identities: IdentityIndex, database: PhotolalaDatabase, events: EventHub,
        logger: Logger = Logger(label: "photolala.backup")
    ) {
        self.current = current
        self.queue = queue
        self.identities = identities
        self.database = database
        self.events = events
        self.logger = logger
    }

    /// Where photos stand in the backup: the queue's entries, then the current cloud's synced
    /// catalog (none without a cloud).
    var lookup: BackupLookup {
        BackupLookup(queue: queue.store, cloudCatalog: current.setup.cloud?.photos.sync.copy, identities: identities)
    }

    /// The uploader of this moment; `nil` when no cloud is configured.
    var service: BackupService? { current.setup.service }

    /// Why there is no uploader, saying what to set.
    var problem: String? { current.setup.problem }

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
            logger.error("A backup run stopped.", metadata: ["error": .error(error)])
            await publish()
        }
    }

    /// Sends the current status as a `backup` event.
    func publish(_ status: BackupQueueStatus? = nil) async {
        do {
            await events.publish(.backup, try await self.status(status))
        } catch {
            logger.error("The backup status could not be read for the pages.", metadata: ["error": .error(error)])
        }
    }

    /// How the panel's verification stands.
    var verificationState: API.Verification { verification.withLock { $0 } }

    /// Starts `photolala backup verify` of the backup (every photo's original, thumbnail and
    /// metadata listed and checked against the catalog, none read), which goes on after the
    /// request is answered; its progress and its end are `verify` events, its report is kept as
    /// the CLI's is.
    /// - Throws: ``ServerError`` 409 when no cloud is configured or a verification is running.
    func startVerification() throws -> API.Verification {
        guard let service else { throw ServerError(.conflict, problem ?? Self.setUpMessage) }
        let started = try verification.withLock { state in
            guard !state.running else { throw ServerError(.conflict, "The backup is being verified already: wait for it to finish.") }
            state = API.Verification(running: true)
            return state
        }
        let verifier = BackupVerifier(service: service, database: database, lookup: lookup)
        Task { await verify(with: verifier) }
        return started
    }

    /// Runs the verification, telling the pages as it goes (at most every 1 % of the photos,
    /// in order) and when it ends.
    private func verify(with verifier: BackupVerifier) async {
        verificationPercent.withLock { $0 = -1 }
        let (progress, told) = AsyncStream.makeStream(of: API.Verification.self, bufferingPolicy: .bufferingNewest(1))
        let telling = Task { [events] in
            for await state in progress { await events.publish(.verify, state) }
        }
        let ending: API.Verification
        do {
            let report = try await verifier.verify { [self] done, total in
                if let state = verificationProgressed(done: done, of: total) { told.yield(state) }
            }
            try verifier.record(report)
            ending = verification.withLock { state in
                state = API.Verification(running: false, done: report.photosChecked, total: report.photosChecked, problems: report.unresolved)
                return state
            }
        } catch {
            logger.error("A verification of the backup stopped.", metadata: ["error": .error(error)])
            ending = verification.withLock { state in
                state.running = false
                state.error = "The verification stopped: \(error)"
                return state
            }
        }
        told.finish()
        await telling.value
        await events.publish(.verify, ending)
    }

    /// Keeps how far the verification is; the state to tell the pages when it passed another percent.
    private func verificationProgressed(done: Int, of total: Int) -> API.Verification? {
        let percent = total > 0 ? done * 100 / total : 100
        let passed = verificationPercent.withLock { last in
            defer { last = max(last, percent) }
            return percent > last
        }
        let state = verification.withLock { state in
            state.done = done
            state.total = total
            return state
        }
        return passed ? state : nil
    }

    /// The settings panel's facts; the storage used is asked of the bucket, within the cloud's
    /// answer deadline.
    func cloudSummary() async -> API.Cloud {
        let setup = current.setup
        let cloud = setup.configuration
        var summary = API.Cloud(configured: setup.service != nil, message: setup.problem)
        if let cloud, let folder = cloud.folder {
            summary.folder = folder
            summary.userID = cloud.userID
            summary.quotaBytes = cloud.quotaBytes
        } else if let cloud {
            summary.endpoint = cloud.endpoint.map(S3Location.userInfoRemoved) ?? "AWS S3"
            summary.bucket = cloud.bucket
            summary.region = cloud.region
            summary.userID = cloud.userID
            summary.quotaBytes = cloud.quotaBytes
            summary.accessKeyID = cloud.credentials?.accessKeyID
        }
        if let service = setup.service {
            // Asked while the page waits: one try a request, within the deadline, so a store that
            // never answers costs the page seconds, not minutes.
            if let cloud {
                do {
                    summary.usedBytes = try await BackupService.usage(of: try current.probeStore(cloud), layout: service.layout)
                } catch {
                    summary.usageError = "The storage used could not be read: \(error)"
                }
            }
            do {
                summary.lastVerify = try BackupVerifier(service: service, database: database, lookup: lookup).lastVerification().map {
                    API.LastVerify(date: $0.date.formatted(.iso8601), photosChecked: $0.photosChecked, problems: $0.problems)
                }
            } catch {
                summary.lastVerifyError = "The last verification could not be read: \(error)"
            }
        }
        summary.verification = verificationState
        return summary
    }
}
