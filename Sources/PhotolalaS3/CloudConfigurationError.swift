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
                "The S3 endpoint '\(url)' is not an http:// or https:// URL with a host. Fix PHOTOLALA_S3_ENDPOINT, or 'endpoint' in config.json's cloud object or in cloud.json."
        )
    }

    package static let missingBucket = Self(
        message: "No S3 bucket is configured. Set PHOTOLALA_S3_BUCKET, or 'bucket' in config.json's cloud object.")

    package static func incompleteCredentials(_ source: String) -> Self {
        .init(message: "The AWS credentials in \(source) have an access key id but no secret access key (or the reverse). Set both.")
    }
}
