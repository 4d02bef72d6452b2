#if canImport(Glibc)
    public import Glibc
#elseif canImport(Darwin)
    public import Darwin
#endif

/// TCP sockets on 127.0.0.1, for the test servers and relays the tests start themselves.
public enum LoopbackSocket {
    /// A socket bound to a port of 127.0.0.1 that the kernel chose, listening with `backlog`
    /// (bound only, to learn a free port, without); `nil` when that fails, with `errno` set.
    public static func bound(listening backlog: Int32? = nil) -> (descriptor: Int32, port: Int)? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = address(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
                    && (backlog.map { listen(descriptor, $0) == 0 } ?? true)
            }
        }
        guard ready else {
            let failure = errno
            close(descriptor)
            errno = failure
            return nil
        }
        return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Whether something listens on `port` of 127.0.0.1: a connection is accepted.
    public static func isListening(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = address(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// The address of `port` on 127.0.0.1.
    public static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
