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

    static func notAFile(_ path: String) -> Self {
        .init(message: "The configuration file '\(path)' is not a regular file (a folder, a device or a FIFO): name a JSON file.")
    }

    static func malformed(_ path: String, reason: String) -> Self {
        .init(message: "The configuration file '\(path)' cannot be read: \(reason). Fix it, or move it away to use the defaults.")
    }

    static func unknownKey(_ path: String, _ key: String, known: [String]) -> Self {
        .init(
            message:
                "The configuration file '\(path)' has an unknown setting '\(key)'. The settings are \(known.joined(separator: ", "))."
        )
    }

    static func unknownCloudKey(_ path: String, _ key: String, known: [String]) -> Self {
        .init(
            message:
                "The configuration file '\(path)' has an unknown cloud setting 'cloud.\(key)'. The cloud settings are \(known.joined(separator: ", "))."
        )
    }

    static func cloudKeyOutsideCloud(_ path: String, _ key: String) -> Self {
        .init(message: "In the configuration file '\(path)', '\(key)' is a cloud setting: put it in the cloud object, as \"cloud\": {\"\(key)\": …}.")
    }

    /// Names the key, never its value.
    static func credentials(_ path: String, _ key: String) -> Self {
        .init(
            message:
                "The configuration file '\(path)' holds '\(key)': credentials are never read from it, as it is not kept private. Remove it, and give the key pair as AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, as a profile in ~/.aws/credentials, or in the web UI's Cloud Backup panel (saved in cloud-credentials, mode 0600)."
        )
    }

    static func badValue(_ path: String, _ key: String, expected: String) -> Self {
        .init(message: "In the configuration file '\(path)', '\(key)' must be \(expected).")
    }
}
