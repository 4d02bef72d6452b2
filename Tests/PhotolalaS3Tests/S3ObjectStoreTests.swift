import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaS3

/// What only a real S3 server can show: signatures checked, presigned URLs, errors typed.
@Suite struct S3ObjectStoreTests {
    @Test("A wrong secret is a typed auth error that does not show the secret") func aWrongSecretIsATypedAuthErrorThatDoesNotShowTheSecret()
        async throws
    {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        let good = try await makeS3Store(on: server)
        let wrongSecret = "wrong-secret-\(UUID().uuidString)"
        let bad = try await makeS3Store(on: server, secret: wrongSecret, bucket: good.location.bucket)
        let error = await #expect(throws: ObjectStoreError.self) { try await bad.put("x.dat", body: [1], options: PutOptions()) }
        #expect(error?.code == .signatureDoesNotMatch || error?.code == .accessDenied)
        #expect(error?.s3Code == "SignatureDoesNotMatch" || error?.s3Code == "AccessDenied")
        #expect(error?.statusCode == 403)
        let text = "\(String(describing: error)) \(error?.message ?? "")"
        #expect(!text.contains(wrongSecret) && !text.contains(server.secretKey))
    }

    @Test("A presigned URL works over plain HTTP") func aPresignedURLWorksOverPlainHTTP() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        let store = try await makeS3Store(on: server)
        _ = try await store.put("shared/a b.txt", body: Array("presigned".utf8), options: PutOptions())
        let url = try store.presignedGetURL("shared/a b.txt", expiresIn: .seconds(300))
        #expect(!url.contains(server.secretKey))
        #expect(try await Shell.run("curl", ["-sf", url]) == "presigned")
        let tampered = url.replacingOccurrences(of: "a%20b.txt", with: "other.txt")
        #expect(try await Shell.capture("curl", ["-sf", "-o", "/dev/null", tampered]).status != 0)
    }

    /// The example of AWS's "Authenticating Requests: Using Query Parameters" page.
    @Test("A presigned URL matches AWS's example") func aPresignedURLMatchesAWSsExample() throws {
        let store = S3ObjectStore(
            location: try S3Location(endpoint: "https://s3.amazonaws.com", bucket: "examplebucket", region: "us-east-1", addressing: .virtualHost),
            credentials: AWSCredentials(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"))
        let url = try store.presignedGetURL("test.txt", expiresIn: .seconds(86_400), now: Date(timeIntervalSince1970: 1_369_353_600))
        #expect(
            url
                == "https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404"
        )
        for expiry: Duration in [.seconds(7 * 24 * 3600 + 1), .seconds(0)] {
            let error = #expect(throws: ObjectStoreError.self) { try store.presignedGetURL("test.txt", expiresIn: expiry) }
            #expect(error?.code == .invalidRequest)
            #expect(error?.message.contains("7 days") == true)
        }
        #expect(throws: Never.self) { try store.presignedGetURL("test.txt", expiresIn: S3ObjectStore.longestPresignedExpiry) }
    }

    /// UNSIGNED-PAYLOAD only for PutObject and UploadPart bodies that are not small: over
    /// HTTPS, and over plain HTTP to a custom endpoint when a Content-MD5 guards the body.
    @Test("Large upload bodies go unsigned only where S3 allows it") func largeUploadBodiesGoUnsignedOnlyWhereS3AllowsIt() throws {
        let credentials = AWSCredentials(accessKeyID: "AKID", secretAccessKey: "secret")
        let large = [UInt8](repeating: 1, count: 1 << 20)
        let small = [UInt8](repeating: 1, count: 1 << 10)
        let https = S3ObjectStore(location: try S3Location(endpoint: nil, bucket: "b", region: "eu-west-1"), credentials: credentials)
        let plainAWS = S3ObjectStore(
            location: try S3Location(endpoint: "http://s3.eu-west-1.amazonaws.com", bucket: "b", region: "eu-west-1"), credentials: credentials)
        let plainCustom = S3ObjectStore(
            location: try S3Location(endpoint: "http://127.0.0.1:8333", bucket: "b", region: "us-east-1"), credentials: credentials)
        let unsigned = SignatureV4.unsignedPayload
        #expect(https.payloadHash(large, unsignedAllowed: true, hasContentMD5: false) == unsigned)
        #expect(plainCustom.payloadHash(large, unsignedAllowed: true, hasContentMD5: true) == unsigned)
        #expect(plainCustom.payloadHash(large, unsignedAllowed: true, hasContentMD5: false) == SignatureV4.payloadHash(large))
        #expect(plainAWS.payloadHash(large, unsignedAllowed: true, hasContentMD5: true) == SignatureV4.payloadHash(large))
        #expect(https.payloadHash(large, unsignedAllowed: false, hasContentMD5: true) == SignatureV4.payloadHash(large))
        #expect(https.payloadHash(small, unsignedAllowed: true, hasContentMD5: true) == SignatureV4.payloadHash(small))
    }

    @Test("An error inside a 200 answer is retried like a 500") func anErrorInsideA200AnswerIsRetriedLikeA500() async throws {
        let internalError = ScriptedHTTPServer.Response(
            status: 200, body: "<Error><Code>InternalError</Code><Message>We encountered an internal error. Please try again.</Message></Error>")
        let completed = ScriptedHTTPServer.Response(
            status: 200,
            body: "<CompleteMultipartUploadResult><Key>k</Key><ETag>\"0123456789abcdef0123456789abcdef-2\"</ETag></CompleteMultipartUploadResult>")
        let parts = [UploadedPart(partNumber: 1, etag: "a"), UploadedPart(partNumber: 2, etag: "b")]

        let recovering = try ScriptedHTTPServer([internalError, completed])
        defer { recovering.stop() }
        let etag = try await Self.store(on: recovering).completeMultipartUpload("k", uploadID: "u", parts: parts)
        #expect(etag == "0123456789abcdef0123456789abcdef-2")
        #expect(recovering.requests == 2)

        let failing = try ScriptedHTTPServer([internalError])
        defer { failing.stop() }
        let error = await #expect(throws: ObjectStoreError.self) {
            try await Self.store(on: failing).completeMultipartUpload("k", uploadID: "u", parts: parts)
        }
        #expect(error?.code == .serverError)
        #expect(error?.message.contains("an error inside its HTTP 200 answer (InternalError") == true, "\(error?.message ?? "")")
        #expect(failing.requests == 3)

        let clientError = try ScriptedHTTPServer([
            ScriptedHTTPServer.Response(status: 400, body: "<Error><Code>RequestTimeout</Code><Message>Idle too long.</Message></Error>")
        ])
        defer { clientError.stop() }
        await #expect(throws: ObjectStoreError.self) { try await Self.store(on: clientError).put("k", body: [1], options: PutOptions()) }
        #expect(clientError.requests == 1, "a 400 is not retried, whatever its code")
    }

    private static func store(on server: ScriptedHTTPServer) throws -> S3ObjectStore {
        S3ObjectStore(
            location: try S3Location(endpoint: server.endpoint, bucket: "b", region: "us-east-1"),
            credentials: AWSCredentials(accessKeyID: "AKID", secretAccessKey: "secret"),
            retry: RetryPolicy(maximumAttempts: 3, baseDelay: .milliseconds(1), maximumDelay: .milliseconds(5)))
    }

    /// The code types the error and is shown; the endpoint's own words are not passed on.
    @Test("Error bodies are parsed into their code alone") func errorBodiesAreParsedIntoTheirCodeAlone() {
        let body = Array(
            "<?xml version=\"1.0\"?><Error><Code>SlowDown</Code><Message>Reduce your request rate.</Message><StringToSign>x</StringToSign></Error>"
                .utf8)
        let xml = try? S3XML(body)
        let error = ObjectStoreError.s3(status: 503, s3Code: xml?.value("Code"), operation: "PutObject", key: "k")
        #expect(error.code == .throttled)
        #expect(error.isRetryable)
        #expect(error.message.contains("HTTP 503 (SlowDown)"), "\(error.message)")
        #expect(!error.message.contains("Reduce your request rate"), "\(error.message)")
        let odd = ObjectStoreError.s3(status: 403, s3Code: "<b>Welcome to the router</b>", operation: "PutObject", key: "k")
        #expect(odd.s3Code == nil && odd.message.contains("no S3 error code") && !odd.message.contains("router"), "\(odd.message)")
    }

    /// The issue's rule: 5xx, 408, 429 and broken connections; never another 4xx, whatever
    /// its S3 code; and an error inside a 200 answer like a 500.
    @Test(
        "Only server errors, timeouts and too many requests are retried",
        arguments: [
            (500, "InternalError", true), (503, "SlowDown", true), (502, nil, true), (408, "RequestTimeout", true), (429, nil, true),
            (200, "InternalError", true), (400, "RequestTimeout", false), (400, "Throttling", false), (400, "ThrottlingException", false),
            (400, "BadDigest", false), (403, "AccessDenied", false), (404, "NoSuchKey", false), (412, "PreconditionFailed", false),
        ] as [(Int, String?, Bool)])
    func onlyServerErrorsTimeoutsAndTooManyRequestsAreRetried(_ status: Int, _ code: String?, _ retried: Bool) {
        #expect(ObjectStoreError.s3(status: status, s3Code: code, operation: "PutObject", key: "k").isRetryable == retried)
    }

    @Test("Retries back off with jitter and stop on client errors") func retriesBackOffWithJitterAndStopOnClientErrors() async throws {
        let policy = RetryPolicy(maximumAttempts: 4, baseDelay: .milliseconds(1), maximumDelay: .milliseconds(4))
        for retry in 1...10 {
            #expect(policy.delay(beforeRetry: retry) <= .milliseconds(4))
        }
        let attempts = Counter()
        await #expect(throws: ObjectStoreError.self) {
            try await policy.run(isRetryable: { ($0 as? ObjectStoreError)?.isRetryable ?? false }) {
                await attempts.increment()
                throw ObjectStoreError.s3(status: 503, s3Code: "SlowDown", operation: "PutObject", key: "k")
            }
        }
        #expect(await attempts.value == 4)
        let clientErrors = Counter()
        await #expect(throws: ObjectStoreError.self) {
            try await policy.run(isRetryable: { ($0 as? ObjectStoreError)?.isRetryable ?? false }) {
                await clientErrors.increment()
                throw ObjectStoreError.s3(status: 403, s3Code: "AccessDenied", operation: "PutObject", key: "k")
            }
        }
        #expect(await clientErrors.value == 1)
    }

    @Test("An unreachable store is retried then reported") func anUnreachableStoreIsRetriedThenReported() async throws {
        let store = S3ObjectStore(
            location: try S3Location(endpoint: "http://127.0.0.1:1", bucket: "nowhere", region: "us-east-1"),
            credentials: AWSCredentials(accessKeyID: "AKID", secretAccessKey: "unreachable-secret"),
            retry: RetryPolicy(maximumAttempts: 2, baseDelay: .milliseconds(1)))
        let error = await #expect(throws: ObjectStoreError.self) { try await store.head("x") }
        #expect(error?.code == .unreachable)
        #expect(error?.message.contains("unreachable-secret") == false)
    }

    @Test("HTTP dates are parsed without a formatter") func httpDatesAreParsedWithoutAFormatter() {
        #expect(HTTPDate.parse("Wed, 21 Oct 2015 07:28:00 GMT") == Date(timeIntervalSince1970: 1_445_412_480))
        #expect(HTTPDate.parse("Thu, 29 Feb 2024 23:59:59 GMT") == Date(timeIntervalSince1970: 1_709_251_199))
        for text in ["", "Wed, 21 Oct 2015 07:28:00 PST", "Wed, 32 Oct 2015 07:28:00 GMT", "Wed, 21 Okt 2015 07:28:00 GMT", "2015-10-21T07:28:00Z"] {
            #expect(HTTPDate.parse(text) == nil, "\(text)")
        }
    }

    @Test("Addressing styles") func addressingStyles() throws {
        let custom = try S3Location(endpoint: "http://127.0.0.1:8333", bucket: "b", region: "us-east-1")
        #expect(custom.addressing == .path)
        #expect(custom.url(path: custom.path(of: "k/a b"), encodedQuery: "") == "http://127.0.0.1:8333/b/k/a%20b")
        let aws = try S3Location(endpoint: nil, bucket: "b", region: "eu-west-1")
        #expect(aws.addressing == .virtualHost)
        #expect(aws.url(path: aws.path(of: "k"), encodedQuery: "") == "https://b.s3.eu-west-1.amazonaws.com/k")
        #expect(throws: CloudConfigurationError.self) { try S3Location(endpoint: "ftp://x", bucket: "b", region: "r") }
    }
}
