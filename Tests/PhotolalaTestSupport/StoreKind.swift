import Foundation
public import PhotolalaS3
public import Testing

/// The stores every object-store behaviour is checked against.
public enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case localDirectory
    case seaweedFS

    public var testDescription: String { rawValue }
}

/// A store of `kind` with a fresh, empty bucket (or folder); `nil`, with the reason printed,
/// when SeaweedFS cannot run here.
public func makeStore(_ kind: StoreKind, in folder: TemporaryDirectory) async throws -> (any ObjectStore)? {
    switch kind {
    case .localDirectory:
        return LocalDirectoryObjectStore(root: folder.path("store"))
    case .seaweedFS:
        guard let server = try await SeaweedFS.shared() else {
            print("skipped: \(await SeaweedFS.unavailableReason ?? "SeaweedFS unavailable")")
            return nil
        }
        return try await makeS3Store(on: server)
    }
}

/// An S3 store on `server` with a new bucket, created once the server answers.
public func makeS3Store(on server: SeaweedFS, secret: String? = nil, bucket: String? = nil) async throws -> S3ObjectStore {
    let name = bucket ?? "t" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
    let location = try S3Location(endpoint: server.endpoint, bucket: name, region: "us-east-1")
    // Patient while the server is still starting its filer; quick in the tests themselves.
    let patient = S3ObjectStore(
        location: location, credentials: AWSCredentials(accessKeyID: server.accessKey, secretAccessKey: server.secretKey),
        retry: RetryPolicy(maximumAttempts: 40, baseDelay: .milliseconds(100), maximumDelay: .milliseconds(400)))
    if bucket == nil {
        try await patient.createBucket()
    }
    return S3ObjectStore(
        location: location, credentials: AWSCredentials(accessKeyID: server.accessKey, secretAccessKey: secret ?? server.secretKey),
        retry: RetryPolicy(maximumAttempts: 3, baseDelay: .milliseconds(50), maximumDelay: .milliseconds(200)), timeout: .seconds(30))
}
