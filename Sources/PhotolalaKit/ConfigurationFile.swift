import Foundation

/// The user's settings file, `config.json`: what `photolala serve` serves and where, when the
/// command line does not say, and where every command keeps its data.
///
/// It is found at `--config PATH`, else `$PHOTOLALA_CONFIG`, else
/// `$XDG_CONFIG_HOME/photolala/config.json` (`~/.config/photolala/config.json`); only the last
/// may be missing. Paths in it may start with `~/` and are otherwise resolved against the file's
/// folder, so a systemd unit and a shell read it alike. Its `cloud` object takes the keys of
/// `cloud.json` (``CloudConfiguration/Settings``) and wins over that file, which the web UI
/// writes; credentials are refused, since this file is not kept private: the secret comes from
/// the AWS chain or the 0600 file the web UI saves (``CloudCredentialsFile``).
///
/// ```json
/// { "folders": ["~/Pictures"], "port": 8080, "cloud": { "bucket": "photos", "endpoint": "http://127.0.0.1:8333" } }
/// ```
public struct ConfigurationFile: Sendable, Equatable {
    /// The file read, or `nil` when there was none at the default place.
    public var path: String?
    /// Folder trees `serve` serves when none is named on the command line.
    public var folders: [String] = []
    /// Apple Photos libraries `serve` serves when no `--library` is given.
    public var libraries: [String] = []
    public var host: String?
    public var port: Int?
    /// The access token every request must carry; see ``isValidToken(_:)``.
    public var token: String?
    /// The folder for the database and `cloud.json`, under `PHOTOLALA_DATA_DIR` and `--data-dir`.
    public var dataDirectory: String?
    /// The folder for thumbnails, under `PHOTOLALA_CACHE_DIR` and `--cache-dir`.
    public var cacheDirectory: String?
    /// How a new XMP sidecar is named (`"name.ext.xmp"` or `"name.xmp"`).
    public var sidecarNaming: SidecarNaming?
    /// Cloud backup settings, over `cloud.json`'s and under the environment's.
    public var cloud = CloudConfiguration.Settings()

    /// Empty settings: every value comes from the command line or its default.
    public init() {}

    /// The keys the file may hold; any other is refused, so a misspelt key is not silently ignored.
    static let keys = ["folders", "libraries", "host", "port", "token", "dataDirectory", "cacheDirectory", "sidecarNaming", "cloud"]

    /// Finds and reads the settings file.
    ///
    /// ```swift
    /// let file = try ConfigurationFile.load(explicitPath: options.config, environment: environment)
    /// ```
    /// - Parameters:
    ///   - explicitPath: The file named on the command line (`--config`), if any.
    ///   - environment: The process environment (`PHOTOLALA_CONFIG`, `XDG_CONFIG_HOME`, `HOME`).
    /// - Throws: ``ConfigurationFileError`` when a named file is missing, or the file cannot be
    ///   read or holds a bad value.
    public static func load(explicitPath: String?, environment: [String: String]) throws -> ConfigurationFile {
        let named = explicitPath ?? environment["PHOTOLALA_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
        let path = named ?? defaultPath(environment: environment)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            if let named { throw ConfigurationFileError.missing(named, viaEnvironment: explicitPath == nil) }
            return ConfigurationFile()
        }
        guard !isFolder.boolValue else { throw ConfigurationFileError.notAFile(path) }
        // RegularFile refuses a device or a FIFO, which would be read forever or wait for a
        // writer that never comes; one byte over the limit is enough for the parser to refuse it.
        let bytes: [UInt8]
        do {
            bytes = try RegularFile(path: path).read(upTo: UntrustedDocument.Limits.small.bytes + 1)
        } catch let error as PhotolalaError where error.code == .notRegularFile {
            throw ConfigurationFileError.notAFile(path)
        } catch {
            throw ConfigurationFileError.unreadable(path)
        }
        return try parse(bytes, path: path, home: environment["HOME"])
    }

