import Crypto
public import Foundation
import PhotolalaSupport

/// AWS Signature Version 4, as S3 applies it: each path segment is percent-encoded once (S3 does
/// not double-encode or normalise paths), every header given is signed, and the payload is
/// named by its SHA-256 or, for presigned URLs, `UNSIGNED-PAYLOAD`.
public struct SignatureV4: Sendable {
    /// What the signer sees of a request. Path and query are decoded; the signer encodes them.
    public struct Request: Sendable {
        public var method: String
        /// The decoded path, e.g. `/bucket/photos/a b.dat`.
        public var path: String
        /// Decoded query parameters, in any order; an empty value is a valueless key.
        public var query: [(name: String, value: String)]
        /// Headers to sign (and send). Names are matched case-insensitively.
        public var headers: [(name: String, value: String)]

        public init(method: String, path: String, query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = []) {
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
        }
    }

    /// The payload hash S3 accepts in place of a SHA-256 where the body is not signed.
    public static let unsignedPayload = "UNSIGNED-PAYLOAD"

    public let credentials: AWSCredentials
    public let region: String
    public let service: String

    /// - Parameters:
    ///   - credentials: The key pair to sign with.
    ///   - region: The region the endpoint belongs to, e.g. `us-east-1`.
    ///   - service: `s3` for S3; the AWS test suite uses `service`.
    public init(credentials: AWSCredentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// Lowercase hex SHA-256 of a payload, for `x-amz-content-sha256`.
    public static func payloadHash(_ bytes: some Collection<UInt8>) -> String {
        var hasher = SHA256()
        hasher.update(data: Array(bytes))
        return ContentHash.hex(hasher.finalize())
    }

    /// `20150830T123600Z` for a date.
    public static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let number = value ?? 0
            return number < 10 ? "0\(number)" : "\(number)"
        }
        let year = String(parts.year ?? 1970)
        return year + two(parts.month) + two(parts.day) + "T" + two(parts.hour) + two(parts.minute) + two(parts.second) + "Z"
    }

    /// The `Authorization` header value for a request whose headers already hold `host` and
    /// `x-amz-date` (and, for S3, `x-amz-content-sha256` and any session token).
    public func authorization(for request: Request, timestamp: String, payloadHash: String) -> String {
        let canonical = canonicalRequest(request, payloadHash: payloadHash)
        let signature = signature(stringToSign: stringToSign(canonicalRequest: canonical, timestamp: timestamp), timestamp: timestamp)
        return
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope(timestamp)), SignedHeaders=\(signedHeaders(request)), Signature=\(signature)"
    }

    /// A presigned URL's query: the request's own parameters plus the `X-Amz-*` ones and the
    /// signature, encoded, for anyone to GET without credentials until it expires.
    /// - Parameter request: Its headers must include `host` (only headers given are signed).
    public func presignedQuery(for request: Request, timestamp: String, expiresInSeconds: Int) -> String {
        var presigned = request
        presigned.query += [
            ("X-Amz-Algorithm", "AWS4-HMAC-SHA256"),
            ("X-Amz-Credential", "\(credentials.accessKeyID)/\(scope(timestamp))"),
            ("X-Amz-Date", timestamp),
            ("X-Amz-Expires", String(expiresInSeconds)),
            ("X-Amz-SignedHeaders", signedHeaders(request)),
        ]
        if let token = credentials.sessionToken {
            presigned.query.append(("X-Amz-Security-Token", token))
        }
        let canonical = canonicalRequest(presigned, payloadHash: Self.unsignedPayload)
        let signature = signature(stringToSign: stringToSign(canonicalRequest: canonical, timestamp: timestamp), timestamp: timestamp)
        return Self.canonicalQuery(presigned.query) + "&X-Amz-Signature=" + signature
    }

    // MARK: - The steps, exposed for the AWS test suite

    /// Step 1: method, encoded path, sorted query, canonical headers, signed header names, payload hash.
    public func canonicalRequest(_ request: Request, payloadHash: String) -> String {
        let headers = Self.canonicalHeaders(request.headers)
        let headerLines = headers.map { "\($0.name):\($0.value)\n" }.joined()
        return [
            request.method,
            Self.encodePath(request.path),
            Self.canonicalQuery(request.query),
            headerLines,
            headers.map(\.name).joined(separator: ";"),
            payloadHash,
        ].joined(separator: "\n")
    }

    /// Step 2: the algorithm, the time, the scope and the hash of the canonical request.
    public func stringToSign(canonicalRequest: String, timestamp: String) -> String {
        ["AWS4-HMAC-SHA256", timestamp, scope(timestamp), Self.payloadHash(Array(canonicalRequest.utf8))].joined(separator: "\n")
    }

    /// Step 3: HMAC chain over date, region, service and `aws4_request`, then over the string.
    public func signature(stringToSign: String, timestamp: String) -> String {
        let day = String(timestamp.prefix(8))
        var key = SymmetricKey(data: Array(("AWS4" + credentials.secretAccessKey).utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Array(HMAC<SHA256>.authenticationCode(for: Array(part.utf8), using: key)))
        }
        return ContentHash.hex(HMAC<SHA256>.authenticationCode(for: Array(stringToSign.utf8), using: key))
    }

    func scope(_ timestamp: String) -> String {
        "\(timestamp.prefix(8))/\(region)/\(service)/aws4_request"
    }

    func signedHeaders(_ request: Request) -> String {
        Self.canonicalHeaders(request.headers).map(\.name).joined(separator: ";")
    }

    /// Lowercased names, sorted; values trimmed with inner runs of spaces collapsed; repeated
    /// names joined by commas in the order given.
    static func canonicalHeaders(_ headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        var merged: [String: [String]] = [:]
        for header in headers {
            let value = header.value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
            merged[header.name.lowercased(), default: []].append(value)
        }
        return merged.keys.sorted().map { ($0, merged[$0, default: []].joined(separator: ",")) }
    }

    /// Parameters encoded and sorted by name, then value.
    static func canonicalQuery(_ query: [(name: String, value: String)]) -> String {
        let encoded: [(name: String, value: String)] = query.map { (encode($0.name), encode($0.value)) }
        let sorted = encoded.sorted { $0.name == $1.name ? $0.value < $1.value : $0.name < $1.name }
        return sorted.map { $0.name + "=" + $0.value }.joined(separator: "&")
    }

    /// A decoded path encoded once, slashes kept: what S3 signs and what goes on the wire.
    public static func encodePath(_ path: String) -> String {
        path.isEmpty ? "/" : encode(path, keepingSlashes: true)
    }

    /// RFC 3986 percent-encoding of everything but the unreserved characters `A-Z a-z 0-9 - . _ ~`.
    public static func encode(_ text: String, keepingSlashes: Bool = false) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                output.append(byte)
            case UInt8(ascii: "/") where keepingSlashes:
                output.append(byte)
            default:
                output += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
