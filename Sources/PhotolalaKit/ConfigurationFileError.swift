/// A settings file (``ConfigurationFile``) that is missing, unreadable or wrong, naming the
/// file and the key to fix.
public struct ConfigurationFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public var description: String { message }

    init(message: String) {
        self.message = message
    }

    static func missing(_ path: String, viaEnvironment: Bool) -> Self {
        .init(
            message:
                "The configuration file '\(path)' (named by \(viaEnvironment ? "PHOTOLALA_CONFIG" : "--config")) does not exist. Create it or name another."
        )
    }

    static func unreadable(_ path: String) -> Self {
        .init(message: "The configuration file '\(path)' cannot be read. Check its permissions.")
    }

    static func malformed(_ path: String, reason: String) -> Self {
        .init(message: "The configuration file '\(path)' cannot be read: \(reason). Fix it, or move it away to use the defaults.")
    }

    static func unknownKey(_ path: String, _ key: String, known: [String]) -> Self {
        .init(
            message:
                "The configuration file '\(path)' has an unknown setting '\(key)'. The settings are \(known.joined(separator: ", ")); cloud settings live in cloud.json in the data directory."
        )
    }

    static func badValue(_ path: String, _ key: String, expected: String) -> Self {
        .init(message: "In the configuration file '\(path)', '\(key)' must be \(expected).")
    }
}
