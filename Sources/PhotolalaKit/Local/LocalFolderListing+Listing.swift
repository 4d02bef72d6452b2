import Foundation
import Logging
import Synchronization

extension LocalFolderListing {
    /// The folder's own photos with their dates and sizes: from the catalog at once when it is valid (then reconciled in the background), else scanned.
    /// Files shown as one item (RAW+JPEG, Live Photos) come as one row (see ``FilePairing``).
    public func listFolder() -> AsyncThrowingStream<[ListedPhoto], any Error> {
        .producing { [self] continuation in try await listFolder(into: continuation) }
    }

    private func listFolder(into continuation: AsyncThrowingStream<[ListedPhoto], any Error>.Continuation) async throws {
        let catalog = catalogs.catalog(of: folder)
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
        for try await batch in scan() {
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

    /// The listing facts of items announced as added or changed: from the folder's catalog
    /// where it knows the file as it is now (dated by what was recorded of its content), else
    /// from `stat` and the date an earlier read of the unchanged file recorded, or the EXIF in
    /// the file's first bytes (or the file time). A few catalogued
    /// items whose dates were never recorded are read too; the many a new catalog announces at
    /// once are not, so that costs no reads.
    public func listedPhotos(for items: [PhotoItem]) -> [ListedPhoto] {
        guard !items.isEmpty else { return [] }
        let entries = (try? catalogs.catalog(of: folder).load().entries) ?? []
        let catalogued = Dictionary(entries.map { ($0.filename, $0) }, uniquingKeysWith: { first, _ in first })
        var rows: [ListedPhoto?] = []
        var fresh: [(row: Int, entry: CatalogEntry)] = []
        var uncatalogued: [(row: Int, item: PhotoItem, path: String, status: FileStatus)] = []
        for item in items {
            guard let path = try? path(for: item.id), let status = try? FileStatus(path: path) else { continue }
            if let entry = catalogued[item.displayName], entry.size == status.size, entry.modified == status.modifiedNanoseconds / 1_000_000_000 {
                fresh.append((rows.count, entry))
            } else {
                uncatalogued.append((rows.count, item, path, status))
            }
            rows.append(nil)
        }
        let dated = catalogRows(for: fresh.map(\.entry), reading: items.count < Self.catalogThreshold).rows
        for (photo, row) in zip(fresh, dated) {
            rows[photo.row] = row
        }
        let facts = headerFacts(of: uncatalogued.map { ($0.path, $0.status) })
        for (photo, facts) in zip(uncatalogued, facts) {
            rows[photo.row] = ListedPhoto(
                item: photo.item, status: photo.status, taken: facts.taken, duration: facts.duration, liveIdentifier: facts.liveIdentifier)
        }
        return rows.compactMap { $0 }
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
