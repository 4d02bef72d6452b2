import Foundation
public import PhotolalaS3

/// Where and as whom Photolala backs up: the S3 endpoint, bucket, region, the user's id (the
/// prefix of every object) and quota, plus the credentials from the AWS chain; or, instead of
/// S3, a folder on an external disk or a NAS, laid out like the bucket.
///
/// Settings come from `cloud.json` in the data directory, each overridden by the `cloud` object
/// of the user's `config.json` (``ConfigurationFile/cloud``), and that by its environment
/// variable: `PHOTOLALA_S3_ENDPOINT`, `PHOTOLALA_S3_BUCKET`, `PHOTOLALA_BACKUP_FOLDER`,
/// `PHOTOLALA_USER_ID`, `PHOTOLALA_QUOTA_BYTES`, `PHOTOLALA_DEBUG_TIMING`. The region is the
/// environment's (`AWS_REGION`, `AWS_DEFAULT_REGION`), else the files', else the AWS profile's,
/// else `us-east-1`. Credentials come from ``AWSCredentialChain``: the environment, the AWS
/// profile, then the pair saved from the web UI (``CloudCredentialsFile``). The user id is created on first use and saved, so every run of this device
/// writes under the same prefix. The description never shows the secret.
public struct CloudConfiguration: Sendable {
    /// `nil` for AWS itself (virtual-host addressing); any S3-compatible URL otherwise (path-style).
    public var endpoint: String?
    public var bucket: String?
    /// A folder to back up to instead of S3 (an external disk, a NAS); wins over the bucket.
    public var folder: String?
    public var region: String
    /// A UUID naming the user's prefix in the bucket.
    public var userID: String
    /// Bytes the backup may use in all; `nil` for no limit.
    public var quotaBytes: Int64?
    /// Whether the star queue uploads after 3 minutes without a star instead of 10.
    public var debugTiming = false
    /// Whether the endpoint may be link-local or a cloud metadata address (`allowLinkLocalEndpoint`
    /// in `config.json`'s `cloud` object): refused by default, as such an address hands out the
    /// machine's own credentials to a request the settings form can aim at it.
    public var allowLinkLocalEndpoint = false
    public var credentials: AWSCredentials?
    /// The settings file it was read from.
    public var settingsFile: String
    /// The user's `config.json`, when its `cloud` object set any of these settings.
    public var configurationFile: String?

    // Browsing and restoring the backup: read by CloudConfiguration+Browsing.swift.
    /// Deep Archive retrieval prices for restore estimates.
    public var retrievalPricing = RetrievalPricing()
    /// Bytes of downloaded cloud thumbnails and metadata kept on disk.
    public var downloadCacheBytes = DownloadCache.defaultBudget
    /// How soon a restore under way is first checked; the pause then doubles up to an hour.
    public var restoreCheckDelay: Duration = .seconds(60)

    /// - Parameters:
    ///   - endpoint: A custom S3 endpoint, or `nil` for AWS.
    ///   - bucket: The bucket backups go to.
    ///   - region: The signing region.
    ///   - userID: The user's prefix in the bucket.
    ///   - quotaBytes: The most the backup may store, or `nil`.
    ///   - credentials: The key pair, or `nil` when none was found.
    ///   - settingsFile: Where the settings live.
    ///   - folder: A folder to back up to instead of S3.
    public init(
        endpoint: String?, bucket: String?, region: String, userID: String, quotaBytes: Int64?, credentials: AWSCredentials?, settingsFile: String,
        folder: String? = nil
    ) {
        self.endpoint = endpoint
        self.bucket = bucket
        self.folder = folder
        self.region = region
        self.userID = userID
        self.quotaBytes = quotaBytes
        self.credentials = credentials
        self.settingsFile = settingsFile
    }

