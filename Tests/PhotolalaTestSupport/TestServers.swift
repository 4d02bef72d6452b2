import Foundation

/// Whether the real servers the S3 tests need (SeaweedFS, moto) may be missing.
///
/// A developer running `swift test` alone gets the S3 tests skipped, with the reason printed,
/// when a server is not installed; `make test` sets ``requiredVariable``, and then a missing
/// server fails the test that needs it, with the command that installs it, so a green
/// `make test` means every S3 test ran.
public enum TestServers {
    /// Set to `1` by `make test`.
    public static let requiredVariable = "PHOTOLALA_REQUIRE_TEST_SERVERS"

    /// Whether this run must have every server.
    public static var areRequired: Bool {
        ProcessInfo.processInfo.environment[requiredVariable] == "1"
    }

    /// A server the run needs is not installed.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// Throws ``Missing`` when servers are required; returns, for the caller to skip, otherwise.
    /// - Parameters:
    ///   - server: What is missing, e.g. "SeaweedFS's 'weed'".
    ///   - install: The command that installs it.
    public static func unavailable(_ server: String, install: String) throws {
        guard areRequired else { return }
        throw Missing(
            description:
                "\(server) is not installed, and \(requiredVariable)=1 requires it: run Scripts/install-test-servers.sh (\(install)), then the tests again."
        )
    }
}
