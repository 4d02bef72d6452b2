import Foundation
import Hummingbird
import HummingbirdTesting
import PhotolalaKit
import PhotolalaTestSupport
import Testing

@testable import PhotolalaServer

/// What every API suite needs: the application over this checkout's web UI, JSON bodies, and a
/// folder's rows once its listing is complete.
enum APITestSupport {
    static func application(_ configuration: ServerConfiguration, engine: Engine) throws -> some ApplicationProtocol {
        var configuration = configuration
        configuration.publicDirectory = Fixtures.repositoryRoot.appendingPathComponent("Sources/PhotolalaServer/Public").path
        return try buildApplication(configuration: configuration, engine: engine)
    }

    /// A server of `libraries` with a token, backing up to the folder `store` of `folder` (as to
    /// a disk of the user's own) only when a run is asked for.
    static func backingUp(libraries: [String], in folder: TemporaryDirectory, token: String) -> ServerConfiguration {
        var configuration = ServerConfiguration(folders: [], libraries: libraries, port: 0, token: token)
        configuration.cloud = CloudConfiguration(
            endpoint: nil, bucket: nil, region: "us-east-1", userID: "user", quotaBytes: nil, credentials: nil,
            settingsFile: folder.path("data/cloud.json"), folder: folder.path("store"))
        configuration.backupInactivity = .seconds(3_600)
        return configuration
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any] ?? [:]
    }

    /// Waits for a folder's listing to complete and returns its rows.
    static func rows(_ client: some TestClientProtocol, source: String, folder: String, token: String? = nil) async throws -> [[Any]] {
        let headers: HTTPFields = token.map { [.authorization: "Bearer \($0)"] } ?? [:]
        for _ in 0..<400 {
            let listing = try await client.execute(uri: "/api/sources/\(source)/folders/\(folder)/items", method: .get, headers: headers) {
                try json($0)
            }
            if listing["complete"] as? Bool == true { return listing["items"] as? [[Any]] ?? [] }
            try await Task.sleep(for: .milliseconds(25))
        }
        Issue.record("the listing never completed")
        return []
    }
}
