import PhotolalaS3

extension CloudConfigurationError {
    static let notConfigured = Self(
        message:
            "No backup target is configured. Set PHOTOLALA_BACKUP_FOLDER for a disk or NAS, or PHOTOLALA_S3_BUCKET with AWS credentials (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a profile); or 'folder' or 'bucket' in config.json's cloud object."
    )

    static let missingCredentials = Self(
        message:
            "No AWS credentials were found. Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or add a profile to ~/.aws/credentials (AWS_PROFILE picks it)."
    )

    static func invalidNumber(_ name: String, _ value: String) -> Self {
        .init(message: "\(name) must be a whole number of bytes, not '\(value)'.")
    }

    static func invalidSetting(_ name: String, _ value: String, expected: String) -> Self {
        .init(message: "\(name) must be \(expected), not '\(value)'.")
    }

    static func invalidUserID(_ value: String) -> Self {
        .init(message: "PHOTOLALA_USER_ID must be a UUID such as 3F2504E0-4F89-11D3-9A0C-0305E82C3301, not '\(value)'.")
    }

    /// A field of the web UI's settings form that is wrong; the message says what it must be.
    static func invalidField(_ message: String) -> Self {
        .init(message: message)
    }

    static func damagedFile(_ path: String, reason: String) -> Self {
        .init(message: "The cloud settings file '\(path)' cannot be read: \(reason). Fix it or delete it to start over.")
    }
}
