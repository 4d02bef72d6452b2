import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a request to the store got no answer, told in words a user can act on: the HTTP client
/// reports a refused connection as `connection reset (error set): Connection refused (errno:
/// 111)` inside a value dump, which names neither the store nor what to do.
struct TransportFailure: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// Nothing listens at the endpoint (`ECONNREFUSED`).
        case refused
        /// The connection broke or was closed before the answer came: the server went away
        /// mid-request (`ECONNRESET`, `EPIPE`, or an end of stream; which one the client sees
        /// first is a race, so they are told alike).
        case reset
        /// No answer in time: while connecting, or once connected.
        case timedOut(connecting: Bool)
        /// The host name could not be resolved.
        case unknownHost
        /// No route to the host or its network.
        case noRoute
        /// Anything else; `reason` says what the system said, when it said something.
        case other(reason: String?)
    }

    let kind: Kind

    /// Classifies `error`, as thrown by the HTTP client while connecting, sending or receiving.
    init(_ error: any Error) {
        kind = Self.kind(of: error)
    }

    /// The sentence for a request to `endpoint` that failed this way; a timed-out one names the
    /// deadline it missed.
    /// - Parameters:
    ///   - connectTimeout: How long connecting may take.
    ///   - answerTimeout: How long the store may take to answer once connected.
    func message(endpoint: String, connectTimeout: Duration? = nil, answerTimeout: Duration? = nil) -> String {
        switch kind {
        case .refused:
            "Could not connect to \(endpoint) (connection refused): is the S3 server running?"
        case .reset:
            "The connection to \(endpoint) was reset before the S3 server answered: try again; if it keeps happening, check the S3 server."
        case .timedOut(connecting: true):
            "Could not connect to \(endpoint)\(connectTimeout.map { " within \(Self.seconds($0))" } ?? " in time"): check the network, and that the S3 server is running."
        case .timedOut(connecting: false):
            "\(endpoint) did not answer\(answerTimeout.map { " within \(Self.seconds($0))" } ?? " in time"): check the network, and that the S3 server is running."
        case .unknownHost:
            "Could not find the host of \(endpoint): check PHOTOLALA_S3_ENDPOINT and the network."
        case .noRoute:
            "Could not reach \(endpoint) (no route to the host): check the network."
        case .other(let reason):
            "Could not reach \(endpoint)\(reason.map { " (\($0))" } ?? ""): check that the S3 server is running and reachable."
        }
    }

    /// "10 s", "0.5 s".
    static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard attoseconds != 0 else { return "\(seconds) s" }
        return "\((Double(seconds) + Double(attoseconds) / 1e18).formatted(.number.precision(.fractionLength(0...1)))) s"
    }

    private static func kind(of error: any Error) -> Kind {
        switch error {
        case let error as IOError:
            return kind(errno: error.errnoCode)
        case let error as HTTPClientError:
            switch error {
            case .remoteConnectionClosed: return .reset
            case .connectTimeout, .getConnectionFromPoolTimeout, .tlsHandshakeTimeout: return .timedOut(connecting: true)
            case .deadlineExceeded, .readTimeout, .writeTimeout: return .timedOut(connecting: false)
            default: return .other(reason: nil)
            }
        case let error as ChannelError:
            switch error {
            case .connectTimeout: return .timedOut(connecting: true)
            case .eof, .ioOnClosedChannel, .outputClosed, .alreadyClosed: return .reset
            default: return .other(reason: nil)
            }
        case let error as NIOConnectionError:
            // Each address tried failed; the system's error of the first that says something
            // tells what happened.
            if error.dnsAError != nil || error.dnsAAAAError != nil, error.connectionErrors.isEmpty { return .unknownHost }
            let kinds = error.connectionErrors.map { kind(of: $0.error) }
            return kinds.first { $0 != .other(reason: nil) } ?? kinds.first ?? .other(reason: nil)
        case is SocketAddressError:
            return .unknownHost
        default:
            return .other(reason: nil)
        }
    }

    private static func kind(errno code: CInt) -> Kind {
        switch code {
        case ECONNREFUSED: .refused
        case ECONNRESET, EPIPE, ECONNABORTED: .reset
        case ETIMEDOUT: .timedOut(connecting: true)
        case EHOSTUNREACH, ENETUNREACH, EHOSTDOWN, ENETDOWN: .noRoute
        default: .other(reason: String(cString: strerror(code)).lowercased())
        }
    }
}
