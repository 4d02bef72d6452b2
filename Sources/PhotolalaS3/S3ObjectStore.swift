public import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOHTTP1

/// An ``ObjectStore`` over S3 or any S3-compatible server, signing every request with
/// Signature Version 4 and retrying what is worth retrying.
///
/// ```swift
/// let store = S3ObjectStore(location: try S3Location(endpoint: nil, bucket: "photos", region: "eu-west-1"), credentials: credentials)
/// let etag = try await store.put("photos/u/abc.dat", body: bytes, options: PutOptions(storageClass: .deepArchive))
/// ```
public struct S3ObjectStore: ObjectStore {
    public let location: S3Location
    let signer: SignatureV4
    let client: HTTPClient
    public var retry: RetryPolicy
    /// How long the store may take to answer a request: its body sent and the head of the answer
    /// received (the body of the answer is read after). A request past it fails as `unreachable`,
    /// saying "did not answer within …".
    public var timeout: Duration

    /// - Parameters:
    ///   - location: Endpoint, bucket, region and addressing.
    ///   - credentials: The key pair; never logged.
    ///   - client: The HTTP client; by default one connection pool for the whole process.
    ///   - retry: Backoff for 5xx, 408, 429 and connection errors.
    ///   - timeout: How long the store may take to answer one request (``timeout``).
    public init(
        location: S3Location, credentials: AWSCredentials, client: HTTPClient = S3ObjectStore.processClient, retry: RetryPolicy = RetryPolicy(),
        timeout: Duration = .seconds(300)
    ) {
        self.location = location
        self.signer = SignatureV4(credentials: credentials, region: location.region)
        self.client = client
        self.retry = retry
        self.timeout = timeout
    }

