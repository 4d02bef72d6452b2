/// An access key pair and optional session token for signing S3 requests.
///
/// Its description, debug description and mirror name the access key id only: the secret and
/// the token never reach a log, an error message, `dump` or a test failure's printout.
public struct AWSCredentials: Sendable, Equatable {
    public var accessKeyID: String
    public var secretAccessKey: String
    /// Present for temporary credentials (STS); sent as `X-Amz-Security-Token`.
    public var sessionToken: String?

    /// - Parameters:
    ///   - accessKeyID: The public half, e.g. `AKIA…`.
    ///   - secretAccessKey: The secret half; only the signer reads it.
    ///   - sessionToken: The token of temporary credentials, if any.
    public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
        self.sessionToken = sessionToken
    }
}

extension AWSCredentials: CustomStringConvertible, CustomDebugStringConvertible {
    public var description: String {
        "AWSCredentials(accessKeyID: \(accessKeyID), secretAccessKey: <redacted>\(sessionToken == nil ? "" : ", sessionToken: <redacted>"))"
    }

    public var debugDescription: String { description }
}

extension AWSCredentials: CustomReflectable {
    /// What `dump` and `Mirror` show: the access key id, the rest redacted.
    public var customMirror: Mirror {
        var children: [(label: String?, value: Any)] = [("accessKeyID", accessKeyID), ("secretAccessKey", "<redacted>")]
        if sessionToken != nil {
            children.append(("sessionToken", "<redacted>"))
        }
        return Mirror(self, children: children, displayStyle: .struct)
    }
}
