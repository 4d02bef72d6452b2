import ArgumentParser
import Foundation
import Logging
import PhotolalaKit

/// Flags every command takes: where caches and data live, and how much is logged.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .customLong("cache-dir"),
        help: ArgumentHelp(
            "Folder for thumbnails and other derived files (default: $PHOTOLALA_CACHE_DIR, else $XDG_CACHE_HOME/photolala).",
            valueName: "path"))
    var cacheDirectory: String?

    @Option(
        name: .customLong("data-dir"),
        help: ArgumentHelp(
            "Folder for the database (default: $PHOTOLALA_DATA_DIR, else $XDG_DATA_HOME/photolala).",
            valueName: "path"))
    var dataDirectory: String?

    @Option(
        name: .customLong("log-level"),
        help: ArgumentHelp(
            "Least severe messages logged to standard error: trace, debug, info, notice, warning, error or critical (default: $PHOTOLALA_LOG_LEVEL, else warning).",
            valueName: "level"),
        transform: GlobalOptions.parseLogLevel)
    var logLevel: Logger.Level?

    /// The engine configuration from these flags over the environment's defaults.
    func engineConfiguration() -> EngineConfiguration {
        var configuration = EngineConfiguration.standard(environment: ProcessInfo.processInfo.environment)
        if let cacheDirectory {
            configuration.cacheDirectory = Self.absolute(cacheDirectory)
        }
        if let dataDirectory {
            configuration.dataDirectory = Self.absolute(dataDirectory)
        }
        return configuration
    }

    func makeEngine() throws -> Engine {
        try Engine(configuration: engineConfiguration())
    }

    /// Resolves a path given on the command line against the working directory.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
