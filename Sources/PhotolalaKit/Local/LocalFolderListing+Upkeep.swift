import Foundation
import Logging
import Synchronization

extension LocalFolderListing {
    /// Announces as updated, a few hundred at a time, the photos whose EXIF records when they
    /// were taken (they were listed by their file times, and a browser sorting by date must move
    /// them) or a Live Photo content identifier (which may pair them). Their rows are read again
    /// by ``listedPhotos(for:)``. Each chunk waits for the thumbnails being made and is read at
    /// a lower priority (``offloadInBackground(_:)``).
    func announceHeaderDates(of photos: [ScannedPhoto]) async {
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
    func reconcile(with catalogued: CataloguedFiles) async {
        await catalogs.builder.foreground.idle()
        var onDisk: [ScannedPhoto] = []
        do {
            for try await batch in scan(inBackground: true) {
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
            let loaded = try? await offloadInBackground { [self] in try catalogs.catalog(of: folder).load() }
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
    func announceCatalogDates(of items: [PhotoItem], entries: [CatalogEntry]) {
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
    func buildCatalog(of photos: [ScannedPhoto], loaded: LoadedCatalog?) async -> [CatalogEntry] {
        let catalog = catalogs.catalog(of: folder)
        defer { listedCatalog.withLock { $0 = catalog.stamp } }
        do {
            return try await catalogs.builder.update(catalog, photos: photos, loaded: loaded) { _ in }.entries
        } catch {
            files.logger.warning("The folder's catalog could not be brought up to date.", metadata: ["folder": "\(folder)", "error": .error(error)])
            return []
        }
    }

    // MARK: - A catalog written elsewhere

    /// The folders where this folder's catalog may be written (its own `.photolala`, and the
    /// cache mirror for a folder that cannot be written), to watch for another process writing
    /// one; none for a tree.
    public var catalogDirectories: [String] {
        let catalog = catalogs.catalog(of: folder)
        return [catalog.ownDirectory, catalog.mirrorDirectory]
    }

    /// Looks at the folder's catalog again, after the background work under way: when another
    /// process wrote or rebuilt it since the listing (`photolala catalog build` in a terminal),
    /// its photos are announced as updated on ``changes()``, their dates read first where none
    /// was recorded, so a page open on the folder shows the catalog's facts without reloading.
    /// Only what the catalog knows of the files as they are now is listed from it; photos it
    /// lacks or that changed since stay as they were listed.
    public func refreshCatalog() {
        background.start { [self] in
            let catalog = catalogs.catalog(of: folder)
            let stamp = catalog.stamp
            let changed = listedCatalog.withLock { seen in
                defer { seen = stamp }
                return seen != stamp
            }
            guard changed, stamp != nil, let loaded = try? catalog.load(), loaded.rejectedShards.isEmpty, loaded.problems.isEmpty else { return }
            let entries = loaded.entries.filter { ListingRule.mayShowFile(named: $0.filename) }
            let recorded = catalogs.dates.dates(ofMD5s: entries.map(\.md5))
            let unknown = entries.indices.filter { recorded[$0] == nil }.map { entries[$0] }
            let chunk = 500
            for start in stride(from: 0, to: unknown.count, by: chunk) {
                guard !Task.isCancelled else { return }
                await catalogs.builder.foreground.idle()
                let part = Array(unknown[start..<min(unknown.count, start + chunk)])
                _ = try? await offload { [self] in learnDates(of: part) }
            }
            feed.announce([.updated(entries.map(Self.item(for:)))])
        }
    }
}
