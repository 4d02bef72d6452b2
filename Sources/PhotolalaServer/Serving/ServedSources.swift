import Foundation
import Hummingbird
import Logging
import PhotolalaKit

/// What `photolala serve` serves: its sources (one per folder tree, then Apple Photos and the
/// cloud), the folders open in browsers, and the event stream to the pages.
final class ServedSources: Sendable {
    /// How many folders stay open (listed and watched) at once; the least recently used closes.
    static let openFolderLimit = 16

    /// The thumbnail loaders' settings: a memory budget each of a few screenfuls. Browsers keep
    /// the thumbnails they loaded, so the server is asked again only by another tab or after a
    /// reload, and its disk cache answers those quickly too.
    static var loaderConfiguration: ThumbnailLoader.Configuration {
        var configuration = ThumbnailLoader.Configuration()
        configuration.memoryBudget = 8 << 20
        return configuration
    }

    /// The folders and libraries by id, fixed at start; the Cloud source comes from ``current``.
    private let fixed: [(id: String, source: any PhotoSource)]
    let events: EventHub
    /// The cloud of this moment, which the UI's settings form can replace.
    let current: CurrentCloud
    private let sessions: SessionStore
    private let watching: FolderSession.Watching
    /// Where open folders log what their pages miss.
    private let logger: Logger
    /// The index searches read, and what keeps it current with the sources (``SearchResultsSource``).
    private let searchIndex: SearchIndex
    private let albums: AlbumStore
    private let searchIndexing: ServedSearchIndexing

    init(configuration: ServerConfiguration, engine: Engine, events: EventHub, current: CurrentCloud) throws {
        let loaderConfiguration = Self.loaderConfiguration
        var all: [(id: String, source: any PhotoSource)] = try configuration.folders.enumerated().map { index, folder in
            ("local-\(index)", try engine.localSource(root: folder, thumbnailLoading: loaderConfiguration))
        }
        if configuration.libraries.isEmpty {
            let message = "No Apple Photos library given. Start photolala serve with --library PATH.photoslibrary."
            all.append(("apple-photos", UnconfiguredSource(kind: "applePhotos", name: "Apple Photos", message: message)))
        }
        var views: [ApplePhotosLibrarySource.View] = [.favorites]
        if configuration.includeHidden { views.append(.hidden) }
        if configuration.includeTrashed { views.append(.recentlyDeleted) }
        for (index, library) in configuration.libraries.enumerated() {
            let source = try engine.applePhotosSource(libraryAt: library, views: views, thumbnailLoading: loaderConfiguration)
            for problem in source.library.problems {
                configuration.logger.warning("\(problem)", metadata: ["library": "\(library)"])
            }
            all.append((index == 0 ? "apple-photos" : "apple-photos-\(index)", source))
        }
        fixed = all
        // The Cloud source names no served path, whatever its settings.
        privatePaths = all.flatMap(\.source.privatePaths)
        self.events = events
        self.current = current
        sessions = SessionStore(limit: Self.openFolderLimit)
        logger = configuration.logger
        searchIndex = engine.searchIndex
        albums = engine.albums
        searchIndexing = ServedSearchIndexing(
            freshness: configuration.searchIndexFreshness, logger: configuration.logger, publish: { await events.publish(.indexing, $0) }
        ) { source, progress in
            try await engine.index(source: source, progress: progress)
        }
        switch configuration.watching {
        case .automatic: watching = FolderSession.Watching(watcher: FolderWatcher(), pollInterval: FolderWatching.standardPollInterval)
        case .polling(let interval): watching = FolderSession.Watching(watcher: nil, pollInterval: interval)
        }
    }

    /// Every source by id, the Cloud one as it is now.
    var all: [(id: String, source: any PhotoSource)] {
        fixed + [("cloud", current.setup.source)]
    }

    /// The sidebar: every source as the page shows it, the Places view, the People view when an
    /// Apple Photos library is served, then the search results, which it does not list, and the
    /// timelines, which it lists as "Photos" above the sources (last, so that the page still
    /// opens the first folder when its address names none).
    var summaries: [API.Source] {
        all.map { API.Source(id: $0.id, $0.source.summary) } + views.map { API.Source(id: $0.id, $0.source.summary) }
            + [API.Source(id: SearchResultsSource.id, searchResults.summary), API.Source(id: SearchResultsSource.timelineID, timelines.summary)]
    }

