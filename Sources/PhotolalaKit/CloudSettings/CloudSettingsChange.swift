import Foundation
import PhotolalaS3

/// A change of the cloud settings, as the web UI's form sends it: a field left `nil` keeps
/// what is saved. A blank endpoint means AWS S3 itself, a blank bucket no bucket, a blank user
/// id the saved one, a blank secret the saved secret; a blank access key id with a blank secret
/// deletes the saved key pair.
public struct CloudSettingsChange: Sendable, Equatable {
    public var endpoint: String?
    public var bucket: String?
    public var region: String?
    public var userID: String?
    public var accessKeyID: String?
    public var secretAccessKey: String?

    /// - Parameters:
    ///   - endpoint: An http(s) URL, blank for AWS S3.
    ///   - bucket: An S3 bucket name, blank for none.
    ///   - region: The signing region.
    ///   - userID: A UUID, blank to keep the saved one.
    ///   - accessKeyID: The key pair's public half, blank to delete the saved pair.
    ///   - secretAccessKey: The secret half, blank to keep the saved one.
    public init(
        endpoint: String? = nil, bucket: String? = nil, region: String? = nil, userID: String? = nil, accessKeyID: String? = nil,
        secretAccessKey: String? = nil
    ) {
        self.endpoint = endpoint
        self.bucket = bucket
        self.region = region
        self.userID = userID
        self.accessKeyID = accessKeyID
        self.secretAccessKey = secretAccessKey
    }

    /// Checks every field given, each against its own rule; messages name the field and what
    /// it must be, and never repeat a key (nor a password written into the endpoint).
    /// - Parameter allowingLinkLocal: Whether the endpoint may be link-local or a cloud metadata
    ///   address (`allowLinkLocalEndpoint` in `config.json`'s `cloud` object).
    /// - Throws: ``CloudConfigurationError`` for the first wrong field.
    public func validate(allowingLinkLocal: Bool = false) throws {
        if let endpoint = endpoint?.trimmed, !endpoint.isEmpty {
            if S3Location.hasUserInfo(endpoint) {
                throw CloudConfigurationError.endpointWithUserInfo
            }
            guard Self.isEndpoint(endpoint), let host = URLComponents(string: endpoint)?.host else {
                throw CloudConfigurationError.invalidField(
                    "The endpoint must be an http:// or https:// URL with a host, such as http://127.0.0.1:8333 (leave it blank for AWS S3).")
            }
            if !allowingLinkLocal && S3Location.isLinkLocalOrMetadata(host: host) {
                throw CloudConfigurationError.linkLocalEndpoint(host)
            }
        }
        if let bucket = bucket?.trimmed, !bucket.isEmpty, !Self.isBucketName(bucket) {
            throw CloudConfigurationError.invalidField(
                "The bucket name must be 3 to 63 lowercase letters, digits, dots or hyphens, starting and ending with a letter or digit.")
        }
        if let region = region?.trimmed, !Self.isRegion(region) {
            throw CloudConfigurationError.invalidField("The region must be a name such as us-east-1: letters, digits and hyphens, not blank.")
        }
        if let userID = userID?.trimmed, !userID.isEmpty, userID.count > 36 || UUID(uuidString: userID) == nil {
            throw CloudConfigurationError.invalidField(
                "The user id must be a UUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301 (leave it blank to keep this device's).")
        }
        if let key = accessKeyID?.trimmed, !key.isEmpty, !Self.isKey(key, limit: 128) {
            throw CloudConfigurationError.invalidField("The access key id must be 1 to 128 letters, digits or symbols, without spaces.")
        }
        if let secret = secretAccessKey, !secret.isEmpty, !Self.isKey(secret, limit: 256) {
            throw CloudConfigurationError.invalidField("The secret access key must be 1 to 256 letters, digits or symbols, without spaces.")
        }
    }

    /// An http(s) URL with a host and without a user name or password.
    static func isEndpoint(_ text: String) -> Bool {
        guard text.utf8.count <= 2048, text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
            let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty, components.user == nil, components.password == nil
        else { return false }
        return true
    }

    /// S3's rules for new buckets: 3 to 63 characters of `a-z0-9.-`, a letter or digit at each end, no `..`.
    static func isBucketName(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func isLetterOrDigit(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) }
        guard (3...63).contains(bytes.count), let first = bytes.first, let last = bytes.last, isLetterOrDigit(first), isLetterOrDigit(last)
        else { return false }
        return bytes.allSatisfy { isLetterOrDigit($0) || $0 == 0x2E || $0 == 0x2D } && !text.contains("..")
    }

    static func isRegion(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x5F
            }
    }

    /// Printable ASCII without spaces: what AWS keys are made of, and what the credentials
    /// file can hold on one line.
    static func isKey(_ text: String, limit: Int) -> Bool {
        (1...limit).contains(text.utf8.count) && text.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}

extension String {
    /// Without the spaces a paste brings along.
    var trimmed: String { trimmingCharacters(in: .whitespaces) }
}
