/// The cloud settings as a form shows them: the values in effect, what sets each one that the
/// form cannot change, and whether a secret is saved (never the secret).
public struct EditableCloudSettings: Sendable, Equatable {
    /// A field of the form.
    public enum Field: String, Sendable, CaseIterable {
        case endpoint, bucket, region, userID, accessKeyID, secretAccessKey
    }

    /// `nil` for AWS S3 itself.
    public var endpoint: String?
    public var bucket: String?
    public var region: String
    public var userID: String
    /// The backup folder (`PHOTOLALA_BACKUP_FOLDER` or the file's), which wins over the bucket.
    public var folder: String?
    public var accessKeyID: String?
    /// Whether a secret access key is saved, or set where an override says.
    public var hasSecret: Bool
    /// The environment variable (`PHOTOLALA_S3_BUCKET`) or file (`~/.aws/credentials`, the
    /// settings file `config.json`) that sets a field instead of the saved settings.
    public var overrides: [Field: String]
}
