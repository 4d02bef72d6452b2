import Foundation
public import Logging

/// One folder open in a browser: its listing as it grows, kept current by the source's change
/// stream and by rescanning the folder when it changes on disk (and every so often), with every
/// change told to `publish` for open pages. A catalog another process writes for the folder
/// (`photolala catalog build` in a terminal) is noticed the same way, through its own folder.
///
/// ```swift
/// let session = FolderSession(listing: try source.listing(of: id), describe: { try await source.folder(id) }, watching: watching) { event in … }
/// await session.start()
/// let page = try await session.items(from: 0, limit: 200)
/// ```
public actor FolderSession {
    /// How a session notices changes on disk.
    public struct Watching: Sendable {
        /// Signals changes as they happen; `nil` to poll only.
        let watcher: FolderWatcher?
        /// The pause between rescans where the folder cannot be watched.
        let pollInterval: Duration

        /// - Parameters:
        ///   - watcher: Signals changes as they happen; `nil` to poll only.
        ///   - pollInterval: The pause between rescans where the folder cannot be watched.
        public init(watcher: FolderWatcher?, pollInterval: Duration) {
            self.watcher = watcher
            self.pollInterval = pollInterval
        }
    }

    /// What open pages are told.
    public enum Event: Sendable {
        /// The listing grew to `count` photos; `complete` once it has them all.
        case listing(count: Int, complete: Bool)
        /// Photos added, removed, or whose facts changed, after the listing.
        case change(added: [ListedPhoto], removed: [PhotoItem.ID], updated: [ListedPhoto])
        /// The folder's subfolders now, when they came or went.
        case folders([PhotoFolder.Reference])
        /// The folder is no longer followed: a page showing it opens it again.
        case closed
    }

    /// A page of the listing.
    public struct Page: Sendable {
        /// The photos listed so far.
        public let count: Int
        public let complete: Bool
        /// Where ``photos`` start in the listing.
        public let offset: Int
        public let photos: ArraySlice<ListedPhoto>
    }

    public let source: any FolderListing
    /// The folder's name, breadcrumb and subfolders, as they are now.
    private let describe: @Sendable () async throws -> PhotoFolder
    private let publish: @Sendable (Event) async -> Void
    private let watching: Watching
    private let logger: Logger
    /// In listing order, without an index by id: a folder of 100,000 photos would spend 6 MB on
    /// one, and changes are rare and small enough to be matched by one pass.
    private var photos: [ListedPhoto] = []
    /// A listing past which the memory it used is given back as soon as it is out.
    private static let bigListing = 10_000
    private var complete = false
    /// Why the listing failed; the route that hands it out turns it into a message that names
    /// no served path.
    private var failure: (any Error)?
    private var stopped = false
    private var tasks: [Task<Void, Never>] = []
    /// Requests waiting for the listing to bring something.
    private var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
    /// The change stream, waiting for the listing to end (``listingEnded()``).
    private var changesWaiting: [CheckedContinuation<Void, Never>] = []
    private var rescanning = false
    private var rescanAgain = false
    /// Whether the last rescan failed: an unmounted share fails every poll, and is told once.
    private var rescanFailing = false
    /// The folder reported a change before its listing was out: its subfolders, first read once
    /// it is, are told to pages then, as a page may have read them before the change.
    private var changedWhileListing = false
    /// The subfolders pages were told of; `nil` until first looked at.
    private var subfolders: [PhotoFolder.Reference]?
    /// The catalog folders watched (the listing hides them, so the folder's watch does not see
    /// into them), each followed by a task that ends when the folder is removed.
    private var catalogWatches: [String: Task<Void, Never>] = [:]

    /// - Parameters:
    ///   - listing: The folder's listing, from its source.
    ///   - describe: Reads the folder's subfolders (and name and breadcrumb), which pages are
    ///     told of when they change.
    ///   - watching: How changes on disk are noticed.
    ///   - logger: Hears changes that could not be read, which pages then miss.
    ///   - publish: Tells open pages of the listing and its changes.
    public init(
        listing: any FolderListing, describe: @escaping @Sendable () async throws -> PhotoFolder, watching: Watching,
        logger: Logger = Logger(label: "photolala"), publish: @escaping @Sendable (Event) async -> Void
    ) {
        self.source = listing
        self.describe = describe
        self.watching = watching
        self.logger = logger
        self.publish = publish
    }

    /// Starts listing, following changes and watching the folder; every task it starts is
    /// known before it returns, so ``stop()`` ends them all.
    public func start() {
        guard !stopped else { return }
        let changes = source.changes()
        // Asked for here, the listing starts reading at once, beside the watch below (a kernel
        // pass over the folder's entries: 0.1 s for a million), not once this method is done.
        let listing = source.listFolder()
        tasks.append(Task { await self.list(listing) })
        tasks.append(Task { await self.follow(changes) })
        guard let path = source.watchedPath else { return }
        let signals = watching.watcher?.changes(in: path)
        if let signals {
            tasks.append(Task { await self.rescan(on: signals) })
        }
        tasks.append(Task { await self.poll(every: signals == nil ? watching.pollInterval : .seconds(30)) })
        watchCatalog()
    }

    /// Stops following the folder (too many are open) and tells its pages, which open it again
    /// when they are looked at.
    public func stop() async {
        stopped = true
        tasks.forEach { $0.cancel() }
        tasks = []
        catalogWatches.values.forEach { $0.cancel() }
        catalogWatches = [:]
        wakeWaiters()
        resumeChanges()
        await publish(.closed)
    }

    /// The photos from `offset` on (at most `limit` of them), waiting up to a quarter second for
    /// some to arrive when there are none yet (so a page opening a folder gets its first rows in
    /// one request), and whether the listing is complete.
    /// - Throws: The source's error when the listing failed.
    public func items(from offset: Int, limit: Int? = nil) async throws -> Page {
        let deadline = ContinuousClock.now + .milliseconds(250)
        while photos.count <= offset && !complete && failure == nil && !stopped && ContinuousClock.now < deadline {
            await nextBatch(before: deadline)
        }
        if let failure { throw failure }
        let start = min(max(0, offset), photos.count)
        // Any limit a request names, however large, stops at the last photo: never `start + limit`.
        let end = limit.map { start + min(photos.count - start, max(0, $0)) } ?? photos.count
        return Page(count: photos.count, complete: complete, offset: start, photos: photos[start..<end])
    }

    /// The first `limit` photos in `order` as the source reads them ahead of its listing, for a
    /// page opening a big folder, whose top would otherwise wait for the whole listing; `nil`
    /// when the source cannot.
    /// - Throws: The source's error when it cannot be read.
    public func firstPhotos(in order: DateOrder, limit: Int) async throws -> [ListedPhoto]? {
        try await source.firstPhotos(in: order, limit: limit)
    }

    /// Returns when the listing brings more (or ends), or at `deadline`.
    private func nextBatch(before deadline: ContinuousClock.Instant) async {
        let key = UUID()
        await withCheckedContinuation { continuation in
            waiters[key] = continuation
            Task {
                try? await Task.sleep(until: deadline)
                self.wake(key)
            }
        }
    }

    private func wake(_ key: UUID) {
        waiters.removeValue(forKey: key)?.resume()
    }

    private func wakeWaiters() {
        let waiting = waiters.values
        waiters = [:]
        waiting.forEach { $0.resume() }
    }

    /// The photos listed so far.
    public func currentPhotos() -> [ListedPhoto] {
        photos
    }

    // MARK: - Work

    private func list(_ listing: AsyncThrowingStream<[ListedPhoto], any Error>) async {
        do {
            for try await batch in listing {
                photos.append(contentsOf: batch)
                wakeWaiters()
                await publish(.listing(count: photos.count, complete: false))
            }
        } catch {
            failure = error
        }
        complete = true
        wakeWaiters()
        await publish(.listing(count: photos.count, complete: true))
        resumeChanges()
        // What a big listing needed and no longer holds (a million catalog rows decoded, their
        // dates looked up: 280 MB) goes back now, not once the background work has settled,
        // which waits for pages to stop asking for thumbnails. A small one leaves little, and
        // a trim holds the allocator's arenas while it walks them.
        if photos.count >= Self.bigListing { FreedMemory.release() }
        // The subfolders later rescans compare with, read once the listing is out: in a folder of
        // a million files that read takes a core for a second, which the listing needs.
        await noteSubfolders(tellingPages: changedWhileListing)
        source.refreshCatalog()
        await source.settle()
        FreedMemory.release()
    }

    private func follow(_ changes: AsyncStream<PhotoSourceChange>) async {
        await listingEnded()
        for await change in changes {
            var added: [ListedPhoto] = []
            var removed: [PhotoItem.ID] = []
            var updated: [ListedPhoto] = []
            do {
                switch change {
                case .added(let items) where source.pairing != nil:
                    (added, removed, updated) = regroup(adding: try source.listedPhotos(for: items), removing: [])
                case .removed(let ids) where source.pairing != nil:
                    (added, removed, updated) = regroup(adding: [], removing: ids)
                case .updated(let items) where source.pairing != nil:
                    // Rows read again can carry Live Photo identifiers that pair files renamed apart.
                    let fresh = try source.listedPhotos(for: items)
                    if bringsLiveIdentifiers(fresh) {
                        (added, removed, updated) = regroup(adding: [], removing: [], replacing: fresh)
                    } else {
                        updated = replace(fresh)
                    }
                case .added(let items):
                    added = add(try source.listedPhotos(for: items))
                case .removed(let ids):
                    removed = ids
                    remove(ids)
                case .updated(let items):
                    updated = replace(try source.listedPhotos(for: items))
                }
            } catch {
                logger.warning("The changed photos of an open folder could not be read; its pages miss them.", metadata: ["error": .error(error)])
                continue
            }
            guard !added.isEmpty || !removed.isEmpty || !updated.isEmpty else { continue }
            await publish(.change(added: added, removed: removed, updated: updated))
        }
    }

    /// Returns once the listing has ended (or the session stopped). Changes wait for it, held in
    /// their stream: a change names rows the listing may not have brought yet (a big folder's
    /// follow-up pass announces the Live Photo identifiers it read while the session is still
    /// taking in the batches the source yielded before it), and would find nothing to update.
    private func listingEnded() async {
        guard !complete, !stopped else { return }
        await withCheckedContinuation { changesWaiting.append($0) }
    }

    private func resumeChanges() {
        let waiting = changesWaiting
        changesWaiting = []
        waiting.forEach { $0.resume() }
    }

    /// Rescans the folder when it reports a change (after a short pause, so a burst of changes
    /// costs one rescan).
    private func rescan(on signals: AsyncStream<Void>) async {
        for await _ in signals {
            try? await Task.sleep(for: .milliseconds(150))
            await rescan()
        }
    }

    /// Rescans the folder every so often, for changes the watcher cannot see (on network
    /// mounts) or where there is none. Polling never takes more than a tenth of a core: its
    /// pause is at least ten times the last rescan's duration.
    private func poll(every interval: Duration) async {
        var duration = Duration.zero
        while !Task.isCancelled {
            try? await Task.sleep(for: max(interval, duration * 10))
            duration = await rescan()
        }
    }

    /// Rescans unless a rescan is under way, in which case that one runs once more when done.
    @discardableResult
    private func rescan() async -> Duration {
        guard !rescanning else {
            rescanAgain = true
            return .zero
        }
        rescanning = true
        defer { rescanning = false }
        let start = ContinuousClock.now
        repeat {
            rescanAgain = false
            // Until the listing is out there is nothing to compare with, and the listing reads
            // the subfolders once it is: read now, a folder of a million files would take the
            // listing's core for a second.
            guard complete else {
                changedWhileListing = true
                break
            }
            do {
                try await source.refresh()
                if rescanFailing {
                    rescanFailing = false
                    logger.info("The folder can be looked at again.")
                }
            } catch {
                // An unmounted share or a folder gone: the pages keep what they show.
                if !rescanFailing {
                    rescanFailing = true
                    logger.warning(
                        "The folder could not be looked at again; its pages keep what they show until it can.", metadata: ["error": .error(error)])
                }
            }
            FreedMemory.release()
            watchCatalog()
            source.refreshCatalog()
            await noteSubfolders()
        } while rescanAgain
        return ContinuousClock.now - start
    }

    /// Watches the folder's catalog folders that exist and are not watched yet: a manifest
    /// replaced there (a catalog built or rebuilt) makes the source look at the catalog again.
    /// One that does not exist yet is looked for on the next rescan (its creation changes the
    /// folder itself; a cache mirror is found by the poll).
    private func watchCatalog() {
        guard !stopped, let watcher = watching.watcher else { return }
        for directory in source.catalogDirectories where catalogWatches[directory] == nil {
            guard let signals = watcher.changes(in: directory) else { continue }
            catalogWatches[directory] = Task {
                for await _ in signals {
                    // A build writes its shards, then the manifest: one look after the burst.
                    try? await Task.sleep(for: .milliseconds(150))
                    await self.catalogChanged()
                }
                await self.catalogWatchEnded(directory)
            }
        }
    }

    private func catalogChanged() {
        guard complete, !stopped else { return }
        source.refreshCatalog()
    }

    private func catalogWatchEnded(_ directory: String) {
        catalogWatches[directory] = nil
    }

    /// Tells pages when subfolders came or went since the folder was last looked at, or, when
    /// `tellingPages`, what they are even the first time.
    private func noteSubfolders(tellingPages: Bool = false) async {
        let current: [PhotoFolder.Reference]
        do {
            current = try await describe().folders
        } catch {
            // A folder whose rescan fails was told of already, and fails here every poll too.
            if !rescanFailing {
                logger.warning("The folder's subfolders could not be read again; its pages keep those they show.", metadata: ["error": .error(error)])
            }
            return
        }
        let known = subfolders
        subfolders = current
        guard known.map({ $0 != current }) ?? tellingPages else { return }
        await publish(.folders(current))
    }

    // MARK: - Listing

    /// What pages are told of a change: items added, removed and updated.
    private typealias Told = (added: [ListedPhoto], removed: [PhotoItem.ID], updated: [ListedPhoto])

    /// Appends the photos not listed yet (a change can report a photo the listing already has)
    /// and returns them.
    private func add(_ batch: [ListedPhoto]) -> [ListedPhoto] {
        var unlisted = Set(batch.map(\.item.id))
        for photo in photos where !unlisted.isEmpty {
            unlisted.remove(photo.item.id)
        }
        let added = batch.filter { unlisted.remove($0.item.id) != nil }
        photos.append(contentsOf: added)
        return added
    }

    private func remove(_ ids: [PhotoItem.ID]) {
        let gone = Set(ids)
        photos.removeAll { gone.contains($0.item.id) }
    }

    /// Whether rows read again carry a Live Photo content identifier the listing does not have
    /// for their file: a big folder's rows are listed before its files are read.
    private func bringsLiveIdentifiers(_ fresh: [ListedPhoto]) -> Bool {
        let identified = Dictionary(
            fresh.compactMap { row in row.liveIdentifier.map { (row.item.id, $0) } }, uniquingKeysWith: { first, _ in first })
        guard !identified.isEmpty else { return false }
        func differs(_ file: ListedPhoto) -> Bool {
            identified[file.item.id].map { $0 != file.liveIdentifier } ?? false
        }
        return photos.contains { photo in differs(photo) || photo.companions.contains(where: differs) }
    }

    /// Adds, removes and replaces (`replacing`, rows read again) files of a listing whose files
    /// pair (``FilePairing``), keeping each group one item: a companion arriving joins its still,
    /// whose row is updated; a still removed leaves its companions items of their own. Returns
    /// what pages must be told, as items. The whole listing is grouped again, which is linear and
    /// rare (files come and go, identifiers are learnt).
    private func regroup(adding batch: [ListedPhoto], removing ids: [PhotoItem.ID], replacing: [ListedPhoto] = []) -> Told {
        let gone = Set(ids)
        let replacements = Dictionary(replacing.map { ($0.item.id, $0) }, uniquingKeysWith: { _, last in last })
        // A change can report a file the listing already has.
        var arriving = Dictionary(batch.map { ($0.item.id, $0) }, uniquingKeysWith: { first, _ in first })
        var removed: [PhotoItem.ID] = []
        var grouped: [PhotoItem.ID: [ListedPhoto]] = [:]
        var wasCompanion = Set<PhotoItem.ID>()
        var files: [ListedPhoto] = []
        files.reserveCapacity(photos.count + batch.count)
        for photo in photos {
            arriving[photo.item.id] = nil
            if gone.contains(photo.item.id) {
                removed.append(photo.item.id)
            } else {
                files.append(replacements[photo.item.id] ?? photo.alone)
            }
            guard !photo.companions.isEmpty else { continue }
            grouped[photo.item.id] = photo.companions
            for companion in photo.companions {
                arriving[companion.item.id] = nil
                wasCompanion.insert(companion.item.id)
                if !gone.contains(companion.item.id) { files.append(replacements[companion.item.id] ?? companion) }
            }
        }
        let new = batch.filter { arriving.removeValue(forKey: $0.item.id) != nil }
        let newIDs = Set(new.map(\.item.id))
        photos = FilePairing.pair(files + new, rule: source.pairing ?? .folder)

        var added: [ListedPhoto] = []
        var updated: [ListedPhoto] = []
        for photo in photos {
            if newIDs.contains(photo.item.id) || wasCompanion.contains(photo.item.id) {
                added.append(photo)
            } else if (grouped[photo.item.id] ?? []) != photo.companions || replacements[photo.item.id] != nil {
                updated.append(photo)
            }
            // A file shown on its own until now that joined a still.
            for companion in photo.companions where !wasCompanion.contains(companion.item.id) && !newIDs.contains(companion.item.id) {
                removed.append(companion.item.id)
            }
        }
        return (added, removed, updated)
    }

    /// Replaces the listed photos that `changed` holds and differ from it, and returns those
    /// (a change announced for many photos, such as a new catalog's, often leaves most as they
    /// were: pages are told only of the others). A companion's facts change its item's row.
    private func replace(_ changed: [ListedPhoto]) -> [ListedPhoto] {
        let replacements = Dictionary(changed.map { ($0.item.id, $0) }, uniquingKeysWith: { _, last in last })
        guard !replacements.isEmpty else { return [] }
        var replaced: [ListedPhoto] = []
        for index in photos.indices {
            var photo = photos[index]
            if let fresh = replacements[photo.item.id] {
                let companions = photo.companions
                photo = fresh
                // Files are read one by one; a source that lists items gives their companions too.
                if source.pairing != nil { photo.companions = companions }
            }
            for companion in photo.companions.indices {
                if let fresh = replacements[photo.companions[companion].item.id] {
                    photo.companions[companion] = fresh
                }
            }
            if photo != photos[index] {
                photos[index] = photo
                replaced.append(photo)
            }
        }
        return replaced
    }
}