    /// The views over every served source's photos: the albums, Places, and People when a
    /// library is served.
    var views: [(id: String, source: any PhotoSource)] {
        let people = all.contains { $0.source.searchScope?.kind == .photos }
        return [
            (AlbumsSource.id, AlbumsSource(search: search, updateIndex: updateSearchIndex)),
            (PlacesSource.id, PlacesSource(search: search, updateIndex: updateSearchIndex)),
        ]
            + (people ? [(PeopleSource.id, PeopleSource(search: search, updateIndex: updateSearchIndex))] : [])
    }

    /// Tells the pages the albums changed (``API/Albums``), and closes the albums open in them,
    /// which they then list again as they are now.
    func albumsChanged() async {
        await sessions.close(keysWithPrefix: AlbumsSource.id + "/")
        do {
            await events.publish(.albums, API.Albums(try search.albumBook()))
        } catch {
            logger.warning("The albums changed, but cannot be read to tell the pages.", metadata: ["error": .error(error)])
        }
    }

    /// Search over the served sources, in the index searches keep current.
    var search: ServedSearch {
        ServedSearch(sources: self, index: searchIndex, albums: albums)
    }

    /// The photos a query finds, as a source whose folders are queries.
    var searchResults: SearchResultsSource {
        SearchResultsSource(folders: .queries, search: search, updateIndex: updateSearchIndex)
    }

    /// Every photo beneath a served folder, or of every served source, newest first, as a source
    /// whose folders are those places.
    var timelines: SearchResultsSource {
        SearchResultsSource(folders: .timelines, search: search, updateIndex: updateSearchIndex)
    }

    /// Brings the search index up to date with the served sources before a search reads it
    /// (``ServedSearchIndexing``): the results' listing and the facets both wait for it.
    /// - Returns: The index's generation once it is up to date.
    @discardableResult
    func updateSearchIndex() async -> Int {
        await searchIndexing.update(all)
    }

    /// Looks, in the background, whether the open folder a page opens again is a listing of
    /// the search index as it was before the index last changed (a search, a timeline, a
    /// place, a person, opened before photos came, went or changed): if so it is closed, and
    /// its pages, told so, list it again as it is now. The index is brought up to date first,
    /// at most as often as a search does it.
    /// Only the views over the index (``SearchResultItems``) list it: a folder's or a library's
    /// opening starts no task.
    func revalidate(source sourceID: String, folder folderID: String) {
        guard (try? source(sourceID)) is any SearchResultItems else { return }
        let key = sourceID + "/" + folderID
        Task {
            guard let session = await sessions.existing(key: key), let listing = await session.source as? any IndexSnapshotListing else { return }
            let generation = await updateSearchIndex()
            guard listing.snapshot.isOutdated(by: generation) else { return }
            await sessions.close(key: key, ifStill: session)
        }
    }

    /// The cloud backup, when one is configured.
    var cloud: ServedCloud? {
        current.setup.cloud
    }

    /// Closes the folders of the Cloud source open in pages, after its settings changed: they
    /// list the old bucket. Pages open them again from the new one. So are the searches,
    /// timelines, places and people, which list the old bucket's photos among the others.
    func closeCloudFolders() async {
        await sessions.close(keysWithPrefix: "cloud/")
        for view in [SearchResultsSource.id, SearchResultsSource.timelineID] + views.map(\.id) {
            await sessions.close(keysWithPrefix: view + "/")
        }
    }

    /// Paths that API errors must not reveal.
    let privatePaths: [String]

    /// - Throws: ``ServerError`` 404 for an unknown source.
    func source(_ id: String) throws -> any PhotoSource {
        if id == SearchResultsSource.id { return searchResults }
        if id == SearchResultsSource.timelineID { return timelines }
        guard let source = (all + views).first(where: { $0.id == id })?.source else { throw ServerError(.notFound, "No source '\(id)'.") }
        return source
    }

    /// The folder's session when a page has it open; `nil` otherwise.
    func openSession(source sourceID: String, folder folderID: String) async -> FolderSession? {
        await sessions.existing(key: sourceID + "/" + folderID)
    }

