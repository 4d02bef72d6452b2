import struct Foundation.URLComponents

/// Where a bucket is: the endpoint, the region it signs for and how keys are addressed.
public struct S3Location: Sendable, Equatable {
    /// How the bucket appears in URLs.
    public enum Addressing: String, Sendable {
        /// `https://endpoint/bucket/key`: what custom endpoints (SeaweedFS, MinIO…) expect.
        case path
        /// `https://bucket.endpoint/key`: AWS's default.
        case virtualHost
    }

    public var scheme: String
    public var host: String
    public var port: Int?
    public var bucket: String
    public var region: String
    public var addressing: Addressing

    /// - Parameters:
    ///   - endpoint: e.g. `http://127.0.0.1:8333`; `nil` for AWS in `region`.
    ///   - bucket: The bucket name.
    ///   - region: Signing region; custom stores usually accept `us-east-1`.
    ///   - addressing: Defaults to path-style for a custom endpoint, virtual-host for AWS.
    ///   - allowingLinkLocal: Whether the endpoint may be link-local or a cloud metadata address
    ///     (``isLinkLocalOrMetadata(host:)``), which is refused unless the user allowed it.
    /// - Throws: ``CloudConfigurationError`` when the endpoint is not an http(s) URL with a host,
    ///   holds a user name or password, or is link-local without `allowingLinkLocal`.
    public init(endpoint: String?, bucket: String, region: String, addressing: Addressing? = nil, allowingLinkLocal: Bool = false) throws {
        let url = endpoint ?? "https://s3.\(region).amazonaws.com"
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty
        else {
            throw CloudConfigurationError.invalidEndpoint(url)
        }
        guard components.user == nil, components.password == nil else { throw CloudConfigurationError.endpointWithUserInfo }
        guard allowingLinkLocal || !Self.isLinkLocalOrMetadata(host: host) else { throw CloudConfigurationError.linkLocalEndpoint(host) }
        guard !bucket.isEmpty else { throw CloudConfigurationError.missingBucket }
        self.scheme = scheme
        self.host = host
        self.port = components.port
        self.bucket = bucket
        self.region = region
        self.addressing = addressing ?? (endpoint == nil ? .virtualHost : .path)
    }

    /// Whether the endpoint is AWS's own (`*.amazonaws.com`), which has rules of its own for
    /// plain HTTP.
    var isAWS: Bool {
        host == "amazonaws.com" || host.hasSuffix(".amazonaws.com")
    }

    /// The `Host` header: the endpoint's host, prefixed by the bucket for virtual-host
    /// addressing, with the port unless it is the scheme's default.
    var hostHeader: String {
        let name = addressing == .virtualHost ? "\(bucket).\(host)" : host
        guard let port, port != (scheme == "https" ? 443 : 80) else { return name }
        return "\(name):\(port)"
    }

    /// The decoded request path of `key` (`nil` for the bucket itself).
    func path(of key: String?) -> String {
        switch addressing {
        case .path: "/" + bucket + (key.map { "/" + $0 } ?? "")
        case .virtualHost: "/" + (key ?? "")
        }
    }

    /// The URL to send a request for `path` with an encoded `query`.
    func url(path: String, encodedQuery: String) -> String {
        "\(scheme)://\(hostHeader)\(SignatureV4.encodePath(path))" + (encodedQuery.isEmpty ? "" : "?" + encodedQuery)
    }

    /// The endpoint as configured, without the bucket, for messages and `cloud config`.
    public var endpointDescription: String {
        "\(scheme)://\(host)" + (port.map { ":\($0)" } ?? "")
    }
}
