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

    /// `host` as Host headers are compared: lowercased, without brackets, an IPv6 address in
    /// its shortest form (`0:0::1` is `::1`).
    static func normalized(_ host: String) -> String {
        let name = bare(host)
        var v6 = in6_addr()
        guard name.contains(":"), inet_pton(AF_INET6, name, &v6) == 1 else { return name }
        return withUnsafePointer(to: &v6) { text(of: UnsafeRawPointer($0), family: AF_INET6) } ?? name
    }

    /// The host of a Host header's value (`host`, `host:port`, `[v6]:port`), normalized; `nil`
    /// when the value is no such thing: a name of letters, digits, `-`, `_` and `.`, an IPv4
    /// address or a bracketed IPv6 one, then at most a port of digits, and nothing else.
    static func host(ofAuthority authority: String) -> String? {
        let utf8 = Array(authority.utf8)
        var host: [UInt8]
        var rest: ArraySlice<UInt8>
        if utf8.first == UInt8(ascii: "[") {
            guard let close = utf8.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            host = Array(utf8[1..<close])
            rest = utf8[(close + 1)...]
            var v6 = in6_addr()
            guard inet_pton(AF_INET6, String(decoding: host, as: UTF8.self), &v6) == 1 else { return nil }
        } else {
            let colon = utf8.firstIndex(of: UInt8(ascii: ":")) ?? utf8.endIndex
            host = Array(utf8[..<colon])
            rest = utf8[colon...]
            let allowed = { (byte: UInt8) in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
                case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): true
                default: false
                }
            }
            guard !host.isEmpty, host.count <= 253, host.allSatisfy(allowed) else { return nil }
        }
        if !rest.isEmpty {
            let port = rest.dropFirst()
            guard rest.first == UInt8(ascii: ":"), (1...5).contains(port.count), port.allSatisfy({ (48...57).contains($0) }),
                let number = Int(String(decoding: port, as: UTF8.self)), number <= 65_535
            else { return nil }
        }
        return normalized(String(decoding: host, as: UTF8.self))
    }

    /// Whether `host` (normalized) is an IPv4 or IPv6 address rather than a name.
    static func isAddress(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }

    /// The addresses of this machine's network interfaces now, normalized.
    static func interfaceAddresses() -> Set<String> {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: Set<String> = []
        var next = first
        while let interface = next {
            next = interface.pointee.ifa_next
            guard let address = interface.pointee.ifa_addr else { continue }
            switch Int32(address.pointee.sa_family) {
            case AF_INET:
                var v4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
                if let text = withUnsafePointer(to: &v4, { text(of: UnsafeRawPointer($0), family: AF_INET) }) { addresses.insert(text) }
            case AF_INET6:
                var v6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
                if let text = withUnsafePointer(to: &v6, { text(of: UnsafeRawPointer($0), family: AF_INET6) }) { addresses.insert(text) }
            default:
                continue
            }
        }
        return addresses
    }

    /// The addresses other devices of the network reach this machine at: its interfaces' IPv4
    /// addresses (IPv6 ones only when it has none), without loopback and link-local ones,
    /// sorted.
    static func networkAddresses() -> [String] {
        let addresses = interfaceAddresses().filter { !isLoopback($0) }
        let v4 = addresses.filter { !$0.contains(":") && !$0.hasPrefix("169.254.") }
        let v6 = addresses.filter { $0.contains(":") && !$0.hasPrefix("fe80:") }
        return v4.isEmpty ? v6.map { "[\($0)]" }.sorted() : v4.sorted()
    }

    /// An address in the text `inet_ntop` gives it.
    private static func text(of address: UnsafeRawPointer, family: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(family, address, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// This machine's name, as `gethostname` gives it; `nil` when it has none.
    static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name.lowercased()
    }
}
