import Foundation
import PhotolalaKit
import PhotolalaS3

extension API {
    /// The cloud catalog's sync as the sidebar and the Cloud source's overlay show it; also the
    /// payload of `cloud-sync` events.
    struct CloudSync: Encodable {
        /// Whether a sync is under way, with its `progress`.
        var syncing: Bool
        var progress: CloudSyncProgress?
        /// The last sync's outcome: its date, photo count, offline flag and error.
        var state: CloudSyncState
    }

    /// `POST /api/cloud/restore` and `/api/cloud/restore/estimate`: photos of the Cloud source by
    /// id (their MD5), a tier and, to ask for the restore, the days the copy stays readable.
    struct RestoreRequest: Decodable {
        let ids: [String]
        let tier: String
        let days: Int?
    }

    /// What a restore would cost, shown before asking; dollars.
    struct RestoreEstimate: Encodable {
        let tier: RestoreTier
        let photos: Int
        let bytes: Int64
        let retrievalCost: Double
        let requestCost: Double
        let totalCost: Double
        /// "3 photos, 10.2 MB, Standard (about 12 hours): $0.0005 (…)".
        let summary: String

        init(_ estimate: RetrievalEstimate) {
            tier = estimate.tier
            photos = estimate.photos
            bytes = estimate.bytes
            retrievalCost = estimate.retrievalCost
            requestCost = estimate.requestCost
            totalCost = estimate.totalCost
            summary = estimate.summary
        }
    }

    /// The restores this device asked for, as last checked; also the payload of `restore` events.
    struct Restores: Encodable {
        let items: [RestoreStatus]
    }
}
