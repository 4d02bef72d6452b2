import Foundation
import Logging
import Synchronization

extension LocalPhotoSource {
    /// Folders with at least this many photos are catalogued after their first listing.
    static let catalogThreshold = 100

    /// How long after a folder's first listing, and after the last thumbnail someone waited for,
    /// its dates are read and its catalog built: the page's own start and first screen come first.
    static let quietBeforeCataloguing = Duration.seconds(3)

    /// Waits until background work (reconciling with the folder, cataloguing it) has finished.
    public func settle() async {
        await background.settle()
    }

    /// The photos of this folder whose content has MD5 `md5`, answered from its catalog.
    /// - Throws: ``PhotolalaError/noCatalog`` when the folder has none.
    public func items(withMD5 md5: String) throws -> [PhotoItem] {
        let wanted = md5.lowercased()
        return try catalogs.catalog(of: root).load().entries.filter { $0.md5 == wanted }.map(Self.item(for:))
    }

    // MARK: - Listing a folder

    /// The folder's own photos with their dates and sizes, as ``Scope/folder`` lists them: from
    /// the catalog at once when it is valid (then reconciled in the background), else scanned.
    /// Files shown as one item (RAW+JPEG, Live Photos) come as one row (see ``FilePairing``).
    public func listFolder() -> AsyncThrowingStream<[ListedPhoto], any Error> {
        .producing { [self] continuation in try await listFolder(into: continuation) }
    }

    private func listFolder(into continuation: AsyncThrowingStream<[ListedPhoto], any Error>.Continuation) async throws {
        let catalog = catalogs.catalog(of: root)
        // Taken before the catalog is read: one written meanwhile is noticed by the next refresh.
        listedCatalog.withLock { $0 = catalog.stamp }
        if let loaded = try? catalog.load(), loaded.rejectedShards.isEmpty, loaded.problems.isEmpty {
            let directoryUUID = loaded.manifest.directoryUUID
            if volume == .network, let cached = await catalogs.networkListings.listing(directoryUUID: directoryUUID) {
                Self.deliver(FilePairing.pair(cached.map { ListedPhoto($0) }), to: continuation)
                return
            }
            // A catalog is a file anyone may have written: it lists only what a scan would
            // (its 100,000 rows are copied only when some are not to be shown).
            let listable = { (entry: CatalogEntry) in ListingRule.mayShowFile(named: entry.filename) }
            let entries = loaded.entries.allSatisfy(listable) ? loaded.entries : loaded.entries.filter(listable)
            // The catalog keeps no offsets: the photos show their own clock times from what was
            // recorded of them. A small folder reads those never recorded (a few reads) before
            // its rows go out; a big one lists at once and reads them in a follow-up pass.
            // Only a folder with a QuickTime movie can hold a Live Photo renamed apart.
            let identifying = entries.contains { FilePairing.isLiveMovie($0.filename) }
            let (shown, unknown) = try await offload { [self] in
                catalogRows(for: entries, reading: entries.count < Self.catalogThreshold, identifying: identifying)
            }
            Self.deliver(FilePairing.pair(shown), to: continuation)
            let catalogued = CataloguedFiles(loaded)
            background.start { [self] in
                await announceLearntDates(of: unknown)
                await reconcile(with: catalogued)
            }
            return
        }

        // Up to the catalog threshold the photos are held back and dated from their EXIF before
        // the first rows go out; past it they are listed by file time at once and dated by a
        // follow-up pass, so a big folder's first screenful waits for no file reads.
        var photos: [ScannedPhoto] = []
        var held: [ScannedPhoto]? = []
        for try await batch in scan(recursive: false, includeStatus: true) {
            // What the listing leaves out (a name that is not UTF-8, a link loop) is told once,
            // when the folder is first listed: a page shows no such problem.
            for problem in batch.problems {
                files.logger.warning("A file was left out of the folder's listing.", metadata: ["reason": "\(problem.message)"])
            }
            guard !batch.photos.isEmpty else { continue }
            photos += batch.photos
            if var waiting = held {
                waiting += batch.photos
                held = waiting.count < Self.catalogThreshold ? waiting : nil
                if held == nil {
                    continuation.yield(FilePairing.pair(waiting.map { ListedPhoto($0) }))
                }
            } else {
                continuation.yield(FilePairing.pair(batch.photos.map { ListedPhoto($0) }))
            }
        }
        if let held, !held.isEmpty {
            let facts = try await offload { [self] in headerFacts(of: held.map { ($0.path, $0.status) }) }
            let rows = zip(held, facts).map { ListedPhoto($0, taken: $1.taken, duration: $1.duration, liveIdentifier: $1.liveIdentifier) }
            continuation.yield(FilePairing.pair(rows))
        }
        feed.publish([], listing: photos)
        if photos.count >= Self.catalogThreshold {
            background.start { [self, photos] in
                await catalogs.builder.foreground.quiet(for: Self.quietBeforeCataloguing)
                await announceHeaderDates(of: photos)
                let entries = await buildCatalog(of: photos, loaded: nil)
                announceCatalogDates(of: photos.map(\.item), entries: entries)
            }
        }
    }

