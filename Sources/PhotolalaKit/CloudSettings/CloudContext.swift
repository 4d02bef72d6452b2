public import PhotolalaS3

/// The cloud pieces, assembled in one place so the CLI and the server build the uploader, the
/// star queue, the Cloud source, the sync, the restores and the verifier alike (the quota and
/// budgets from the settings). It holds the engine so that each piece it builds need not: each
/// receives only the parts of it that it uses.
///
/// ```swift
/// let context = CloudContext(engine: engine, configuration: try CloudConfiguration.load(environment: env, dataDirectory: dir))
/// let queue = context.queue(service: try context.service())
/// ```
public struct CloudContext: Sendable {
    public let engine: Engine
    public let configuration: CloudConfiguration

    /// - Parameters:
    ///   - engine: The engine whose parts (database, thumbnail store, imaging, folders, logger) the pieces take.
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

    /// The backup as read for browsing, over the synced catalog, with the download cache's
    /// budget from the settings.
    /// - Throws: ``CloudConfigurationError`` saying what to set when the cloud is not configured.
    public func reader() throws -> CloudBackupReader {
        CloudBackupReader(
            sync: sync(store: try configuration.objectStore()),
            downloads: DownloadCache(
                directory: engine.configuration.cacheDirectory + "/cloud/" + configuration.userID, byteBudget: configuration.downloadCacheBytes,
                logger: engine.logger),
            thumbnails: engine.thumbnailStore, imaging: engine.imaging, liveIdentifiers: LiveIdentifierIndex(database: engine.database),
            logger: engine.logger)
    }

    /// The sync of the cloud catalog in `store` into this device's database and data folder.
    func sync(store: any ObjectStore) -> CloudCatalogSync {
        CloudCatalogSync(
            store: store, userID: configuration.userID, catalogs: catalogs, dataDirectory: engine.configuration.dataDirectory, logger: engine.logger)
    }

    /// The cloud catalog as last synced to this device, readable without credentials or the store.
    public var syncedCatalog: SyncedCloudCatalog {
        SyncedCloudCatalog(userID: configuration.userID, catalogs: catalogs)
    }

    private var catalogs: CatalogStore {
        CatalogStore(database: engine.database)
    }

    /// Restores originals from Deep Archive, priced before asking with the prices from the settings.
    /// - Throws: ``CloudConfigurationError`` saying what to set when the cloud is not configured.
    public func restores() throws -> RestoreService {
        RestoreService(
            store: try configuration.objectStore(), userID: configuration.userID, database: engine.database, catalog: syncedCatalog,
            pricing: configuration.retrievalPricing, logger: engine.logger)
    }

    /// Where photos stand in the backup: the star queue's entries, then the synced catalog.
    public var lookup: BackupLookup {
        BackupLookup(queue: BackupQueueStore(database: engine.database), cloudCatalog: syncedCatalog, identities: engine.identities)
    }

    /// Verifies the backup `service` uploads to, repairing from this device's files.
    public func verifier(service: BackupService) -> BackupVerifier {
        BackupVerifier(service: service, database: engine.database, lookup: lookup)
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