    /// The files that items of an open folder stand for, each item's own then its companions'
    /// (the RAW of a RAW+JPEG pair, a Live Photo's movie), each once, and the names the folder
    /// lists them under. For a folder not open, the ids as they are and no names.
    func files(of ids: [String], source sourceID: String, folder folderID: String) async -> (ids: [String], names: [String: String]) {
        guard let session = await openSession(source: sourceID, folder: folderID) else { return (ids, [:]) }
        let wanted = Set(ids)
        var names: [String: String] = [:]
        var companions: [String] = []
        for photo in await session.currentPhotos() where wanted.contains(photo.item.id) {
            for file in photo.files {
                names[file.item.id] = file.item.displayName
            }
            companions += photo.companions.map(\.item.id).filter { !wanted.contains($0) }
        }
        return (ids + companions, names)
    }

    /// Opens the folder a page shows first, the first source's top folder, so that the page
    /// opened from the printed address finds it listed (or being listed) instead of starting
    /// the listing itself. A folder that cannot be opened is left for the page to report.
    func openFirstFolder(logger: Logger) async {
        guard let first = all.first(where: \.source.summary.configured), let folder = first.source.summary.rootFolder else { return }
        do {
            _ = try await session(source: first.id, folder: folder)
        } catch {
            logger.warning("The first folder could not be opened; the page will say why.", metadata: ["error": .error(error)])
        }
    }

    /// The open folder, opened (listing, watching) on first use.
    /// - Throws: ``ServerError`` 404 for an unknown source; the source's error for a folder it cannot open.
    func session(source sourceID: String, folder folderID: String) async throws -> FolderSession {
        let source = try source(sourceID)
        return try await sessions.session(key: sourceID + "/" + folderID) {
            FolderSession(
                listing: try source.listing(of: folderID), describe: { try await source.folder(folderID) }, watching: watching, logger: logger,
                // Named as the page names it: the router leaves a query's or a timeline's
                // folder id percent-encoded (`person%3Akatie`, `local-0%2F~`).
                publish: Self.publisher(to: events, source: sourceID, folder: folderID.removingPercentEncoding ?? folderID))
        }
    }
}

extension ServedSources {
    /// Publishes a folder session's events to the pages, as `listing`, `change`, `folder` and
    /// `closed` events naming the source and the folder.
    static func publisher(to events: EventHub, source: String, folder: String) -> @Sendable (FolderSession.Event) async -> Void {
        { event in
            switch event {
            case .listing(let count, let complete):
                await events.publish(.listing, API.Listing(source: source, folder: folder, count: count, complete: complete))
            case .change(let added, let removed, let updated):
                await events.publish(
                    .change,
                    API.Change(source: source, folder: folder, added: added.map(API.Row.init), removed: removed, updated: updated.map(API.Row.init)))
            case .folders(let folders):
                await events.publish(.folder, API.FolderEvent(source: source, folder: folder, folders: folders.map(API.FolderRef.init)))
            case .closed:
                await events.publish(.closed, API.FolderEvent(source: source, folder: folder))
            }
        }
    }
}

/// Open folders, kept in an ``LRUCache`` of one unit a folder: the least recently used closes.
private actor SessionStore {
    private var sessions: LRUCache<String, FolderSession>

    init(limit: Int) {
        sessions = LRUCache(budget: limit)
    }

    /// The folder's session if it is open, without opening it or changing the order.
    func existing(key: String) -> FolderSession? {
        sessions.peek(key)
    }

    /// Stops and forgets the session of `key` if it is still `session` (not one opened since).
    func close(key: String, ifStill session: FolderSession) async {
        guard sessions.peek(key) === session, let session = sessions.removeValue(forKey: key) else { return }
        await session.stop()
    }

    /// Stops and forgets the sessions whose key starts with `prefix`.
    func close(keysWithPrefix prefix: String) async {
        for (_, session) in sessions.removeAll(where: { $0.hasPrefix(prefix) }) {
            await session.stop()
        }
    }

    /// The open session of `key`, or a new one from `open`, which becomes the most recently
    /// used; a folder that fails to open takes no place from the open ones.
    func session(key: String, open: () throws -> FolderSession) async rethrows -> FolderSession {
        if let session = sessions.value(forKey: key) {
            return session
        }
        let session = try open()
        let evicted = sessions.insert(session, forKey: key, cost: 1)
        await session.start()
        for (_, oldest) in evicted {
            await oldest.stop()
        }
        return session
    }
}
