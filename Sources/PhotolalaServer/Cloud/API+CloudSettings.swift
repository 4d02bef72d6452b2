import PhotolalaKit
import PhotolalaS3

extension API {
    /// `GET /api/cloud/settings`, and the answer to a `PUT`: the settings in effect, whether a
    /// secret is saved (never the secret), and for each field set by the environment or
    /// `~/.aws` instead, what sets it (`"bucket": "PHOTOLALA_S3_BUCKET"`).
    struct CloudSettings: Encodable {
        var endpoint: String?
        var bucket: String?
        var region: String
        var userID: String
        /// The backup folder, which wins over the bucket when set.
        var folder: String?
        var accessKeyID: String?
        var hasSecret: Bool
        var overrides: [String: String]
        /// Whether these settings make a working backup, and if not, why.
        var configured: Bool
        var message: String?

        init(_ settings: EditableCloudSettings, setup: CurrentCloud.Setup) {
            endpoint = settings.endpoint.map(S3Location.userInfoRemoved)
            bucket = settings.bucket
            region = settings.region
            userID = settings.userID
            folder = settings.folder
            accessKeyID = settings.accessKeyID
            hasSecret = settings.hasSecret
            overrides = Dictionary(uniqueKeysWithValues: settings.overrides.map { ($0.key.rawValue, $0.value) })
            configured = setup.service != nil
            message = setup.problem
        }
    }

    /// `PUT /api/cloud/settings`: the fields to change; a field left out keeps its saved value,
    /// a blank secret keeps the saved secret (see ``CloudSettingsChange``).
    struct CloudSettingsChange: Decodable {
        var endpoint: String?
        var bucket: String?
        var region: String?
        var userID: String?
        var accessKeyID: String?
        var secretAccessKey: String?

        var change: PhotolalaKit.CloudSettingsChange {
            PhotolalaKit.CloudSettingsChange(
                endpoint: endpoint, bucket: bucket, region: region, userID: userID, accessKeyID: accessKeyID, secretAccessKey: secretAccessKey)
        }
    }

    /// `POST /api/cloud/settings/test`: whether the saved settings reach the store, and if not,
    /// what failed (refused, wrong key, no such bucket).
    struct ConnectionTest: Encodable {
        let ok: Bool
        let message: String
        /// Whether the bucket is missing and the form may offer to create it
        /// (`POST /api/cloud/settings/bucket`).
        var canCreateBucket = false
    }
}