    /// `$XDG_CONFIG_HOME/photolala/config.json`, else `~/.config/photolala/config.json`.
    public static func defaultPath(environment: [String: String]) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        return base + "/photolala/config.json"
    }

    /// Whether `token` may be an access token: at least 8 letters, digits or `-_.~`, so it fits
    /// in a URL as it is.
    public static func isValidToken(_ token: String) -> Bool {
        token.count >= 8 && token.allSatisfy { $0.isLetter || $0.isNumber || "-_.~".contains($0) }
    }

    /// The settings in `bytes`, a JSON object read from `path`.
    /// - Throws: ``ConfigurationFileError`` naming the key at fault.
    static func parse(_ bytes: [UInt8], path: String, home: String?) throws -> ConfigurationFile {
        let object: Any
        do {
            try UntrustedDocument.check(bytes, as: .json, limits: .small)
            object = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch let refusal as UntrustedDocument.Refusal {
            throw ConfigurationFileError.malformed(path, reason: refusal.reason)
        } catch {
            throw ConfigurationFileError.malformed(path, reason: "it is not well-formed JSON")
        }
        guard let settings = object as? [String: Any] else {
            throw ConfigurationFileError.malformed(path, reason: "it is not a JSON object of settings")
        }
        try refuseCredentials(in: settings, path: path)
        if let unknown = settings.keys.sorted().first(where: { !keys.contains($0) }) {
            if cloudKeys.contains(unknown) { throw ConfigurationFileError.cloudKeyOutsideCloud(path, unknown) }
            throw ConfigurationFileError.unknownKey(path, unknown, known: keys)
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        func resolve(_ value: String) -> String {
            if value == "~" || value.hasPrefix("~/"), let home {
                return URL(fileURLWithPath: home + value.dropFirst()).standardizedFileURL.path
            }
            return URL(fileURLWithPath: value, relativeTo: folder).standardizedFileURL.path
        }
        func string(_ key: String) throws -> String? {
            guard let value = settings[key] else { return nil }
            guard let text = value as? String, !text.isEmpty else {
                throw ConfigurationFileError.badValue(path, key, expected: "a non-empty string")
            }
            return text
        }
        func paths(_ key: String) throws -> [String] {
            guard let value = settings[key] else { return [] }
            guard let list = value as? [Any], let texts = list as? [String], !texts.contains(where: \.isEmpty) else {
                throw ConfigurationFileError.badValue(path, key, expected: "a list of paths, such as [\"~/Pictures\"]")
            }
            return texts.map(resolve)
        }
        var file = ConfigurationFile()
        file.path = path
        file.folders = try paths("folders")
        file.libraries = try paths("libraries")
        file.host = try string("host")
        if let value = settings["port"] {
            guard let port = Self.number(value).flatMap({ Int(exactly: $0) }), (0...65_535).contains(port) else {
                throw ConfigurationFileError.badValue(path, "port", expected: "a whole number from 0 to 65535 (0 picks a free port)")
            }
            file.port = port
        }
        file.token = try string("token")
        if let token = file.token, !isValidToken(token) {
            throw ConfigurationFileError.badValue(path, "token", expected: "at least 8 letters, digits or -_.~ characters")
        }
        file.dataDirectory = try string("dataDirectory").map(resolve)
        file.cacheDirectory = try string("cacheDirectory").map(resolve)
        if let naming = try string("sidecarNaming") {
            guard let known = SidecarNaming(rawValue: naming) else {
                throw ConfigurationFileError.badValue(path, "sidecarNaming", expected: "\"name.ext.xmp\" or \"name.xmp\"")
            }
            file.sidecarNaming = known
        }
        if let cloud = settings["cloud"] {
            file.cloud = try cloudSettings(cloud, path: path, resolve: resolve)
        }
        return file
    }

    /// `value` as a number, `nil` for anything else. JSONSerialization gives every number and
    /// `true` as an NSNumber (which `is Bool` for 0 and 1 alike); a boolean's type code is "c".
    static func number(_ value: Any) -> Double? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return number.doubleValue
    }
}
