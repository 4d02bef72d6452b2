/// Where a running server is opened: the address it was told to listen on, and, when that is
/// not loopback, the addresses other devices of the network reach it at (a phone on the same
/// Wi-Fi), each with the access token in its query.
public struct ServedAddresses: Sendable, Equatable {
    public let url: String
    public let networkURLs: [String]
}
