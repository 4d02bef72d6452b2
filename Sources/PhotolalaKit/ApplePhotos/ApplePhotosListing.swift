import Foundation

/// One folder of an Apple Photos library as a folder session lists and follows it: All Photos,
/// a built-in view or an album, decided once when the listing is made (the filter it applies,
/// the album it reads). Its assets come newest first (an album's in the album's order), each
/// with its RAW and Live Photo movie as companions, so each row is an item already.
///
/// Photos writes to its database's write-ahead log: the database folder is watched, and
/// ``refresh()`` reads a fresh copy when it changed and announces what the listing gained, lost
/// or saw change since it was listed.
final class ApplePhotosListing: FolderListing, Sendable {
    let live: ApplePhotosLiveLibrary
    /// What the listing lets through (All Photos, or a view's favourites, hidden or deleted assets).
    let filter: ApplePhotosFilter
    /// The album listed, in its own order; `nil` for the whole library, newest first.
    let albumUUID: String?
    private let feed = ApplePhotosChangeFeed()

    /// - Parameters:
    ///   - live: The library, reopened when Photos changes it.
    ///   - filter: What is listed of the library (or of the album).
    ///   - albumUUID: The album listed; `nil` for the whole library.
    init(live: ApplePhotosLiveLibrary, filter: ApplePhotosFilter = ApplePhotosFilter(), albumUUID: String? = nil) {
        self.live = live
        self.filter = filter
        self.albumUUID = albumUUID
    }

    /// The listing's assets in `library`, in its order; those whose title, original filename
    /// or keywords contain `search` when given.
    /// - Throws: ``PhotolalaError`` when the database cannot be read or the album is unknown.
    func assets(in library: ApplePhotosLibrary, search: String? = nil) throws -> [ApplePhotosAsset] {
        var filter = filter
        filter.search = search
        return try albumUUID.map { try library.assets(inAlbum: $0, filter) } ?? library.assets(filter)
    }

    /// The assets with the facts a browser sorts and groups by (date taken, size, dimensions), a
    /// first screenful at once and then the rest, remembered as the listing ``refresh()``
    /// compares with. Listed at the background priority: a million assets take seconds of every
    /// core, which a browser's first screen (the page, the first photos read ahead, their
    /// thumbnails) comes before.
    func listFolder() -> AsyncThrowingStream<[ListedPhoto], any Error> {
        .producing { [self] continuation in
            let listed = try await offloadInBackground { [self] in
                let (library, generation) = live.current
                let assets = try assets(in: library)
                feed.update(assets, generation: generation)
                return assets.map { $0.listedPhoto(in: library) }
            }
            continuation.yieldFirstScreenThenRest(listed)
        }
    }

    /// All Photos' and the built-in views' first photos by date, read through Photos' index of
    /// creation dates; `nil` for an album, which keeps its own order and is seldom big.
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the database cannot be read.
    func firstPhotos(in order: DateOrder, limit: Int) async throws -> [ListedPhoto]? {
        guard albumUUID == nil else { return nil }
        return try await offload { [filter, library = live.current.library] in
            try library.assets(filter, first: limit, in: order).map { $0.listedPhoto(in: library) }
        }
    }

    /// Assets added, removed or changed, found by ``refresh()``.
    func changes() -> AsyncStream<PhotoSourceChange> {
        feed.subscribe()
    }

    /// The listing facts of assets announced as added or changed, read in one go; assets the
    /// library no longer has are left out.
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the database cannot be read.
    func listedPhotos(for items: [PhotoItem]) throws -> [ListedPhoto] {
        let library = live.current.library
        let found = try library.assets(uuids: items.map(\.id))
        let byUUID = Dictionary(found.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        return items.compactMap { item in byUUID[item.id].map { $0.listedPhoto(in: library) } }
    }

    /// The database folder, where Photos writes to its write-ahead log.
    var watchedPath: String? { live.current.library.path + "/database" }

    /// Looks at the library's database again and, when Photos changed it (its write-ahead log
    /// grew, a newer copy arrived), reads a fresh copy and announces on ``changes()`` what
    /// this listing gained, lost or saw change since it was listed.
    /// - Throws: ``PhotolalaError`` when the changed library cannot be read; the last copy stays.
    func refresh() async throws {
        try await live.reloadIfChanged()
        try await offload { [self] in
            let (library, generation) = live.current
            guard feed.isBehind(generation) else { return }
            feed.update(try assets(in: library), generation: generation)
        }
    }

    func settle() async {}
}
