public import PhotolalaS3

extension Engine {
    /// An uploader to `store`, given the parts of the engine it uses: the database for its
    /// bookkeeping, the photo reader (identity index, thumbnail store, imaging) and the synced
    /// copy of the cloud catalog.
    ///
    /// ```swift
    /// let report = try await engine.backupService(store: LocalDirectoryObjectStore(root: "/mnt/nas/backup"), userID: userID).backUp(paths)
    /// ```
    /// - Parameters:
    ///   - store: Where the backup goes.
    ///   - userID: The user's prefix in the store.
    ///   - options: Multipart threshold, concurrency and quota.
    public func backupService(store: any ObjectStore, userID: String, options: BackupService.Options = BackupService.Options()) -> BackupService {
        let catalogSync = CloudCatalogSync(
            store: store, userID: userID, catalogs: CatalogStore(database: database), dataDirectory: configuration.dataDirectory, logger: logger)
        return BackupService(
            store: store, userID: userID, database: database, files: fileReader, catalogSync: catalogSync, options: options, logger: logger)
    }

    /// The star queue over this engine's database, starring from its identity index.
    /// - Parameters:
    ///   - service: The uploader; `nil` when no cloud is configured (starring still works).
    ///   - inactivity: How long after the last star the queue uploads by itself.
    ///   - clock: What the quiet period is measured on.
    public func backupQueue(
        service: BackupService? = nil, inactivity: Duration = BackupQueue.standardInactivity, clock: any Clock<Duration> = ContinuousClock()
    ) -> BackupQueue {
        BackupQueue(database: database, identities: identities, service: service, inactivity: inactivity, clock: clock, logger: logger)
    }
}
