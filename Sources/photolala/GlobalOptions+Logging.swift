import ArgumentParser
import Logging

/// A command that takes the ``GlobalOptions``, whose `--log-level` the entry point reads
/// before the command runs.
protocol GlobalOptionsCommand {
    var global: GlobalOptions { get }
}

extension GlobalOptions {
    /// The level a run logs at when neither `--log-level` nor `PHOTOLALA_LOG_LEVEL` says:
    /// warnings are failures worth hearing of (a cache that cannot be written, a background
    /// sync that failed); notices and below describe work that went as it should.
    static let defaultLogLevel = Logger.Level.warning

    /// The least severe level logged: `--log-level` when given, else `PHOTOLALA_LOG_LEVEL`,
    /// else ``defaultLogLevel``.
    /// - Throws: ``PhotolalaCommandError`` when `PHOTOLALA_LOG_LEVEL` names no level.
    static func logLevel(flag: Logger.Level?, environment: [String: String]) throws -> Logger.Level {
        if let flag { return flag }
        guard let value = environment["PHOTOLALA_LOG_LEVEL"], !value.isEmpty else { return defaultLogLevel }
        guard let level = Logger.Level(rawValue: value.lowercased()) else {
            throw PhotolalaCommandError("PHOTOLALA_LOG_LEVEL must be one of \(levelNames), not '\(value)'.")
        }
        return level
    }

    /// Reads a `--log-level` value.
    static func parseLogLevel(_ value: String) throws -> Logger.Level {
        guard let level = Logger.Level(rawValue: value.lowercased()) else {
            throw ValidationError("use one of \(levelNames).")
        }
        return level
    }

    static var levelNames: String {
        Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
