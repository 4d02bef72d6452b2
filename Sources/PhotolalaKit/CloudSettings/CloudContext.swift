/// The cloud pieces a backup needs, assembled in one place so the CLI and the server build the
/// uploader and the star queue alike (the quota from the settings, the queue on the engine's
/// database).
///
/// ```swift
/// let context = CloudContext(engine: engine, configuration: try CloudConfiguration.load(environment: env, dataDirectory: dir))
/// let queue = context.queue(service: try context.service())
/// ```
public struct CloudContext: Sendable {
    public let engine: Engine
    public let configuration: CloudConfiguration

    /// - Parameters:
    ///   - engine: The engine whose database holds the queue and whose catalog the upload reads.
    ///   - configuration: Where and as whom to back up.
    public init(engine: Engine, configuration: CloudConfiguration) {
        self.engine = engine
        self.configuration = configuration
    }

    /// Whether a backup folder, or a bucket and credentials, are set, so ``service(options:)``
    /// can build an uploader.
    public var isConfigured: Bool {
        configuration.isConfigured
    }

    /// The uploader.
    /// - Throws: ``CloudConfigurationError`` saying what to set when the cloud is not configured.
    public func service(options: BackupService.Options = BackupService.Options()) throws -> BackupService {
        var options = options
        options.quotaBytes = configuration.quotaBytes
        return engine.backupService(store: try configuration.objectStore(), userID: configuration.userID, options: options)
    }

    /// The backup as a source to browse, over the synced catalog, with the download cache's
    /// budget from the settings.
    /// - Throws: ``CloudConfigurationError`` saying what to set when the cloud is not configured.
    public func source() throws -> CloudPhotoSource {
        CloudPhotoSource(
            store: try configuration.objectStore(), userID: configuration.userID, engine: engine, cacheBudget: configuration.downloadCacheBytes)
    }

    /// The cloud catalog as last synced to this device, readable without credentials or the store.
    public var syncedCatalog: SyncedCloudCatalog {
        SyncedCloudCatalog(userID: configuration.userID, engine: engine)
    }

    /// Restores originals from Deep Archive, priced before asking with the prices from the settings.
    /// - Throws: ``CloudConfigurationError`` saying what to set when the cloud is not configured.
    public func restores() throws -> RestoreService {
        RestoreService(store: try configuration.objectStore(), userID: configuration.userID, engine: engine, pricing: configuration.retrievalPricing)
    }

    /// How restores under way are polled: first after the configured delay, then doubling up to an hour.
    public var restorePolling: RestoreService.Polling {
        RestoreService.Polling(initialDelay: configuration.restoreCheckDelay)
    }

    /// The star queue; it uploads only when `service` is given.
    /// - Parameter inactivity: How long after the last star the queue uploads by itself.
    public func queue(service: BackupService? = nil, inactivity: Duration = BackupQueue.standardInactivity) -> BackupQueue {
        engine.backupQueue(service: service, inactivity: inactivity)
    }
}