    /// Reads `cloud.json`, the settings file's cloud settings and the environment, creating and
    /// saving a user id if none of them has one.
    /// - Parameters:
    ///   - environment: The process environment.
    ///   - dataDirectory: The folder holding `cloud.json` (``EngineConfiguration/dataDirectory``).
    ///   - configurationFile: The user's settings file, whose `cloud` object wins over `cloud.json`.
    /// - Throws: ``CloudConfigurationError`` for a malformed setting or settings file.
    public static func load(
        environment: [String: String], dataDirectory: String, configurationFile: ConfigurationFile = ConfigurationFile()
    ) throws -> CloudConfiguration {
        let path = settingsPath(in: dataDirectory)
        var saved = try readSettings(at: path)
        func value(_ name: String) -> String? {
            environment[name].flatMap { $0.isEmpty ? nil : $0 }
        }
        let chain = AWSCredentialChain(environment: environment, savedCredentialsFile: CloudCredentialsFile(dataDirectory: dataDirectory).path)
        var userID = value("PHOTOLALA_USER_ID") ?? configurationFile.cloud.userID ?? saved.userID
        if let given = userID, UUID(uuidString: given) == nil {
            throw CloudConfigurationError.invalidUserID(given)
        }
        if userID == nil {
            let created = UUID().uuidString
            saved.userID = created
            userID = created
            do {
                try writeSettings(saved, to: path)
            } catch {
                throw CloudConfigurationError.damagedFile(path, reason: "the new user id could not be saved (\(error))")
            }
        }
        // Only `cloud.json` is written back, so the settings file's values are never copied into it.
        let settings = saved.overridden(by: configurationFile.cloud)
        var quota = settings.quotaBytes
        if let text = value("PHOTOLALA_QUOTA_BYTES") {
            guard let number = Int64(text), number >= 0 else { throw CloudConfigurationError.invalidNumber("PHOTOLALA_QUOTA_BYTES", text) }
            quota = number
        }
        var debugTiming = settings.debugTiming ?? false
        if let text = value("PHOTOLALA_DEBUG_TIMING") {
            guard let flag = ["1": true, "true": true, "yes": true, "0": false, "false": false, "no": false][text.lowercased()] else {
                throw CloudConfigurationError.invalidSetting("PHOTOLALA_DEBUG_TIMING", text, expected: "1 or 0 (or true or false)")
            }
            debugTiming = flag
        }
        var configuration = CloudConfiguration(
            endpoint: value("PHOTOLALA_S3_ENDPOINT") ?? settings.endpoint,
            bucket: value("PHOTOLALA_S3_BUCKET") ?? settings.bucket,
            region: chain.environmentRegion ?? settings.region ?? chain.profileRegion ?? "us-east-1",
            userID: (userID ?? "").lowercased(),
            quotaBytes: quota,
            credentials: try chain.credentials(),
            settingsFile: path,
            folder: value("PHOTOLALA_BACKUP_FOLDER") ?? settings.folder
        )
        try configuration.readBrowsingSettings(settings, environment: environment)
        configuration.debugTiming = debugTiming
        configuration.allowLinkLocalEndpoint = settings.allowLinkLocalEndpoint ?? false
        if configurationFile.cloud != Settings() {
            configuration.configurationFile = configurationFile.path
        }
        return configuration
    }

    /// `cloud.json` in the data directory.
    static func settingsPath(in dataDirectory: String) -> String {
        dataDirectory + "/cloud.json"
    }

    /// The settings file's content; empty settings when there is no file.
    /// - Throws: ``CloudConfigurationError`` when the file is not valid settings.
    static func readSettings(at path: String) throws -> Settings {
        // Read as a regular file only (see ``RegularFile``), one byte over the limit at most.
        guard let bytes = try? RegularFile(path: path).read(upTo: UntrustedDocument.Limits.small.bytes + 1) else { return Settings() }
        do {
            return try UntrustedDocument.decodeJSON(Settings.self, from: bytes)
        } catch {
            throw CloudConfigurationError.damagedFile(path, reason: "\(error)")
        }
    }

    /// Replaces the settings file at once.
    /// - Throws: ``PhotolalaError/writeFailed`` with the system's reason; an encoding error.
    static func writeSettings(_ settings: Settings, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(Array(encoder.encode(settings)), to: path)
    }

    /// The bucket's location: path-style for a custom endpoint, virtual-host for AWS.
    /// - Throws: ``CloudConfigurationError`` when the bucket or endpoint is missing or wrong.
    public func location() throws -> S3Location {
        try S3Location(endpoint: endpoint, bucket: bucket ?? "", region: region, allowingLinkLocal: allowLinkLocalEndpoint)
    }

    /// Whether backups can be written: a folder, or a bucket with credentials.
    public var isConfigured: Bool {
        folder != nil || (bucket != nil && credentials != nil)
    }

    /// The store these settings name: the backup folder when one is set, else the S3 bucket.
    /// - Throws: ``CloudConfigurationError`` when credentials, bucket or endpoint are missing.
    public func objectStore() throws -> any ObjectStore {
        if let folder {
            return LocalDirectoryObjectStore(root: folder)
        }
        guard let credentials else { throw CloudConfigurationError.missingCredentials }
        return S3ObjectStore(location: try location(), credentials: credentials)
    }

    /// The store for a question someone waits on (Test Connection, the storage used): one try
    /// per request, each answered within `deadline`, so an endpoint that accepts and never
    /// answers is told in seconds ("did not answer within 10 s") rather than after minutes of
    /// retries.
    /// - Throws: ``CloudConfigurationError`` when credentials, bucket or endpoint are missing.
    public func objectStore(answeringWithin deadline: Duration) throws -> any ObjectStore {
        guard folder == nil, var store = try objectStore() as? S3ObjectStore else { return try objectStore() }
        store.retry = RetryPolicy(maximumAttempts: 1)
        store.timeout = deadline
        return store
    }
}

extension CloudConfiguration: CustomStringConvertible {
    /// The settings for people to read; the access key id at most, never the secret or token.
    public var description: String {
        [
            folder.map { "backup folder: \($0)" } ?? "endpoint: \(endpoint.map(S3Location.userInfoRemoved) ?? "AWS S3 (\(region))")",
            allowLinkLocalEndpoint ? "link-local endpoints: allowed (\(CloudConfigurationError.allowLinkLocalSetting))" : nil,
            folder == nil ? "bucket: \(bucket ?? "(not set)")" : nil,
            "region: \(region)",
            "user id: \(userID)",
            "quota: \(quotaBytes.map { "\($0) bytes" } ?? "none")",
            "credentials: \(credentials.map { "access key \($0.accessKeyID)" } ?? "none found")",
            "settings file: \(settingsFile)",
            configurationFile.map { "configuration file: \($0) (its cloud settings win over the settings file's)" },
        ].compactMap { $0 }.joined(separator: "\n")
    }
}
