/// The cloud backup as the browser sees it: one folder holding every photo of the synced
/// catalog, with thumbnails and metadata from Standard storage; the original only once restored.
///
/// Item ids are the photos' MD5s, so a thumbnail's entity tag is known before it is fetched.
public struct CloudBackupSource: PhotoSource {
    public let photos: CloudBackupReader
    public let restores: RestoreService
    /// One loader for the backup's thumbnails, fetched from the store.
    public let thumbnails: ThumbnailLoader
    public let syncs: any CloudCatalogFollowing
    public let details: BackupDetails
    public let summary: PhotoSourceSummary

    /// - Parameters:
    ///   - photos: The synced catalog.
    ///   - restores: Restores from Deep Archive, and the originals restored.
    ///   - syncs: Signals the listing hears syncs by.
    ///   - details: What the inspector says of a backed-up photo.
    ///   - thumbnailLoading: The memory budget and parallelism of the thumbnail loader.
    public init(
        photos: CloudBackupReader, restores: RestoreService, syncs: any CloudCatalogFollowing, details: BackupDetails,
        thumbnailLoading: ThumbnailLoader.Configuration
    ) {
        self.photos = photos
        self.restores = restores
        self.syncs = syncs
        self.details = details
        var downloads = thumbnailLoading
        // A cloud thumbnail waits on the network, not on a core: a load per core would leave a
        // page's six requests queued behind one another.
        downloads.maximumConcurrentLoads = 12
        thumbnails = ThumbnailLoader(source: photos, configuration: downloads)
        var summary = PhotoSourceSummary(
            kind: "cloud", name: "Cloud", configured: true, capabilities: photos.capabilities, rootFolder: LocalPhotoSource.rootFolderID)
        summary.archived = details.archived
        self.summary = summary
    }

    /// The Cloud source names no served path, whatever its settings.
    public var privatePaths: [String] { [] }

    public func folder(_ folderID: String) async throws -> PhotoFolder {
        try requireRoot(folderID)
        return PhotoFolder(id: folderID, name: summary.name, breadcrumb: [PhotoFolder.Reference(id: folderID, name: summary.name)], folders: [])
    }

    public func listing(of folderID: String) throws -> any FolderListing {
        try requireRoot(folderID)
        return CloudListing(photos: photos, syncs: syncs)
    }

    public func thumbnail(folder folderID: String, item: PhotoItem.ID, priority: ThumbnailPriority) async throws -> Thumbnail {
        try await thumbnails.thumbnail(for: item, priority: priority)
    }

    public func thumbnailTag(folder folderID: String, item: PhotoItem.ID) -> String? {
        item.count == 32 && item.allSatisfy(\.isHexDigit) ? item.lowercased() : nil
    }

    /// The backed-up thumbnails are stored files, not made by this device's rule: their tag is
    /// the content's MD5 alone.
    public func thumbnailTag(forMD5 md5: String) -> String {
        md5
    }

    public func metadata(folder folderID: String, item: PhotoItem.ID) async throws -> (metadata: PhotoMetadata, details: [PhotoDetail]) {
        let (metadata, problem) = try await photos.metadata(of: item)
        var lines = await details.details(md5: item, offline: await syncs.isOffline)
        if let problem {
            lines.append(PhotoDetail(field: "cloudMetadata", label: "Cloud metadata", value: problem))
        }
        return (metadata, lines)
    }

    /// The MD5 the photo is addressed by.
    public func fullImageTag(folder folderID: String, item: PhotoItem.ID) async throws -> String? {
        thumbnailTag(folder: folderID, item: item)
    }

    /// The restored original; while it is in Deep Archive, a message saying how to restore it
    /// in the browser (the preview keeps showing the thumbnail).
    public func fullImage(folder folderID: String, item: PhotoItem.ID) async throws -> FullImage {
        do {
            let image = try await photos.displayableImage(of: item)
            return FullImage(body: .bytes(image.bytes), mediaType: image.mediaType)
        } catch let error as CloudError where error.code == .archived {
            throw SourceError.conflict(
                "The original is in Deep Archive. Choose Restore Original… in the photo's menu; it can be opened once restored, in 12 to 48 hours.",
                reason: "inDeepArchive")
        } catch let error as CloudError where error.code == .restoreInProgress {
            throw SourceError.conflict("The original is being restored from Deep Archive; it can be opened once restored.", reason: "inDeepArchive")
        }
    }

    public func original(folder folderID: String, item: PhotoItem.ID) async throws -> OriginalFile {
        let (bytes, filename) = try await restores.original(item)
        return OriginalFile(body: .bytes(bytes), filename: filename)
    }

    public func filePath(folder folderID: String, item: PhotoItem.ID) async throws -> String {
        throw SourceError.conflict("Photos in the Cloud source are backed up already. Star photos in a folder or a library to back them up.")
    }

    public func itemID(forFilePath path: String, folder folderID: String) -> PhotoItem.ID? {
        nil
    }

    private func requireRoot(_ folderID: String) throws {
        guard folderID == LocalPhotoSource.rootFolderID else { throw SourceError.notFound("The Cloud source has no folder '\(folderID)'.") }
    }
}

extension CloudBackupSource {
    public var searchScope: SearchScope? { SearchScope(kind: .cloud, root: photos.sync.copy.name) }

    /// A key is a backed-up photo's MD5, its id in the one folder.
    public func searchReference(forKey key: String) -> SearchReference? {
        SearchReference(folder: LocalPhotoSource.rootFolderID, item: key)
    }

    /// The one folder holds every backed-up photo.
    public func searchKeyPrefix(ofFolder folderID: String) -> String? {
        folderID == LocalPhotoSource.rootFolderID ? "" : nil
    }
}