    /// Announces as updated, a few hundred at a time, the photos whose EXIF records when they
    /// were taken (they were listed by their file times, and a browser sorting by date must move
    /// them) or a Live Photo content identifier (which may pair them). Their rows are read again
    /// by ``listedPhotos(for:)``. Each chunk waits for the thumbnails being made and is read at
    /// a lower priority (``offloadInBackground(_:)``).
    private func announceHeaderDates(of photos: [ScannedPhoto]) async {
        let chunk = 500
        for start in stride(from: 0, to: photos.count, by: chunk) {
            guard !Task.isCancelled else { return }
            await catalogs.builder.foreground.idle()
            let part = photos[start..<min(photos.count, start + chunk)]
            let facts = (try? await offloadInBackground { [self] in headerFacts(of: part.map { ($0.path, $0.status) }) }) ?? []
            let changed = zip(part, facts).filter { $0.1.taken != nil || $0.1.duration != nil || $0.1.liveIdentifier != nil }
            feed.announce([.updated(changed.map(\.0.item))])
        }
    }

    /// Compares the catalog with the folder: names added or gone, and photos whose size
    /// changed, or whose time changed along with their fast key (a touched file keeps it).
    /// Announces the differences, then brings the catalog up to date. Nobody waits for it: it
    /// starts once the thumbnails asked for are made, and walks and compares at a lower
    /// priority, so a page opening the folder gets the machine first.
    private func reconcile(with catalogued: CataloguedFiles) async {
        await catalogs.builder.foreground.idle()
        var onDisk: [ScannedPhoto] = []
        do {
            for try await batch in scan(recursive: false, includeStatus: true, inBackground: true) {
                onDisk += batch.photos
            }
        } catch {
            return
        }
        guard let (added, removed, updated) = try? await offloadInBackground({ [self, onDisk] in differences(between: catalogued, and: onDisk) })
        else { return }
        feed.publish([.added(added), .removed(removed), .updated(updated)], listing: onDisk)

        let stale = !added.isEmpty || !removed.isEmpty || !updated.isEmpty
        if stale {
            // The folder as just scanned is not read again; the catalog's rows of the photos
            // unchanged are reused (a catalog that no longer loads is built again whole).
            let loaded = try? await offloadInBackground { [self] in try catalogs.catalog(of: root).load() }
            let reusable = loaded.flatMap { $0.rejectedShards.isEmpty && $0.problems.isEmpty ? $0 : nil }
            let entries = await buildCatalog(of: onDisk, loaded: reusable)
            announceCatalogDates(of: added + updated, entries: entries)
        }
        if volume == .network {
            // A rebuild keeps the directory UUID, so the listed catalog's still names the folder.
            await catalogs.networkListings.store(onDisk, directoryUUID: catalogued.directoryUUID)
        }
    }

