import Synchronization

/// The hosts a request's Host header may name, so that a hostile page cannot reach the server
/// through DNS rebinding: a name the attacker controls never passes, whatever address it points
/// to. The port is not checked (the attacker controls the name, not the port).
struct AllowedHosts: Sendable {
    /// Names and addresses, lowercased, IPv6 addresses in their shortest form.
    let names: Set<String>
    /// Whether this machine's network addresses pass too (a wildcard bind), looked up when
    /// asked: they change as networks come and go.
    let interfaceAddresses: Bool
    private let recentAddresses = RecentInterfaceAddresses()

    /// The bound address and, on loopback, `localhost`, `127.0.0.1` and `::1`; on another
    /// address (which has a token) this machine's name too, and on a wildcard bind every
    /// address of this machine and its loopback names; and the names the configuration allows
    /// (a reverse proxy's).
    init(_ configuration: ServerConfiguration) {
        var names: Set<String> = []
        let wildcard = HostAddress.isWildcard(configuration.host)
        if !wildcard {
            names.insert(HostAddress.normalized(configuration.host))
        }
        if configuration.isLoopback || wildcard {
            names.formUnion(["localhost", "127.0.0.1", "::1"])
        }
        if !configuration.isLoopback, let machineName = configuration.machineName?.lowercased() {
            names.formUnion([machineName, machineName + ".local"])
        }
        names.formUnion(configuration.allowedHostNames.map(HostAddress.normalized))
        self.names = names
        interfaceAddresses = wildcard
    }

    /// Whether `host`, as ``HostAddress/host(ofAuthority:)`` reads it, names this server.
    func allows(_ host: String) -> Bool {
        names.contains(host) || (interfaceAddresses && HostAddress.isAddress(host) && recentAddresses.contains(host))
    }
}

/// This machine's addresses as last read, read again when asked for one they lack (at most
/// once a second), so that a page's thousand thumbnail requests do not each list the interfaces.
private final class RecentInterfaceAddresses: Sendable {
    private let state = Mutex((addresses: Set<String>(), read: ContinuousClock.Instant?.none))

    func contains(_ address: String) -> Bool {
        state.withLock { state in
            if state.addresses.contains(address) { return true }
            if let read = state.read, ContinuousClock.now - read < .seconds(1) { return false }
            state = (HostAddress.interfaceAddresses(), .now)
            return state.addresses.contains(address)
        }
    }
}
