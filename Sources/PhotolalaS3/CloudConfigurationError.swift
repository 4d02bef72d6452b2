/// A cloud setting that is missing or wrong, with what to set.
public struct CloudConfigurationError: Error, Sendable, CustomStringConvertible {
    public let message: String

    public var description: String { message }

    package init(message: String) {
        self.message = message
    }

    package static func invalidEndpoint(_ url: String) -> Self {
        .init(
            message:
                "The S3 endpoint '\(S3Location.userInfoRemoved(from: url))' is not an http:// or https:// URL with a host. Fix PHOTOLALA_S3_ENDPOINT, or 'endpoint' in config.json's cloud object or in cloud.json."
        )
    }

    /// The name of the setting that lets the endpoint be link-local, for messages and docs.
    package static let allowLinkLocalSetting = "allowLinkLocalEndpoint"

    package static let endpointWithUserInfo = Self(
        message:
            "The S3 endpoint must not hold a user name or password (user:password@): give the key pair as the access key id and the secret access key instead."
    )

    package static func linkLocalEndpoint(_ host: String) -> Self {
        .init(
            message:
                "The S3 endpoint's host '\(host)' is a link-local or cloud metadata address, which Photolala does not contact: it hands out the machine's own credentials. If your S3 server really is there, set \"\(allowLinkLocalSetting)\": true in config.json's cloud object."
        )
    }

    package static let missingBucket = Self(
        message: "No S3 bucket is configured. Set PHOTOLALA_S3_BUCKET, or 'bucket' in config.json's cloud object.")

    package static func incompleteCredentials(_ source: String) -> Self {
        .init(message: "The AWS credentials in \(source) have an access key id but no secret access key (or the reverse). Set both.")
    }
}