    /// The photos of `onDisk`, the folder as scanned, that the catalog lacks or that changed
    /// since, and the ids of the catalog's photos gone from it.
    private func differences(
        between catalogued: CataloguedFiles, and onDisk: [ScannedPhoto]
    ) -> (
        added: [PhotoItem], removed: [PhotoItem.ID], updated: [PhotoItem]
    ) {
        // By position: a dictionary of 100,000 catalogued files themselves takes megabytes more.
        let entries = catalogued.files
        let known = Dictionary(entries.indices.map { (Array(entries[$0].name.utf8), $0) }, uniquingKeysWith: { first, _ in first })
        var present = [Bool](repeating: false, count: entries.count)
        var added: [PhotoItem] = []
        var updated: [PhotoItem] = []
        for photo in onDisk {
            let index = known[Array(photo.item.displayName.utf8)]
            if let index {
                present[index] = true
            }
            guard let index, let status = photo.status else {
                added.append(photo.item)
                continue
            }
            let entry = entries[index]
            if status.size != entry.size {
                updated.append(photo.item)
            } else if status.modifiedNanoseconds / 1_000_000_000 != entry.modified {
                let recorded = try? catalogs.identities.fastKey(forPath: photo.path)
                let current = try? ContentHash.fastKey(ofFileAt: photo.path)
                if recorded == nil || recorded != current {
                    updated.append(photo.item)
                }
            }
        }
        let removed = known.values.filter { !present[$0] }.map { Self.item(named: entries[$0].name).id }.sorted()
        return (added, removed, updated)
    }

    /// Announces as updated the photos whose catalog, just built with `entries`, knows when they
    /// were taken: they were listed with their files' times, and a browser sorting by date must
    /// move them.
    private func announceCatalogDates(of items: [PhotoItem], entries: [CatalogEntry]) {
        guard !items.isEmpty else { return }
        let taken = Dictionary(entries.map { ($0.filename, $0) }, uniquingKeysWith: { first, _ in first })
        let dated = items.filter { item in
            guard let entry = taken[item.displayName] else { return false }
            return entry.photoDate != entry.modified
        }
        feed.announce([.updated(dated)])
    }

    /// Builds or updates this folder's catalog from `photos`, the folder as just scanned, and
    /// `loaded`, the catalog as listed (read here when `nil`): the upkeep scans the folder and
    /// reads its catalog once. Problems are left for `catalog build` to report. Its changes are
    /// announced by the caller, so ``refreshCatalog()`` takes the catalog as known.
    /// - Returns: The rows the catalog now has; none when it could not be written.
    private func buildCatalog(of photos: [ScannedPhoto], loaded: LoadedCatalog?) async -> [CatalogEntry] {
        let catalog = catalogs.catalog(of: root)
        defer { listedCatalog.withLock { $0 = catalog.stamp } }
        do {
            return try await catalogs.builder.update(catalog, photos: photos, loaded: loaded) { _ in }.entries
        } catch {
            files.logger.warning("The folder's catalog could not be brought up to date.", metadata: ["folder": "\(root)", "error": .error(error)])
            return []
        }
    }

    static func item(for entry: CatalogEntry) -> PhotoItem {
        item(named: entry.filename)
    }

    /// The item of the file `name` of this folder.
    static func item(named name: String) -> PhotoItem {
        PhotoItem(id: LocalItemID.make(folder: "", name: name), displayName: name)
    }

    /// Hands over a complete listing in date order, the order browsers show by default (their
    /// sort then only confirms it, one comparison a photo, and the first batch is the first
    /// screenful).
    private static func deliver(_ listing: [ListedPhoto], to continuation: AsyncThrowingStream<[ListedPhoto], any Error>.Continuation) {
        // Positions are sorted and the rows placed once: sorting the rows themselves moves each
        // many times.
        continuation.yieldFirstScreenThenRest(DeliveryOrder.positions(of: listing).lazy.map { listing[$0] })
    }
}
