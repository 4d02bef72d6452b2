import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a bind address or a Host header names, read without asking DNS.
enum HostAddress {
    /// Whether `host` is this machine's loopback interface: `localhost`, an IPv4 address in
    /// 127.0.0.0/8, or `::1` (bracketed or not, and 127/8 mapped into IPv6). Other names are
    /// never resolved: `127.example.com` is a DNS name like any other, which anyone may point
    /// anywhere.
    static func isLoopback(_ host: String) -> Bool {
        let name = bare(host)
        if name == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        let loopback = bytes[..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
        let mapped = bytes[..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
        return loopback || mapped
    }

    /// Whether `host` is a wildcard bind: every interface.
    static func isWildcard(_ host: String) -> Bool {
        ["0.0.0.0", "::", ""].contains(bare(host))
    }

    /// `host` lowercased, without the brackets of an IPv6 literal.
    static func bare(_ host: String) -> String {
        host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
    }

    /// This machine's name, as `gethostname` gives it; `nil` when it has none.
    static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name.lowercased()
    }
}
