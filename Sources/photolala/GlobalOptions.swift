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

    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "Settings file (default: $PHOTOLALA_CONFIG, else $XDG_CONFIG_HOME/photolala/config.json).",
            valueName: "path"))
    var configFile: String?

    /// The settings file `--config` names, else the default one (empty when there is none).
    /// - Throws: ``ConfigurationFileError`` naming the file and the key at fault.
    func configurationFile() throws -> ConfigurationFile {
        try ConfigurationFile.load(explicitPath: configFile.map(Self.absolute), environment: ProcessInfo.processInfo.environment)
    }

    /// The engine configuration from these flags over the environment, over the settings file,
    /// over the defaults.
    func engineConfiguration(file: ConfigurationFile) -> EngineConfiguration {
        var environment = ProcessInfo.processInfo.environment
        for (variable, value) in [("PHOTOLALA_DATA_DIR", file.dataDirectory), ("PHOTOLALA_CACHE_DIR", file.cacheDirectory)]
        where environment[variable, default: ""].isEmpty {
            environment[variable] = value
        }
        var configuration = EngineConfiguration.standard(environment: environment)
        if let cacheDirectory {
            configuration.cacheDirectory = Self.absolute(cacheDirectory)
        }
        if let dataDirectory {
            configuration.dataDirectory = Self.absolute(dataDirectory)
        }
        configuration.sidecarNaming = file.sidecarNaming ?? configuration.sidecarNaming
        return configuration
    }

    /// The engine for the configuration these flags, the environment and the settings file give.
    /// - Throws: ``ConfigurationFileError`` for a bad settings file; the engine's own errors.
    func makeEngine() throws -> Engine {
        try Engine(configuration: engineConfiguration(file: configurationFile()))
    }

    /// Resolves a path given on the command line against the working directory.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
