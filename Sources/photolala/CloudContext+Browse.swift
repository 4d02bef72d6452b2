import PhotolalaKit

extension CloudContext {
    /// The synced catalog's source over the configured bucket.
    func source() throws -> CloudPhotoSource {
        CloudPhotoSource(store: try configuration.objectStore(), userID: configuration.userID, engine: engine)
    }

    /// The restore service over the configured bucket.
    func restores() throws -> RestoreService {
        RestoreService(store: try configuration.objectStore(), userID: configuration.userID, engine: engine)
    }
}