    /// The process's connection pool for S3 traffic. Unlike `HTTPClient.shared` it fails a
    /// refused connection at once instead of retrying until the request's deadline: the
    /// ``RetryPolicy`` decides about retries, so a stopped server is reported in seconds.
    /// It keeps up to 32 connections per host (AsyncHTTPClient's default is 8): a backup has
    /// twice its concurrency in photos under way, each sending its thumbnail and metadata plist
    /// together after its original, and a request waiting for a connection holds back the rest.
    /// It follows no redirect: S3 sends none to follow, and a redirect would take a signed
    /// request to a host the settings never named (a metadata address among them).
    public static let processClient: HTTPClient = {
        var configuration = HTTPClient.Configuration.singletonConfiguration
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 32
        configuration.timeout.connect = .seconds(connectTimeout.components.seconds)
        configuration.redirectConfiguration = .disallow
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    /// How long ``processClient`` tries to connect to the store.
    static let connectTimeout: Duration = .seconds(10)

    /// An answer that was accepted.
    struct Response {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first(name: name)
        }

        var etag: String {
            Self.unquoted(header("etag"))
        }

        /// An ETag as S3 sends it (`"…"`, in headers and XML) without its quotes.
        static func unquoted(_ etag: String?) -> String {
            (etag ?? "").trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
    }

    /// Bodies smaller than this always carry their SHA-256: hashing them costs nothing.
    static let smallBody = 64 << 10

    /// The `x-amz-content-sha256` of a request: the one place that decides when a body goes
    /// unsigned, as S3 allows it only for PutObject and UploadPart.
    ///
    /// - Small bodies (thumbnails, plists, XML), and every other operation's: their SHA-256.
    /// - Over HTTPS: `UNSIGNED-PAYLOAD`; TLS protects the body, and hashing every upload a
    ///   second time (SHA-256, a quarter of a backup's CPU) would add nothing.
    /// - Over plain HTTP to AWS: the SHA-256, as AWS requires there.
    /// - Over plain HTTP to a custom endpoint (SeaweedFS, MinIO on a LAN): `UNSIGNED-PAYLOAD`
    ///   when the body carries a Content-MD5, which is signed and checked by the store, so the
    ///   body cannot be changed on the way unnoticed; rclone does the same. Otherwise the SHA-256.
    func payloadHash(_ body: [UInt8], unsignedAllowed: Bool, hasContentMD5: Bool) -> String {
        let unsigned =
            unsignedAllowed && body.count >= Self.smallBody && (location.scheme == "https" || (!location.isAWS && hasContentMD5))
        return unsigned ? SignatureV4.unsignedPayload : SignatureV4.payloadHash(body)
    }

    /// Signs and sends one request, retrying per ``retry``.
    /// - Parameters:
    ///   - key: The object's key, or `nil` for the bucket.
    ///   - unsignedAllowed: Whether the body may go unsigned (PutObject, UploadPart); see
    ///     ``payloadHash(_:unsignedAllowed:hasContentMD5:)``.
    ///   - accept: Statuses returned rather than thrown (2xx always are).
    /// - Throws: ``ObjectStoreError`` typed from the S3 error body, or `unreachable`.
    func send(
        _ method: HTTPMethod, key: String?, query: [(name: String, value: String)] = [], headers extra: [(name: String, value: String)] = [],
        body: [UInt8] = [], unsignedAllowed: Bool = false, operation: String, accept: Set<Int> = []
    ) async throws -> Response {
        try await retry.run(isRetryable: Self.isRetryable) {
            try await sendOnce(
                method, key: key, query: query, headers: extra, body: body, unsignedAllowed: unsignedAllowed, operation: operation, accept: accept)
        }
    }

    /// ``send(_:key:query:headers:body:unsignedAllowed:operation:accept:)`` for an operation
    /// that answers with an XML document. An error inside a 200 answer (CompleteMultipartUpload
    /// and CopyObject can send one after starting their answer) is retried like a 500, as AWS
    /// says to.
    /// - Parameter answer: The root element S3 answers with (`ListBucketResult`); another one
    ///   is an `invalidResponse`, as a web page that happens to be well-formed XML is.
    func sendForXML(
        _ method: HTTPMethod, key: String?, query: [(name: String, value: String)] = [], headers extra: [(name: String, value: String)] = [],
        body: [UInt8] = [], operation: String, answer: String? = nil
    ) async throws -> (response: Response, xml: S3XML) {
        try await retry.run(isRetryable: Self.isRetryable) {
            let response = try await sendOnce(
                method, key: key, query: query, headers: extra, body: body, unsignedAllowed: false, operation: operation, accept: [])
            let name = key ?? location.bucket
            let xml: S3XML
            do throws(S3XML.Unreadable) {
                xml = try S3XML(response.body)
            } catch .refused(let reason) {
                throw ObjectStoreError(
                    .invalidResponse, "\(operation) '\(name)': the store's answer is refused: \(reason).", statusCode: response.status)
            } catch .notXML {
                throw ObjectStoreError(.invalidResponse, "\(operation) '\(name)': the store's answer is not XML.", statusCode: response.status)
            }
            if xml.name == "Error" {
                throw ObjectStoreError.s3(status: response.status, s3Code: xml.value("Code"), operation: operation, key: name)
            }
            if let answer, xml.name != answer {
                throw ObjectStoreError(
                    .invalidResponse, "\(operation) '\(name)': the answer is not an S3 \(answer), so the endpoint is not an S3 server.",
                    statusCode: response.status)
            }
            return (response, xml)
        }
    }

    private static func isRetryable(_ error: any Error) -> Bool {
        (error as? ObjectStoreError)?.isRetryable ?? false
    }

    private func sendOnce(
        _ method: HTTPMethod, key: String?, query: [(name: String, value: String)], headers extra: [(name: String, value: String)],
        body: [UInt8], unsignedAllowed: Bool, operation: String, accept: Set<Int>
    ) async throws -> Response {
        let path = location.path(of: key)
        let timestamp = SignatureV4.timestamp(Date())
        let payloadHash = payloadHash(body, unsignedAllowed: unsignedAllowed, hasContentMD5: extra.contains { $0.name == "content-md5" })
        var headers: [(name: String, value: String)] = [
            ("host", location.hostHeader), ("x-amz-date", timestamp), ("x-amz-content-sha256", payloadHash),
        ]
        if let token = signer.credentials.sessionToken {
            headers.append(("x-amz-security-token", token))
        }
        headers += extra
        let signable = SignatureV4.Request(method: method.rawValue, path: path, query: query, headers: headers)
        var request = HTTPClientRequest(url: location.url(path: path, encodedQuery: SignatureV4.canonicalQuery(query)))
        request.method = method
        for header in headers where header.name != "host" {
            request.headers.add(name: header.name, value: header.value)
        }
        request.headers.add(name: "authorization", value: signer.authorization(for: signable, timestamp: timestamp, payloadHash: payloadHash))
        if !body.isEmpty || method == .PUT || method == .POST {
            request.body = .bytes(ByteBuffer(bytes: body))
        }
        let status: Int
        let responseHeaders: HTTPHeaders
        let responseBody: [UInt8]
        do {
            let response = try await client.execute(request, timeout: .nanoseconds(timeout.components.seconds * 1_000_000_000))
            status = Int(response.status.code)
            responseHeaders = response.headers
            var buffer = try await response.body.collect(upTo: Int.max)
            responseBody = buffer.readBytes(length: buffer.readableBytes) ?? []
        } catch {
            // A transport failure is the endpoint's, not the key's: the message names the endpoint
            // and what to do, the same for every request that meets it.
            throw ObjectStoreError(
                .unreachable,
                TransportFailure(error).message(endpoint: location.endpointDescription, connectTimeout: Self.connectTimeout, answerTimeout: timeout))
        }
        if (200..<300).contains(status) || accept.contains(status) {
            return Response(status: status, headers: responseHeaders, body: responseBody)
        }
        // An error's body only names its code: one that cannot be read leaves the status to say it.
        let xml = try? S3XML(responseBody)
        throw ObjectStoreError.s3(status: status, s3Code: xml?.value("Code"), operation: operation, key: key ?? location.bucket)
    }

    /// The longest a presigned URL may last: S3 refuses longer ones.
    public static let longestPresignedExpiry: Duration = .seconds(7 * 24 * 3600)

    /// A URL anyone can GET the object with, without credentials, until it expires.
    /// - Throws: ``ObjectStoreError`` (`invalidRequest`) for an expiry under a second or over
    ///   ``longestPresignedExpiry``, which S3 would refuse.
    public func presignedGetURL(_ key: String, expiresIn: Duration = .seconds(3600), now: Date = Date()) throws -> String {
        let seconds = expiresIn.components.seconds
        guard seconds >= 1, expiresIn <= Self.longestPresignedExpiry else {
            throw ObjectStoreError(
                .invalidRequest,
                "A presigned URL for '\(key)' can last from 1 second to 7 days (604800 seconds), as S3 allows; \(seconds) seconds were asked for.")
        }
        let path = location.path(of: key)
        let request = SignatureV4.Request(method: "GET", path: path, headers: [("host", location.hostHeader)])
        let query = signer.presignedQuery(for: request, timestamp: SignatureV4.timestamp(now), expiresInSeconds: Int(seconds))
        return location.url(path: path, encodedQuery: query)
    }

    /// Creates the bucket; succeeds when this account already owns it.
    /// - Throws: ``ObjectStoreError`` when it cannot be created.
    public func createBucket() async throws {
        var body: [UInt8] = []
        if location.region != "us-east-1" {
            body = Array(
                "<CreateBucketConfiguration xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\"><LocationConstraint>\(location.region)</LocationConstraint></CreateBucketConfiguration>"
                    .utf8)
        }
        do {
            _ = try await send(.PUT, key: nil, body: body, operation: "CreateBucket")
        } catch let error as ObjectStoreError where error.s3Code == "BucketAlreadyOwnedByYou" || error.s3Code == "BucketAlreadyExists" {
            return
        }
    }

    /// Headers for a new object's storage class, tags, metadata, type and Content-MD5 (and the
    /// condition, which only a single-part PUT takes).
    static func headers(for options: PutOptions, singlePart: Bool = true) -> [(name: String, value: String)] {
        var headers: [(name: String, value: String)] = []
        if let storageClass = options.storageClass {
            headers.append(("x-amz-storage-class", storageClass.rawValue))
        }
        if !options.tags.isEmpty {
            let tagging = options.tags.sorted { $0.key < $1.key }.map { SignatureV4.encode($0.key) + "=" + SignatureV4.encode($0.value) }
            headers.append(("x-amz-tagging", tagging.joined(separator: "&")))
        }
        for (name, value) in options.metadata.sorted(by: { $0.key < $1.key }) {
            headers.append(("x-amz-meta-" + name.lowercased(), value))
        }
        if let type = options.contentType {
            headers.append(("content-type", type))
        }
        if singlePart, let md5 = options.contentMD5 {
            headers.append(("content-md5", md5))
        }
        switch options.condition {
        case .ifMatch(let etag) where singlePart: headers.append(("if-match", "\"\(etag)\""))
        case .ifAbsent where singlePart: headers.append(("if-none-match", "*"))
        default: break
        }
        return headers
    }
}
