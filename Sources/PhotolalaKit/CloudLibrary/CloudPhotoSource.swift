import Foundation
import GRDB
public import Logging
public import PhotolalaS3

/// The user's backup as a ``PhotoSource`` (seed 002's S3PhotoProvider): items come from the
/// synced cloud catalog, never from listing the bucket; thumbnails and metadata (Standard
/// storage) through a ``DownloadCache``; the original only once it is readable (restored from
/// Deep Archive). Item ids are the photos' MD5s.
///
/// ```swift
/// let source = CloudPhotoSource(store: store, userID: config.userID, engine: engine)
/// _ = await source.sync.sync()
/// for photo in try source.entries() { print(photo.filename, photo.photoDate) }
/// ```
public struct CloudPhotoSource: PhotoSource {
    let store: any ObjectStore
    public let layout: CloudLayout
    /// Keeps the catalog this source lists up to date.
    public let sync: CloudCatalogSync
    let cache: DownloadCache
    let database: PhotolalaDatabase
    let imaging: ImageProcessor
    package let logger: Logger

    public var capabilities: PhotoSourceCapabilities { [.sorting, .grouping, .preview, .restore] }

    /// - Parameters:
    ///   - store: The bucket holding the backup.
    ///   - userID: Whose backup to show.
    ///   - engine: Holds the database with the synced catalog; its cache folder holds downloads.
    ///   - cacheBudget: Bytes of downloaded thumbnails and metadata kept on disk
    ///     (``CloudConfiguration/downloadCacheBytes``).
    ///   - logger: Hears what the browser only shows in short, such as a metadata plist that
    ///     could not be read.
    public init(
        store: any ObjectStore, userID: String, engine: Engine, cacheBudget: Int64 = DownloadCache.defaultBudget,
        logger: Logger = Logger(label: "photolala.cloud")
    ) {
        self.store = store
        self.layout = CloudLayout(userID: userID)
        self.sync = CloudCatalogSync(store: store, userID: userID, engine: engine)
        self.cache = DownloadCache(directory: engine.configuration.cacheDirectory + "/cloud/" + userID, byteBudget: cacheBudget)
        self.database = engine.database
        self.imaging = engine.imaging
        self.logger = logger
    }

