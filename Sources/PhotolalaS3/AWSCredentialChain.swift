import Foundation

/// The standard AWS way of finding credentials and region: the environment first, then the
/// profile (`AWS_PROFILE`, else `default`) in `~/.aws/credentials` and `~/.aws/config`; last,
/// the key pair saved from Photolala's web UI (`CloudCredentialsFile` in the engine), so a key set where
/// AWS tools look always wins over one typed into a form.
public struct AWSCredentialChain: Sendable {
    public let environment: [String: String]
    /// Photolala's own credentials file, read after the environment and the profile.
    public let savedCredentialsFile: String?

    /// - Parameters:
    ///   - environment: The process environment, read once at the entry point.
    ///   - savedCredentialsFile: The key pair saved from the web UI, if any.
    public init(environment: [String: String], savedCredentialsFile: String? = nil) {
        self.environment = environment
        self.savedCredentialsFile = savedCredentialsFile
    }

    /// The section of the saved credentials file that holds the key pair.
    package static let savedCredentialsSection = "default"

    /// The profile asked for, or `default`.
    public var profile: String {
        value("AWS_PROFILE") ?? value("AWS_DEFAULT_PROFILE") ?? "default"
    }

    /// The first credentials found, or `nil` when there are none.
    /// - Throws: ``CloudConfigurationError`` when a source has half a key pair.
    public func credentials() throws -> AWSCredentials? {
        try found()?.credentials
    }

    /// Where the credentials ``credentials()`` finds come from when it is not Photolala's own
    /// file: `AWS_ACCESS_KEY_ID` or the profile file's path; `nil` for the saved pair or none.
    /// - Throws: ``CloudConfigurationError`` when a source has half a key pair.
    public func overridingCredentialsSource() throws -> String? {
        guard let found = try found(), found.source != savedCredentialsFile else { return nil }
        return found.source
    }

    private func found() throws -> (credentials: AWSCredentials, source: String)? {
        if let found = try pair(value("AWS_ACCESS_KEY_ID"), value("AWS_SECRET_ACCESS_KEY"), value("AWS_SESSION_TOKEN"), source: "the environment") {
            return (found, "AWS_ACCESS_KEY_ID")
        }
        var files = [(credentialsFile, profile), (configFile, configSection)]
        if let savedCredentialsFile {
            files.append((savedCredentialsFile, Self.savedCredentialsSection))
        }
        for (path, section) in files {
            guard let values = Self.iniSections(path)?[section] else { continue }
            if let found = try pair(values["aws_access_key_id"], values["aws_secret_access_key"], values["aws_session_token"], source: path) {
                return (found, path)
            }
        }
        return nil
    }

    /// `AWS_REGION`, `AWS_DEFAULT_REGION`, or the profile's `region` in `~/.aws/config`.
    public func region() -> String? {
        environmentRegion ?? profileRegion
    }

    /// `AWS_REGION`, else `AWS_DEFAULT_REGION`.
    public var environmentRegion: String? {
        value("AWS_REGION") ?? value("AWS_DEFAULT_REGION")
    }

    /// The profile's `region` in `~/.aws/config`.
    public var profileRegion: String? {
        Self.iniSections(configFile)?[configSection]?["region"]
    }

    var home: String { value("HOME") ?? "/tmp" }
    var credentialsFile: String { value("AWS_SHARED_CREDENTIALS_FILE") ?? home + "/.aws/credentials" }
    var configFile: String { value("AWS_CONFIG_FILE") ?? home + "/.aws/config" }
    /// `~/.aws/config` names profiles `[profile NAME]`, except `[default]`.
    var configSection: String { profile == "default" ? "default" : "profile " + profile }

    private func value(_ name: String) -> String? {
        environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    private func pair(_ key: String?, _ secret: String?, _ token: String?, source: String) throws -> AWSCredentials? {
        switch (key, secret) {
        case (nil, nil): nil
        case (let key?, let secret?): AWSCredentials(accessKeyID: key, secretAccessKey: secret, sessionToken: token)
        default: throw CloudConfigurationError.incompleteCredentials(source)
        }
    }

    /// Sections of an INI file (`[name]` then `key = value` lines, `#` and `;` comments);
    /// `nil` when the file cannot be read.
    package static func iniSections(_ path: String) -> [String: [String: String]]? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        var sections: [String: [String: String]] = [:]
        var current: String?
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                current = line.dropFirst().dropLast().split(whereSeparator: \.isWhitespace).joined(separator: " ")
                sections[current ?? "", default: [:]] = sections[current ?? ""] ?? [:]
            } else if let current, let equals = line.firstIndex(of: "=") {
                let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                sections[current, default: [:]][key] = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return sections
    }
}
