import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// What only a real S3 server can show: signatures checked, presigned URLs, errors typed.
@Suite struct S3ObjectStoreTests {
    @Test func aWrongSecretIsATypedAuthErrorThatDoesNotShowTheSecret() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(SeaweedFS.unavailableReason ?? "")") }
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

    @Test func aPresignedURLWorksOverPlainHTTP() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(SeaweedFS.unavailableReason ?? "")") }
        let store = try await makeS3Store(on: server)
        _ = try await store.put("shared/a b.txt", body: Array("presigned".utf8), options: PutOptions())
        let url = store.presignedGetURL("shared/a b.txt", expiresIn: .seconds(300))
        #expect(!url.contains(server.secretKey))
        #expect(try Shell.run("curl", ["-sf", url]) == "presigned")
        let tampered = url.replacingOccurrences(of: "a%20b.txt", with: "other.txt")
        #expect(try Shell.capture("curl", ["-sf", "-o", "/dev/null", tampered]).status != 0)
    }

    @Test func errorBodiesAreParsedIntoCodeAndMessage() {
        let body = Array(
            "<?xml version=\"1.0\"?><Error><Code>SlowDown</Code><Message>Reduce your request rate.</Message><StringToSign>x</StringToSign></Error>"
                .utf8)
        let xml = S3XML(body)
        let error = ObjectStoreError.s3(status: 503, s3Code: xml?.value("Code"), s3Message: xml?.value("Message"), operation: "PutObject", key: "k")
        #expect(error.code == .throttled)
        #expect(error.isRetryable)
        #expect(error.message.contains("SlowDown: Reduce your request rate."))
        #expect(!ObjectStoreError.s3(status: 404, s3Code: "NoSuchKey", s3Message: nil, operation: "GetObject", key: "k").isRetryable)
        #expect(ObjectStoreError.s3(status: 408, s3Code: "RequestTimeout", s3Message: nil, operation: "GetObject", key: "k").isRetryable)
        #expect(!ObjectStoreError.s3(status: 400, s3Code: "BadDigest", s3Message: nil, operation: "PutObject", key: "k").isRetryable)
    }

    @Test func retriesBackOffWithJitterAndStopOnClientErrors() async throws {
        let policy = RetryPolicy(maximumAttempts: 4, baseDelay: .milliseconds(1), maximumDelay: .milliseconds(4))
        for retry in 1...10 {
            #expect(policy.delay(beforeRetry: retry) <= .milliseconds(4))
        }
        let attempts = Counter()
        await #expect(throws: ObjectStoreError.self) {
            try await policy.run(isRetryable: { ($0 as? ObjectStoreError)?.isRetryable ?? false }) {
                await attempts.increment()
                throw ObjectStoreError.s3(status: 503, s3Code: "SlowDown", s3Message: nil, operation: "PutObject", key: "k")
            }
        }
        #expect(await attempts.value == 4)
        let clientErrors = Counter()
        await #expect(throws: ObjectStoreError.self) {
            try await policy.run(isRetryable: { ($0 as? ObjectStoreError)?.isRetryable ?? false }) {
                await clientErrors.increment()
                throw ObjectStoreError.s3(status: 403, s3Code: "AccessDenied", s3Message: nil, operation: "PutObject", key: "k")
            }
        }
        #expect(await clientErrors.value == 1)
    }

    @Test func anUnreachableStoreIsRetriedThenReported() async throws {
        let store = S3ObjectStore(
            location: try S3Location(endpoint: "http://127.0.0.1:1", bucket: "nowhere", region: "us-east-1"),
            credentials: AWSCredentials(accessKeyID: "AKID", secretAccessKey: "unreachable-secret"),
            retry: RetryPolicy(maximumAttempts: 2, baseDelay: .milliseconds(1)))
        let error = await #expect(throws: ObjectStoreError.self) { try await store.head("x") }
        #expect(error?.code == .unreachable)
        #expect(error?.message.contains("unreachable-secret") == false)
    }

    @Test func addressingStyles() throws {
        let custom = try S3Location(endpoint: "http://127.0.0.1:8333", bucket: "b", region: "us-east-1")
        #expect(custom.addressing == .path)
        #expect(custom.url(path: custom.path(of: "k/a b"), encodedQuery: "") == "http://127.0.0.1:8333/b/k/a%20b")
        let aws = try S3Location(endpoint: nil, bucket: "b", region: "eu-west-1")
        #expect(aws.addressing == .virtualHost)
        #expect(aws.url(path: aws.path(of: "k"), encodedQuery: "") == "https://b.s3.eu-west-1.amazonaws.com/k")
        #expect(throws: CloudConfigurationError.self) { try S3Location(endpoint: "ftp://x", bucket: "b", region: "r") }
    }
}

/// A count shared with `@Sendable` closures.
actor Counter {
    private(set) var value = 0

    func increment() {
        value += 1
    }
}
