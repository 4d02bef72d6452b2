import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaS3

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A store that cannot be talked to is named with its endpoint, what went wrong in words (a
/// refused connection is not called a reset) and what to do: never the HTTP client's value dump.
@Suite struct TransportFailureTests {
    static func store(_ endpoint: String) throws -> S3ObjectStore {
        S3ObjectStore(
            location: try S3Location(endpoint: endpoint, bucket: "photos", region: "us-east-1"),
            credentials: AWSCredentials(accessKeyID: "AKIDTRANSPORT", secretAccessKey: "transport-secret"),
            retry: RetryPolicy(maximumAttempts: 2, baseDelay: .milliseconds(1)), timeout: .seconds(10))
    }

    /// The error of a HEAD, a GET and a PUT with a body of 1 MB, each.
    static func errors(_ endpoint: String) async throws -> [ObjectStoreError] {
        let store = try store(endpoint)
        var errors: [ObjectStoreError] = []
        let attempts: [@Sendable () async throws -> Void] = [
            { _ = try await store.head("photos/u/x.dat") },
            { _ = try await store.get("photos/u/x.dat") },
            { _ = try await store.put("photos/u/x.dat", body: [UInt8](repeating: 7, count: 1 << 20), options: PutOptions()) },
        ]
        for attempt in attempts {
            do {
                try await attempt()
                Issue.record("\(endpoint) answered")
            } catch let error as ObjectStoreError {
                errors.append(error)
            }
        }
        return errors
    }

    @Test("a port where nothing listens: 'Could not connect … (connection refused)', for every request")
    func refused() async throws {
        // A port held bound but not listening: connections are refused, and no other test
        // running meanwhile can take it.
        let closed = try #require(LoopbackSocket.bound())
        defer { close(closed.descriptor) }
        let endpoint = "http://127.0.0.1:\(closed.port)"
        for error in try await Self.errors(endpoint) {
            #expect(error.code == .unreachable)
            #expect(error.message == "Could not connect to \(endpoint) (connection refused): is the S3 server running?")
        }
    }

    @Test("a server that resets the connection mid-request: 'The connection … was reset', for every request")
    func reset() async throws {
        let relay = try TCPProxy(upstreamPort: 9)
        defer { relay.stop() }
        relay.reset()
        for error in try await Self.errors(relay.endpoint) {
            #expect(error.code == .unreachable)
            #expect(
                error.message
                    == "The connection to \(relay.endpoint) was reset before the S3 server answered: try again; if it keeps happening, check the S3 server."
            )
        }
        #expect(relay.connectionsAfterCut >= 6, "each request was tried twice")
    }

    @Test("a server that closes the connection before answering is told like a reset: the client sees either first")
    func closedBeforeAnswering() async throws {
        let relay = try TCPProxy(upstreamPort: 9)
        defer { relay.stop() }
        relay.cut()
        let error = try #require(try await Self.errors(relay.endpoint).first)
        #expect(
            error.message
                == "The connection to \(relay.endpoint) was reset before the S3 server answered: try again; if it keeps happening, check the S3 server."
        )
    }

    @Test("a host name that does not resolve is named as such")
    func unknownHost() async throws {
        let error = try #require(try await Self.errors("http://photolala-no-such-host.invalid:9000").first)
        #expect(
            error.message == "Could not find the host of http://photolala-no-such-host.invalid:9000: check PHOTOLALA_S3_ENDPOINT and the network.")
    }
}
