import Foundation
import PhotolalaKit

extension API {
    /// A photo's place in the backup queue, as its badge shows it; `error` when the photo could
    /// not be starred or unstarred (the others of the request still were). A photo the synced
    /// cloud catalog lists but this device did not upload is `backedUp` with `inCloud`; a photo
    /// of the Cloud source being restored has `restore` (`restoring`, `restored` until `expiry`).
    struct Badge: Encodable {
        var state: BackupState?
        var reason: String?
        var error: String?
        var inCloud: Bool?
        var restore: ArchiveStatus?
        var expiry: Date?

        init(_ entry: BackupQueueEntry?) {
            state = entry?.state
            reason = entry?.reason
        }

        init(error: String) {
            self.error = error
        }

        /// The badge of a photo where it stands in the backup: its queue entry's, or ☁️ when
        /// only the cloud catalog lists it.
        init(_ standing: BackupLookup.Standing) {
            switch standing {
            case .queued(let entry):
                self.init(entry)
            case .inCloud:
                self.init(nil)
                state = .backedUp
                inCloud = true
            }
        }

        /// The badge of an original's restore.
        init(restore: RestoreStatus) {
            self.restore = restore.state
            expiry = restore.expiry
        }
    }

    /// Badges by item id.
    struct Badges: Encodable {
        let items: [String: Badge]
    }

    /// `POST /api/backup/star`: star or unstar photos of one folder.
    struct StarRequest: Decodable {
        let source: String
        let folder: String
        let ids: [String]
        let starred: Bool
    }

    /// The queue's ``BackupQueueStatus`` fields, whether uploading is possible, why the last
    /// run failed as a whole, and how the last run of this server ended.
    struct BackupStatus: Encodable {
        let status: BackupQueueStatus
        let configured: Bool
        let error: String?
        var lastRun: BackupRunOutcome?

        private enum CodingKeys: String, CodingKey {
            case configured, error, lastRun
        }

        func encode(to encoder: any Encoder) throws {
            try status.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(configured, forKey: .configured)
            try container.encode(error, forKey: .error)
            try container.encode(lastRun, forKey: .lastRun)
        }
    }

    /// `GET /api/backup/failures`: the photos whose upload failed, for the panel's list.
    struct BackupFailures: Encodable {
        let items: [BackupFailure]
    }

    /// One failed photo: its name, the folder it is in (served roots named by their last
    /// component only), and why.
    struct BackupFailure: Encodable {
        let md5: String
        let name: String
        let folder: String
        let reason: String
    }

    /// `POST /api/backup/retry`: queue these failed photos again and back up now.
    struct RetryRequest: Decodable {
        let md5s: [String]
    }

    /// The MD5s queued again.
    struct Retried: Encodable {
        let queued: [String]
    }

    /// The cloud settings for the settings panel: never the secret or the session token.
    struct Cloud: Encodable {
        var configured = false
        /// What to set when the cloud is not configured.
        var message: String?
        var endpoint: String?
        var bucket: String?
        /// The backup folder, when backups go to a disk or NAS instead of S3.
        var folder: String?
        var region: String?
        var userID: String?
        var quotaBytes: Int64?
        var usedBytes: Int64?
        /// Why ``usedBytes`` is missing.
        var usageError: String?
        var accessKeyID: String?
        /// The last `photolala backup verify` of this backup.
        var lastVerify: LastVerify?
        /// Why ``lastVerify`` is missing although it may exist.
        var lastVerifyError: String?
        /// The verification started from the panel, while it runs and after.
        var verification: Verification?
    }

    /// A verification started from the Cloud Backup panel (`POST /api/backup/verify`): how far
    /// it is, and how it ended. Also the payload of `verify` events.
    struct Verification: Encodable, Sendable {
        var running = false
        /// Photos checked so far, of how many.
        var done = 0
        var total = 0
        /// Problems left once it ended (photos missing or damaged in the bucket, orphans).
        var problems: Int?
        /// Why it stopped, when it did.
        var error: String?
    }

    /// The last verification: when, how many photos it checked, how many problems it left.
    struct LastVerify: Encodable {
        /// ISO 8601.
        var date: String
        var photosChecked: Int
        var problems: Int
    }
}
