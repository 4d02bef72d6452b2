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
