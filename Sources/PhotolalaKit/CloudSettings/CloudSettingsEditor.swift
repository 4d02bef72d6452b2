import PhotolalaS3

/// Reads and saves the cloud settings the web UI edits: the endpoint, bucket, region and user
/// id in `cloud.json`, the key pair in ``CloudCredentialsFile``. What the environment, the
/// settings file's `cloud` object or `~/.aws` sets wins over what is saved, and ``current()``
/// says which fields that is, so a form can say so instead of seeming to ignore a save.
///
/// ```swift
/// let editor = CloudSettingsEditor(environment: environment, dataDirectory: dataDirectory)
/// try editor.save(CloudSettingsChange(bucket: "photos", accessKeyID: "AKIA…", secretAccessKey: secret))
/// let configuration = try editor.configuration()
/// ```
public struct CloudSettingsEditor: Sendable {
    public let environment: [String: String]
    public let dataDirectory: String
    /// The user's settings file, whose `cloud` object wins over the saved settings.
    public let configurationFile: ConfigurationFile

    /// - Parameters:
    ///   - environment: The process environment, whose settings win over the saved ones.
    ///   - dataDirectory: The folder holding `cloud.json` and the credentials file.
    ///   - configurationFile: The settings file, whose cloud settings win over the saved ones.
    public init(environment: [String: String], dataDirectory: String, configurationFile: ConfigurationFile = ConfigurationFile()) {
        self.environment = environment
        self.dataDirectory = dataDirectory
        self.configurationFile = configurationFile
    }

    var credentialsFile: CloudCredentialsFile { CloudCredentialsFile(dataDirectory: dataDirectory) }

    /// The settings in effect (``CloudConfiguration/load(environment:dataDirectory:)``).
    /// - Throws: ``CloudConfigurationError`` for a malformed setting or settings file.
    public func configuration() throws -> CloudConfiguration {
        try CloudConfiguration.load(environment: environment, dataDirectory: dataDirectory, configurationFile: configurationFile)
    }

    /// The settings in effect, the environment variables and files that set them instead of
    /// the saved ones, and whether a secret is saved; never the secret itself.
    /// - Throws: ``CloudConfigurationError`` for a malformed setting or settings file.
    public func current() throws -> EditableCloudSettings {
        let configuration = try configuration()
        let chain = AWSCredentialChain(environment: environment, savedCredentialsFile: credentialsFile.path)
        var overrides: [EditableCloudSettings.Field: String] = [:]
        let file = configurationFile.cloud
        for (field, isSet) in [
            (EditableCloudSettings.Field.endpoint, file.endpoint != nil), (.bucket, file.bucket != nil), (.region, file.region != nil),
            (.userID, file.userID != nil),
        ]
        where isSet {
            overrides[field] = configurationFile.path ?? "the configuration file"
        }
        for (field, name) in [
            (EditableCloudSettings.Field.endpoint, "PHOTOLALA_S3_ENDPOINT"), (.bucket, "PHOTOLALA_S3_BUCKET"), (.userID, "PHOTOLALA_USER_ID"),
        ]
        where value(name) != nil {
            overrides[field] = name
        }
        if chain.environmentRegion != nil {
            overrides[.region] = value("AWS_REGION") != nil ? "AWS_REGION" : "AWS_DEFAULT_REGION"
        }
        if let source = try chain.overridingCredentialsSource() {
            overrides[.accessKeyID] = source
            overrides[.secretAccessKey] = source
        }
        return EditableCloudSettings(
            endpoint: configuration.endpoint, bucket: configuration.bucket, region: configuration.region, userID: configuration.userID,
            folder: configuration.folder, accessKeyID: configuration.credentials?.accessKeyID,
            hasSecret: try credentialsFile.read() != nil || overrides[.secretAccessKey] != nil, overrides: overrides)
    }

    /// Checks the change, then saves it: the settings file first, then the key pair. Nothing is
    /// contacted: the endpoint is asked only when Test Connection, a sync or a backup asks it.
    /// - Throws: ``CloudConfigurationError`` for a wrong field (nothing is saved then) or a
    ///   damaged settings file; ``PhotolalaError/writeFailed`` when a file cannot be written.
    public func save(_ change: CloudSettingsChange) throws {
        let path = CloudConfiguration.settingsPath(in: dataDirectory)
        var settings = try CloudConfiguration.readSettings(at: path)
        try change.validate(allowingLinkLocal: settings.overridden(by: configurationFile.cloud).allowLinkLocalEndpoint ?? false)
        if let endpoint = change.endpoint?.trimmed {
            settings.endpoint = endpoint.isEmpty ? nil : endpoint
        }
        if let bucket = change.bucket?.trimmed {
            settings.bucket = bucket.isEmpty ? nil : bucket
        }
        if let region = change.region?.trimmed {
            settings.region = region
        }
        if let userID = change.userID?.trimmed, !userID.isEmpty {
            settings.userID = userID.lowercased()
        }
        let credentials = try changedCredentials(change)
        try CloudConfiguration.writeSettings(settings, to: path)
        switch credentials {
        case .keep: break
        case .delete: try credentialsFile.delete()
        case .save(let pair): try credentialsFile.write(pair)
        }
    }

    private enum CredentialsChange {
        case keep, delete, save(AWSCredentials)
    }

    /// What the change does to the saved pair: a blank secret keeps the saved one, a blank
    /// key id (and secret) deletes it. The saved pair is read only when a half of it is kept,
    /// so a damaged file can be replaced by a whole new pair.
    private func changedCredentials(_ change: CloudSettingsChange) throws -> CredentialsChange {
        let key = change.accessKeyID?.trimmed ?? ""
        let secret = change.secretAccessKey ?? ""
        switch (change.accessKeyID, key.isEmpty, secret.isEmpty) {
        case (nil, _, true): return .keep
        case (_, true, true): return .delete
        case (_, true, false):
            guard let saved = try credentialsFile.read() else {
                throw CloudConfigurationError.invalidField("Give the access key id that goes with the secret access key.")
            }
            return .save(AWSCredentials(accessKeyID: saved.accessKeyID, secretAccessKey: secret))
        case (_, false, true):
            guard let saved = try credentialsFile.read() else {
                throw CloudConfigurationError.invalidField("Give the secret access key that goes with the access key id.")
            }
            return .save(AWSCredentials(accessKeyID: key, secretAccessKey: saved.secretAccessKey))
        case (_, false, false): return .save(AWSCredentials(accessKeyID: key, secretAccessKey: secret))
        }
    }

    private func value(_ name: String) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
