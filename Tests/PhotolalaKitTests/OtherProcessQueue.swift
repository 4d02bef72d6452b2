@testable import PhotolalaKit

/// The star queue as another process (`photolala backup star`, `backup status`) opens it: over
/// the database at `path`, without an uploader.
func otherProcessQueue(databaseAt path: String) throws -> BackupQueue {
    let database = try PhotolalaDatabase(path: path)
    return BackupQueue(database: database, identities: IdentityIndex(database: database), service: nil)
}
