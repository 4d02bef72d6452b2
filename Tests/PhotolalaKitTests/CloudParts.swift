import PhotolalaS3

@testable import PhotolalaKit

/// The cloud pieces of one device over a store a test chooses (a counting or failing one),
/// given the parts of the engine they take, as ``CloudContext`` gives them.
extension Engine {
    func cloudSync(store: any ObjectStore, userID: String) -> CloudCatalogSync {
        CloudCatalogSync(
            store: store, userID: userID, catalogs: CatalogStore(database: database), dataDirectory: configuration.dataDirectory, logger: logger)
    }

    func cloudSource(store: any ObjectStore, userID: String) -> CloudBackupReader {
        CloudBackupReader(
            sync: cloudSync(store: store, userID: userID), downloads: DownloadCache(directory: configuration.cacheDirectory + "/cloud/" + userID),
            thumbnails: thumbnailStore, imaging: imaging, liveIdentifiers: LiveIdentifierIndex(database: database), logger: logger)
    }

    func restores(store: any ObjectStore, userID: String) -> RestoreService {
        RestoreService(
            store: store, userID: userID, database: database,
            catalog: SyncedCloudCatalog(userID: userID, catalogs: CatalogStore(database: database)), logger: logger)
    }

    func verifier(service: BackupService) -> BackupVerifier {
        let lookup = BackupLookup(
            queue: BackupQueueStore(database: database),
            cloudCatalog: SyncedCloudCatalog(userID: service.layout.userID, catalogs: CatalogStore(database: database)), identities: identities)
        return BackupVerifier(service: service, database: database, lookup: lookup)
    }
}
