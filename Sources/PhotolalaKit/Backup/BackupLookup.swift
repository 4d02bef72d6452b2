/// The one answer to "is this photo backed up?", for files and for contents alike: a photo in
/// the star queue stands as its entry says (starred, uploading, backed up, failed); otherwise
/// it is backed up when the synced cloud catalog lists its content, whichever device uploaded
/// it. The store is never asked: the badges, the inspector and the copy finder answer offline
/// and at once.
///
/// ```swift
/// let lookup = BackupLookup(queue: queue, cloudCatalog: context.syncedCatalog, identities: engine.identities)
/// for (path, standing) in try await lookup.standings(ofFilesUnder: ["/home/me/Pictures"]) { print(path, standing) }
/// ```
public struct BackupLookup: Sendable {
    let queue: BackupQueueManager
    /// `nil` when no cloud is set up: only the queue answers.
    let cloudCatalog: SyncedCloudCatalog?
    let identities: IdentityIndex

    /// Where a photo stands in the backup.
    public enum Standing: Sendable, Equatable {
        /// In the star queue, in the entry's state.
        case queued(BackupQueueEntry)
        /// Not in the queue, and listed by the synced cloud catalog.
        case inCloud
    }

    /// - Parameters:
    ///   - queue: The star queue.
    ///   - cloudCatalog: The cloud catalog as synced to this device; `nil` without a cloud.
    ///   - identities: The MD5s this device knows of its files.
    public init(queue: BackupQueueManager, cloudCatalog: SyncedCloudCatalog?, identities: IdentityIndex) {
        self.queue = queue
        self.cloudCatalog = cloudCatalog
        self.identities = identities
    }

    /// Where the files under `roots` stand, by path: those in the queue, and those whose known,
    /// unchanged content the synced catalog lists. Files of unknown content (never hashed
    /// here) are left out.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func standings(ofFilesUnder roots: [String]) async throws -> [String: Standing] {
        var standings: [String: Standing] = [:]
        if let cloudCatalog {
            for path in try cloudCatalog.filesOnThisDevice(under: roots).keys {
                standings[path] = .inCloud
            }
        }
        for entry in try await queue.entries() where roots.contains(where: { entry.path.hasPrefix($0 + "/") }) {
            standings[entry.path] = .queued(entry)
        }
        return standings
    }

    /// Where the content `md5` stands: its queue entry, else ``Standing/inCloud`` when the
    /// synced catalog lists it; `nil` when it is not backed up.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func standing(md5: String) async throws -> Standing? {
        if let entry = try await queue.entry(md5: md5.lowercased()) {
            return .queued(entry)
        }
        return try isInCloud(md5: md5) ? .inCloud : nil
    }

    /// Whether the synced cloud catalog lists the content `md5`.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func isInCloud(md5: String) throws -> Bool {
        try cloudCatalog?.entry(md5: md5) != nil
    }

    /// The sizes of the photos the synced catalog lists: a file of another size is none of
    /// them, so only files of these sizes are worth hashing to find copies of the backup.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func cloudSizes() throws -> Set<Int64> {
        try cloudCatalog?.sizes() ?? []
    }

    /// Files this device has known with the content `md5`: the queue's, then the identity
    /// index's. They are not read: a caller about to use one checks it still holds that content.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    func recordedPaths(md5: String) async throws -> [String] {
        let queued = try await queue.entry(md5: md5).map { [$0.path] } ?? []
        return queued + (try identities.paths(withMD5: md5)).filter { !queued.contains($0) }
    }
}
