/// Where Photolala keeps its caches and data, and the limits it works under.
///
/// Built once at the program's entry point from flags and the environment, then passed in.
public struct EngineConfiguration: Sendable {
    /// Thumbnails and other derived files that can be deleted at any time.
    public var cacheDirectory: String
    /// The database: identities, catalogs, the backup queue.
    public var dataDirectory: String
    public var imaging = ImageProcessor.Configuration()
    /// Photos larger than this are refused rather than read into memory.
    public var maximumFileSize: Int64 = 4 << 30
    /// The place data GPS positions are turned into places with (``PlaceFinder``); without it
    /// photos have no place.
    public var placeDataDirectory: String?
    /// How a new XMP sidecar is named when a photo without one is tagged.
    public var sidecarNaming = SidecarNaming.fullName

    /// Working files of a run, e.g. copies of Apple Photos databases: `tmp/` in the cache.
    public var temporaryDirectory: String { cacheDirectory + "/tmp" }

    /// - Parameters:
    ///   - cacheDirectory: Folder for thumbnails and other derived files.
    ///   - dataDirectory: Folder for the database.
    public init(cacheDirectory: String, dataDirectory: String) {
        self.cacheDirectory = cacheDirectory
        self.dataDirectory = dataDirectory
    }

    /// The platform's usual places, overridden by `PHOTOLALA_CACHE_DIR` and `PHOTOLALA_DATA_DIR`,
    /// and the place data where ``PlaceData/locate(environment:)`` finds it:
    /// `$XDG_CACHE_HOME/photolala` and `$XDG_DATA_HOME/photolala` on Linux (defaulting to
    /// `~/.cache` and `~/.local/share`), `~/Library/Caches/Photolala` and
    /// `~/Library/Application Support/Photolala` on macOS.
    public static func standard(environment: [String: String]) -> EngineConfiguration {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        func nonEmpty(_ key: String) -> String? {
            guard let value = environment[key], !value.isEmpty else { return nil }
            return value
        }
        #if os(macOS)
            let cache = home + "/Library/Caches/Photolala"
            let data = home + "/Library/Application Support/Photolala"
        #else
            let cache = (nonEmpty("XDG_CACHE_HOME") ?? home + "/.cache") + "/photolala"
            let data = (nonEmpty("XDG_DATA_HOME") ?? home + "/.local/share") + "/photolala"
        #endif
        var configuration = EngineConfiguration(
            cacheDirectory: nonEmpty("PHOTOLALA_CACHE_DIR") ?? cache,
            dataDirectory: nonEmpty("PHOTOLALA_DATA_DIR") ?? data
        )
        configuration.placeDataDirectory = PlaceData.locate(environment: environment)
        return configuration
    }
}
