public import Logging

/// The engine's shared parts, built once from a configuration and handed to every source.
///
/// ```swift
/// let engine = try Engine(configuration: .standard(environment: ProcessInfo.processInfo.environment))
/// let source = try engine.localSource(root: "/home/me/Pictures")
/// ```
public struct Engine: Sendable {
    public let configuration: EngineConfiguration
    public let database: PhotolalaDatabase
    public let identities: IdentityIndex
    public let thumbnailStore: ThumbnailStore
    public let imaging: ImageProcessor
    /// Thumbnails someone waits for, which catalog builds give way to.
    public let foreground = ForegroundWork()
    /// Photos whose thumbnails a screen got before their MD5, at most 256 MiB of them: about
    /// 70 camera photos, a screen and its neighbours.
    let identityBacklog = IdentityBacklog(budget: 256 << 20)
    /// Videos' thumbnails, through the `ffmpeg` found on `PATH` when the engine was made.
    let posterFrames: VideoPosterFrame
    /// What was read of each photo content's date, for catalogued listings.
    let photoDates: PhotoDateIndex
    /// Where the engine's parts log what fails without stopping the work (a cache that cannot
    /// be written, say).
    public let logger: Logger
    /// Reads photo files for every source, backup and catalog build: one, so that they share
    /// one account of the renderings folder (``RenderingStore``) and its budget.
    let fileReader: PhotoFileReader
    /// What every folder's catalog upkeep shares.
    let catalogContext: CatalogContext
    /// Where edits of photos' descriptions are written, one at a time.
    let sidecars = SidecarWriter()

    /// Opens the database; libvips starts with the first image decoded (``ImageProcessor``).
    /// - Parameters:
    ///   - configuration: Where caches and data live, and the limits.
    ///   - logger: Where the engine's parts log failures they work around.
    /// - Throws: ``PhotolalaError`` when the data folder is unusable.
    public init(configuration: EngineConfiguration, logger: Logger = Logger(label: "photolala")) throws {
        self.configuration = configuration
        self.logger = logger
        database = try PhotolalaDatabase(path: configuration.dataDirectory + "/photolala.sqlite")
        identities = IdentityIndex(database: database, logger: logger)
        photoDates = PhotoDateIndex(database: database)
        thumbnailStore = ThumbnailStore(cacheDirectory: configuration.cacheDirectory)
        imaging = ImageProcessor(configuration: configuration.imaging, logger: logger)
        posterFrames = VideoPosterFrame(imaging: imaging)
        fileReader = PhotoFileReader(
            identities: identities, dates: photoDates, liveIdentifiers: LiveIdentifierIndex(database: database),
            descriptions: PhotoDescriptionIndex(database: database), searchIndex: SearchIndex(database: database),
            places: PlaceData(directory: configuration.placeDataDirectory, logger: logger),
            thumbnails: thumbnailStore,
            renderings: RenderingStore(cacheDirectory: configuration.cacheDirectory, logger: logger), imaging: imaging,
            posterFrames: posterFrames, maximumFileSize: configuration.maximumFileSize, backlog: identityBacklog, foreground: foreground,
            logger: logger)
        catalogContext = CatalogContext(
            cacheDirectory: configuration.cacheDirectory,
            builder: CatalogBuilder(files: fileReader, cacheDirectory: configuration.cacheDirectory, jobs: 2, foreground: foreground),
            identities: identities, dates: photoDates, networkListings: NetworkListingCache())
        logger.debug("The engine is ready.", metadata: ["cache": "\(configuration.cacheDirectory)", "data": "\(configuration.dataDirectory)"])
    }

    /// A source over the folder tree at `root`.
    /// - Throws: ``PhotolalaError/unreadableFolder`` when `root` is not a readable folder.
    public func localSource(root: String, thumbnailLoading: ThumbnailLoader.Configuration = .init()) throws -> LocalPhotoSource {
        try LocalPhotoSource(root: root, files: fileReader, catalogs: catalogContext, thumbnailLoading: loading(thumbnailLoading))
    }

    /// `configuration` announcing its loads as the engine's foreground work.
    func loading(_ configuration: ThumbnailLoader.Configuration) -> ThumbnailLoader.Configuration {
        var configuration = configuration
        configuration.foreground = configuration.foreground ?? foreground
        return configuration
    }

    /// A builder of folder catalogs that reads `jobs` photos at a time.
    public func catalogBuilder(jobs: Int) -> CatalogBuilder {
        CatalogBuilder(files: fileReader, cacheDirectory: configuration.cacheDirectory, jobs: max(1, jobs), foreground: foreground)
    }

    /// The catalog of one folder, wherever it lives (in the folder or the cache mirror).
    public func catalog(of folder: String) -> FolderCatalog {
        FolderCatalog(folder: folder, cacheDirectory: configuration.cacheDirectory)
    }

    /// The catalogs of `root` and of every folder below it that has one, root first.
    /// - Throws: ``PhotolalaError/noCatalog`` when none has one; ``PhotolalaError/unreadableFolder``
    ///   when `root` cannot be read.
    public func catalogs(inTree root: String) async throws -> [FolderCatalog] {
        let source = try localSource(root: root)
        var folders = [source.root]
        for try await batch in source.scan() {
            folders += batch.folders.map(\.path)
        }
        let catalogs = folders.map(catalog(of:)).filter { $0.existingDirectory != nil }
        guard !catalogs.isEmpty else { throw PhotolalaError.noCatalog(source.root) }
        return catalogs
    }

    /// Opens and starts the imaging libraries now rather than with the first image read: a
    /// server, whose pages ask for thumbnails as soon as they open, calls it as it starts, so
    /// the first screen does not wait for libvips' hundred libraries (60–100 ms to load and
    /// start). A failure is logged here and reported again by the first image read.
    public func openImagingLibraries() async {
        do {
            try await offload { try VipsRuntime.start() }
        } catch {
            logger.warning("The imaging libraries cannot be opened; no thumbnail can be made.", metadata: ["error": .error(error)])
        }
    }

    /// Metadata, EXIF and MD5 of any photo file, from one read.
    /// - Throws: ``PhotolalaError`` when the file is unreadable or not an image.
    public func metadata(ofFileAt path: String) async throws -> PhotoMetadata {
        try await offload { [fileReader] in try fileReader.metadata(at: path) }
    }

    /// The thumbnail of any photo file, from the disk cache when it has one.
    /// - Throws: ``PhotolalaError`` when the file is unreadable or not a decodable image.
    public func thumbnail(ofFileAt path: String) async throws -> Thumbnail {
        try await offload { [fileReader] in try fileReader.thumbnail(at: path) }
    }
}
