import struct Foundation.URLComponents

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension S3Location {
    /// Host names that lead to a cloud provider's instance metadata service, which hands out the
    /// machine's own credentials to whoever asks from it: a settings form that may name any
    /// endpoint must not make the server ask them.
    static let metadataNames: Set<String> = [
        "metadata", "metadata.google.internal", "metadata.goog", "metadata.azure.internal", "instance-data", "instance-data.ec2.internal",
        "metadata.tencentyun.com", "metadata.platformequinix.com",
    ]

    /// Whether `host` (a name, an IPv4 address in any form `inet_aton` reads, or an IPv6
    /// address, bracketed or not) is link-local (169.254.0.0/16, fe80::/10) or a well-known
    /// metadata name or address (169.254.169.254, fd00:ec2::254, 100.100.100.200): a place no
    /// S3 server of a user's is, and where a cloud machine's own credentials are.
    package static func isLinkLocalOrMetadata(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") {
            name = String(name.dropFirst().dropLast())
        }
        if let zone = name.firstIndex(of: "%") {
            name = String(name[..<zone])
        }
        while name.hasSuffix(".") {
            name.removeLast()
        }
        if metadataNames.contains(name) { return true }
        var ipv4 = in_addr()
        if inet_aton(name, &ipv4) != 0 {
            return isLinkLocalOrMetadata(ipv4: UInt32(bigEndian: ipv4.s_addr))
        }
        var ipv6 = in6_addr()
        guard inet_pton(AF_INET6, name, &ipv6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: ipv6) { Array($0) }
        if bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80 { return true }  // fe80::/10
        // fd00:ec2::254, AWS's metadata service over IPv6.
        let awsMetadata: [UInt8] = [0xFD, 0x00, 0x0E, 0xC2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54]
        if bytes == awsMetadata { return true }
        // An IPv4 address mapped (::ffff:a.b.c.d) or translated (64:ff9b::a.b.c.d) into IPv6.
        let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
        let translated = Array(bytes[0..<4]) == [0x00, 0x64, 0xFF, 0x9B] && bytes[4..<12].allSatisfy { $0 == 0 }
        if mapped || translated {
            return isLinkLocalOrMetadata(ipv4: bytes[12..<16].reduce(0) { $0 << 8 | UInt32($1) })
        }
        return false
    }

    /// 169.254.0.0/16, and 100.100.100.200 (Alibaba Cloud's metadata service).
    private static func isLinkLocalOrMetadata(ipv4 address: UInt32) -> Bool {
        address >> 16 == 0xA9FE || address == 0x6464_64C8
    }

    /// Whether `url` carries a user name or password (`http://user:password@host`): the key
    /// pair has fields of its own, and a URL is shown, saved and logged where a secret must not be.
    package static func hasUserInfo(_ url: String) -> Bool {
        guard let components = URLComponents(string: url) else { return url.contains("@") }
        return components.user != nil || components.password != nil
    }

    /// `url` without its user name and password, for messages and logs.
    package static func userInfoRemoved(from url: String) -> String {
        guard var components = URLComponents(string: url) else { return url.contains("@") ? "(an endpoint that is not a URL)" : url }
        guard components.user != nil || components.password != nil else { return url }
        components.user = nil
        components.password = nil
        return components.string ?? "(an endpoint that is not a URL)"
    }
}
