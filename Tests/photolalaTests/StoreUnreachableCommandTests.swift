import Foundation
import PhotolalaTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every command that talks to the store names it, and what went wrong, when nothing listens
/// there or the connection is reset mid-request: the exact lines a user reads, through the binary.
@Suite("photolala commands with the S3 server down")
struct StoreUnreachableCommandTests {
    static func environment(_ endpoint: String) -> [String: String] {
        [
            "PHOTOLALA_S3_ENDPOINT": endpoint, "PHOTOLALA_S3_BUCKET": "photos", "AWS_ACCESS_KEY_ID": "AKIDTEST",
            "AWS_SECRET_ACCESS_KEY": "not-a-secret-that-matters", "AWS_REGION": "us-east-1", "PHOTOLALA_USER_ID": BackupCommandTests.userID,
        ]
    }

    /// A CLI with one photo starred.
    static func starredPhoto(environment: [String: String]) async throws -> CLI {
        let cli = try CLI()
        let photo = cli.folder.path("photo.gif")
        try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.gif").path, toPath: photo)
        #expect(try await cli.run("backup", "star", photo, environment: environment).status == 0)
        return cli
    }

    @Test("nothing listening: backup run, cloud usage, cloud sync and backup verify say 'Could not connect to … (connection refused)'")
    func refused() async throws {
        // A port held bound but not listening: connections are refused.
        let closed = try #require(LoopbackSocket.bound())
        defer { close(closed.descriptor) }
        let endpoint = "http://127.0.0.1:\(closed.port)"
        let environment = Self.environment(endpoint)
        let cli = try await Self.starredPhoto(environment: environment)
        let message = "Could not connect to \(endpoint) (connection refused): is the S3 server running?"
        let expected: [[String]: String] = [
            ["backup", "run"]: "Error: \(message)\n",
            ["cloud", "usage"]: "Error: \(message)\n",
            ["backup", "verify"]: "Error: \(message)\n",
            ["cloud", "sync"]: "Error: The cloud catalog could not be synced: \(message) (0 photos, last synced never)\n",
        ]
        for (arguments, standardError) in expected {
            let output = try await cli.run(arguments, environment: environment)
            #expect(output.status == 1, "\(arguments)")
            #expect(output.standardError == standardError, "\(arguments)")
        }
        // The queue keeps why: the status of the failed photo says it too.
        let status = try await cli.run("backup", "status", environment: environment)
        #expect(status.standardOutput.contains("The backup run stopped: \(message)"), "\(status.standardOutput)")
    }

    @Test("a server killed mid-request: backup run and cloud sync say 'The connection to … was reset'")
    func reset() async throws {
        let relay = try TCPProxy(upstreamPort: 9)
        defer { relay.stop() }
        relay.reset()
        let environment = Self.environment(relay.endpoint)
        let cli = try await Self.starredPhoto(environment: environment)
        let message =
            "The connection to \(relay.endpoint) was reset before the S3 server answered: try again; if it keeps happening, check the S3 server."
        let run = try await cli.run("backup", "run", environment: environment)
        #expect(run.status == 1)
        #expect(run.standardError == "Error: \(message)\n")
        let sync = try await cli.run("cloud", "sync", environment: environment)
        #expect(sync.standardError == "Error: The cloud catalog could not be synced: \(message) (0 photos, last synced never)\n")
        #expect(relay.connectionsAfterCut > 0)
    }
}
