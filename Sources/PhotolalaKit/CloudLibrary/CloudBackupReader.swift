import Foundation
public import Logging
import PhotolalaS3

/// The user's backup as read for browsing (seed 002's S3PhotoProvider), served to browsers by
/// ``CloudBackupSource`` and listed by ``CloudListing``: items come from the
/// synced cloud catalog, never from listing the bucket; thumbnails and metadata (Standard
/// storage) through a ``DownloadCache``; the original only once it is readable (restored from
/// Deep Archive). Item ids are the photos' MD5s.
///
/// ```swift
/// let reader = try CloudContext(engine: engine, configuration: configuration).reader()
/// _ = await reader.sync.sync()
/// for photo in try reader.listedPhotos() { print(photo.item.displayName, photo.date ?? 0) }
/// ```
public struct CloudBackupReader: ThumbnailSource {
    let store: any ObjectStore
    public let layout: CloudLayout
    /// Keeps the catalog this source lists up to date.
    public let sync: CloudCatalogSync
    let cache: DownloadCache
    /// This device's thumbnails: those of photos it backed up itself are served from here.
    let thumbnails: ThumbnailStore
    let imaging: ImageProcessor
    /// The Live Photo content identifiers this device read of contents (it backed them up, or
    /// read copies of them): the catalog has no column for them.
    let liveIdentifiers: LiveIdentifierIndex
    package let logger: Logger

    public var capabilities: PhotoSourceCapabilities { [.sorting, .grouping, .preview, .restore] }

    /// - Parameters:
    ///   - sync: Syncs the catalog this source lists, from the bucket holding the backup.
    ///   - downloads: Keeps the thumbnails and metadata fetched from the bucket
    ///     (its budget is ``CloudConfiguration/downloadCacheBytes``).
    ///   - thumbnails: This device's thumbnail store: a thumbnail it holds is not downloaded.
    ///   - imaging: Renders originals browsers cannot show.
    ///   - liveIdentifiers: This device's Live Photo content identifiers, which pair a backed-up
    ///     still and movie renamed apart.
    ///   - logger: Hears what the browser only shows in short, such as a metadata plist that
    ///     could not be read.
    public init(
        sync: CloudCatalogSync, downloads: DownloadCache, thumbnails: ThumbnailStore, imaging: ImageProcessor,
        liveIdentifiers: LiveIdentifierIndex, logger: Logger = Logger(label: "photolala.cloud")
    ) {
        self.store = sync.store
        self.layout = sync.layout
        self.sync = sync
        self.cache = downloads
        self.thumbnails = thumbnails
        self.imaging = imaging
        self.liveIdentifiers = liveIdentifiers
        self.logger = logger
    }

    /// Every photo of the synced catalog with its date, size and dimensions, in no particular
    /// order (the browser sorts): what a server lists and sorts without another request.
    /// Unsorted, as 100,000 rows take a tenth of a second to sort in SQLite. Files, not items:
    /// ``CloudListing`` pairs them.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func listedPhotos() throws -> [ListedPhoto] {
        let entries = try sync.copy.entries(order: .stored)
        // Without a QuickTime movie, no row pairs by a content identifier: none is looked up.
        return listedPhotos(of: entries, identifying: entries.contains { FilePairing.isLiveMovie($0.filename) })
    }

    /// The `count` oldest and the `count` newest photos of the synced catalog: what a browser
    /// shows first in date order, read with two top-N queries before the whole catalog.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    public func listedPhotos(atBothEnds count: Int) throws -> [ListedPhoto] {
        var seen: Set<String> = []
        let entries = try (sync.copy.entries(order: .oldestFirst, limit: count) + sync.copy.entries(order: .newestFirst, limit: count))
            .filter { seen.insert($0.md5).inserted }
        return listedPhotos(of: entries, identifying: true)
    }

    /// The listing facts of some photos, by MD5; those the catalog does not list are left out.
    /// Many (the first sync, found by a folder opened before it) are read in one pass over the
    /// catalog: 100,000 lookups one by one take seconds.
    public func listedPhotos(for ids: [PhotoItem.ID]) -> [ListedPhoto] {
        do {
            guard ids.count > Self.lookupsBeforeScan else {
                // A photo the catalog does not list is left out (`entry` answers nil).
                return listedPhotos(of: try ids.compactMap { try sync.copy.entry(md5: $0) }, identifying: true)
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

    /// The rows of catalog entries; with `identifying`, each with the Live Photo content
    /// identifier this device recorded of its content (one query for all).
    private func listedPhotos(of entries: [CatalogEntry], identifying: Bool) -> [ListedPhoto] {
        let identifiers = identifying ? liveIdentifiers.identifiers(ofMD5s: entries.map(\.md5)) : []
        return entries.indices.map { index in
            let entry = entries[index]
            return ListedPhoto(
                item: PhotoItem(id: entry.md5, displayName: entry.filename), date: entry.photoDate, size: entry.size, width: entry.width,
                height: entry.height, dateSource: .catalog, liveIdentifier: identifiers.indices.contains(index) ? identifiers[index] : nil)
        }
    }

    /// The catalog entry of one photo.
    /// - Throws: ``CloudError/notInCatalog`` when the synced catalog does not list it.
    public func entry(md5: String) throws -> CatalogEntry {
        guard let entry = try sync.copy.entry(md5: md5) else { throw CloudError.notInCatalog(md5) }
        return entry
    }

    /// The metadata plist the backup stored, completed from the catalog entry; when the plist
    /// cannot be fetched or read, the catalog's fields alone, and a sentence saying so (the
    /// failure is logged too).
    /// - Throws: ``CloudError/notInCatalog`` when the synced catalog does not list the photo.
    public func metadata(of id: PhotoItem.ID) async throws -> (metadata: PhotoMetadata, problem: String?) {
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

    /// The thumbnail from this device's thumbnail store when it made it (it backed the photo
    /// up, or shows a copy of it), else from `thumbnails/{userId}/{md5}.dat` through the
    /// download cache.
    public func thumbnail(for id: PhotoItem.ID) async throws -> Thumbnail {
        let md5 = try CloudLayout.md5(id)
        if let jpeg = try await offload({ [thumbnails] in thumbnails.thumbnail(forMD5: md5) }) {
            return Thumbnail(md5: md5, jpeg: jpeg, origin: .disk)
        }
        let key = layout.thumbnail(md5)
        let (jpeg, cached) = try await cache.bytes(for: key) { [store] in try await Self.fetch(key, from: store) }
        return Thumbnail(md5: md5, jpeg: jpeg, origin: cached ? .disk : .generated)
    }

    static func fetch(_ key: String, from store: any ObjectStore) async throws -> [UInt8] {
        guard let bytes = try await store.get(key) else { throw CloudError.missingObject(key) }
        return bytes
    }
}
