public import PhotolalaS3

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The key pair saved from the web UI: `cloud-credentials` in the data directory, in the
/// format of `~/.aws/credentials` (one `[default]` section), readable by its owner only
/// (mode 0600 from the moment it is created). ``AWSCredentialChain`` reads it after the
/// environment and the AWS profile.
public struct CloudCredentialsFile: Sendable {
    public let path: String

    /// - Parameter dataDirectory: The folder holding `cloud.json` (``EngineConfiguration/dataDirectory``).
    public init(dataDirectory: String) {
        path = dataDirectory + "/cloud-credentials"
    }

    /// The saved pair; `nil` when none is saved.
    /// - Throws: ``CloudConfigurationError`` when the file has half a key pair.
    public func read() throws -> AWSCredentials? {
        guard let values = AWSCredentialChain.iniSections(path)?[AWSCredentialChain.savedCredentialsSection] else { return nil }
        switch (values["aws_access_key_id"], values["aws_secret_access_key"]) {
        case (let key?, let secret?): return AWSCredentials(accessKeyID: key, secretAccessKey: secret)
        case (nil, nil): return nil
        default: throw CloudConfigurationError.incompleteCredentials(path)
        }
    }

    /// Saves the pair, replacing the file at once (never a half-written or world-readable one).
    /// The values are checked by ``CloudSettingsChange`` first: no line breaks, no spaces.
    /// - Throws: ``PhotolalaError/writeFailed`` with the system's reason.
    public func write(_ credentials: AWSCredentials) throws {
        let text = """
            # Saved by Photolala's web UI. AWS_ACCESS_KEY_ID and ~/.aws/credentials win over it.
            [\(AWSCredentialChain.savedCredentialsSection)]
            aws_access_key_id = \(credentials.accessKeyID)
            aws_secret_access_key = \(credentials.secretAccessKey)

            """
        try AtomicFile.write(Array(text.utf8), to: path, permissions: 0o600)
    }

    /// Deletes the saved pair; nothing happens when there is none.
    /// - Throws: ``PhotolalaError/writeFailed`` with the system's reason.
    public func delete() throws {
        guard unlink(path) == 0 || errno == ENOENT else { throw PhotolalaError.writeFailed(path, errno: errno) }
    }
}