    /// Every photo of the synced catalog with its date, size and dimensions, in no particular
    /// order (the browser sorts): what a server lists and sorts without another request. Read
    /// by column position, unsorted, as 100,000 rows take a tenth of a second to sort in SQLite.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func listedPhotos() throws -> [ListedPhoto] {
        guard let record = try sync.record() else { return [] }
        return try database.read { db in
            var photos: [ListedPhoto] = []
            let rows = try Row.fetchCursor(
                db, sql: "SELECT md5, filename, size, photoDate, width, height FROM catalogEntry WHERE catalogId = ?", arguments: [record.id])
            while let row = try rows.next() {
                photos.append(Self.listedPhoto(row))
            }
            return photos
        }
    }

    /// A row of `md5, filename, size, photoDate, width, height`.
    private static func listedPhoto(_ row: Row) -> ListedPhoto {
        ListedPhoto(item: PhotoItem(id: row[0], displayName: row[1]), date: row[3], size: row[2], width: row[4], height: row[5], dateSource: .catalog)
    }

    /// The `count` oldest and the `count` newest photos of the synced catalog: what a browser
    /// shows first in date order, read with two top-N queries before the whole catalog.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func listedPhotos(atBothEnds count: Int) throws -> [ListedPhoto] {
        guard let record = try sync.record() else { return [] }
        return try database.read { db in
            var photos: [ListedPhoto] = []
            var seen: Set<String> = []
            for order in ["ASC", "DESC"] {
                let rows = try Row.fetchCursor(
                    db,
                    sql:
                        "SELECT md5, filename, size, photoDate, width, height FROM catalogEntry WHERE catalogId = ? ORDER BY photoDate \(order) LIMIT ?",
                    arguments: [record.id, count])
                while let row = try rows.next() {
                    let photo = Self.listedPhoto(row)
                    if seen.insert(photo.item.id).inserted {
                        photos.append(photo)
                    }
                }
            }
            return photos
        }
    }

    /// The listing facts of some photos, by MD5; those the catalog does not list are left out.
    /// Many (the first sync, found by a folder opened before it) are read in one pass over the
    /// catalog: 100,000 lookups one by one take seconds.
    public func listedPhotos(for ids: [PhotoItem.ID]) -> [ListedPhoto] {
        do {
            guard ids.count > Self.lookupsBeforeScan else {
                // A photo the catalog does not list is left out (`sync.entry` answers nil).
                return try ids.compactMap { try sync.entry(md5: $0) }.map(Self.listedPhoto)
            }
            let wanted = Set(ids)
            return try listedPhotos().filter { wanted.contains($0.item.id) }
        } catch {
            logger.error("The synced cloud catalog could not be read; these photos show no cloud facts.", metadata: ["error": .error(error)])
            return []
        }
    }

    /// Above this many photos, reading the whole catalog is quicker than looking each one up.
    static let lookupsBeforeScan = 1_000

    private static func listedPhoto(_ entry: CatalogEntry) -> ListedPhoto {
        ListedPhoto(
            item: PhotoItem(id: entry.md5, displayName: entry.filename), date: entry.photoDate, size: entry.size, width: entry.width,
            height: entry.height, dateSource: .catalog)
    }

    /// The synced catalog's entries, newest first.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func entries() throws -> [CatalogEntry] {
        try sync.copy.entries()
    }

    /// The catalog entry of one photo.
    /// - Throws: ``CloudError/notInCatalog`` when the synced catalog does not list it.
    public func entry(md5: String) throws -> CatalogEntry {
        guard let entry = try sync.entry(md5: md5) else { throw CloudError.notInCatalog(md5) }
        return entry
    }

    /// Files on this machine, under one of `roots`, whose content the synced catalog lists:
    /// the photos other sources show as backed up (☁️), whichever device uploaded them. Only
    /// files whose MD5 is known (catalogued, thumbnailed or starred here) and that have not
    /// changed since are returned, so an edited file is not taken for its backed-up copy.
    /// - Returns: MD5 by path.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func backedUpFiles(under roots: [String]) throws -> [String: String] {
        guard !roots.isEmpty, let record = try sync.record() else { return [:] }
        let rows = try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT path, size, modifiedNanoseconds, md5 FROM fileIdentity
                    WHERE md5 IN (SELECT md5 FROM catalogEntry WHERE catalogId = ?) AND (\(roots.map { _ in "(path >= ? AND path < ?)" }.joined(separator: " OR ")))
                    """,
                // Paths under `root` sort between "root/" and "root0" ("0" follows "/" in UTF-8).
                arguments: StatementArguments([record.id] + roots.flatMap { root -> [any DatabaseValueConvertible] in [root + "/", root + "0"] }))
        }
        var files: [String: String] = [:]
        for row in rows {
            let path: String = row["path"]
            guard let status = try? FileStatus(path: path), status.size == row["size"], status.modifiedNanoseconds == row["modifiedNanoseconds"]
            else {
                continue
            }
            files[path] = row["md5"]
        }
        return files
    }

    /// The sizes of the backed-up photos: a file of another size cannot be one of them, so only
    /// files of these sizes are worth hashing to find copies of the backup.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func backedUpSizes() throws -> Set<Int64> {
        guard let record = try sync.record() else { return [] }
        return try database.read { db in
            Set(try Int64.fetchAll(db, sql: "SELECT DISTINCT size FROM catalogEntry WHERE catalogId = ?", arguments: [record.id]))
        }
    }

    /// Whether the synced catalog lists this content.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func contains(md5: String) throws -> Bool {
        try sync.entry(md5: md5) != nil
    }

    public func loadItems() -> AsyncThrowingStream<[PhotoItem], any Error> {
        AsyncThrowingStream { continuation in
            do {
                continuation.yield(try listedPhotos().map(\.item))
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
    }

    /// The metadata plist the backup stored, completed from the catalog entry.
    public func loadMetadata(for id: PhotoItem.ID) async throws -> PhotoMetadata {
        try await loadMetadataNotingProblem(for: id).metadata
    }

    /// The metadata plist the backup stored, completed from the catalog entry; when the plist
    /// cannot be fetched or read, the catalog's fields alone, and a sentence saying so (the
    /// failure is logged too).
    /// - Throws: ``CloudError/notInCatalog`` when the synced catalog does not list the photo.
    public func loadMetadataNotingProblem(for id: PhotoItem.ID) async throws -> (metadata: PhotoMetadata, problem: String?) {
        let entry = try entry(md5: id)
        let key = layout.metadata(entry.md5)
        var metadata = PhotoMetadata()
        var problem: String?
        do {
            let plist = try await cache.bytes(for: key, fetch: { [store] in try await Self.fetch(key, from: store) }).bytes
            do {
                metadata = try UntrustedDocument.decodePropertyList(PhotoMetadata.self, from: plist)
            } catch {
                problem = "'\(key)' is not a metadata property list"
            }
        } catch {
            problem = "\(error)"
        }
        if let problem {
            logger.warning(
                "The cloud metadata of a photo could not be read; showing its catalog fields.",
                metadata: ["md5": "\(entry.md5)", "problem": "\(problem)"])
        }
        metadata.md5 = entry.md5
        metadata.fileSize = metadata.fileSize ?? entry.size
        metadata.width = metadata.width ?? entry.width
        metadata.height = metadata.height ?? entry.height
        metadata.originalFilename = metadata.originalFilename ?? entry.filename
        metadata.photoDate = metadata.photoDate ?? Date(timeIntervalSince1970: TimeInterval(entry.photoDate))
        return (metadata, problem.map { "The cloud metadata could not be read (\($0)); the dates, size and dimensions shown are the catalog's." })
    }

    /// The thumbnail from `thumbnails/{userId}/{md5}.dat`; from the disk cache when it was seen before.
    public func loadThumbnail(for id: PhotoItem.ID) async throws -> Thumbnail {
        let md5 = try CloudLayout.md5(id)
        let key = layout.thumbnail(md5)
        let (jpeg, cached) = try await cache.bytes(for: key) { [store] in try await Self.fetch(key, from: store) }
        return Thumbnail(md5: md5, jpeg: jpeg, origin: cached ? .disk : .generated)
    }

    /// The catalog only changes by a sync, which the caller runs and then relists.
    public func changes() -> AsyncStream<PhotoSourceChange> {
        AsyncStream { $0.finish() }
    }

    static func fetch(_ key: String, from store: any ObjectStore) async throws -> [UInt8] {
        guard let bytes = try await store.get(key) else { throw CloudError.missingObject(key) }
        return bytes
    }
}
