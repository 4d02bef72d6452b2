import PhotolalaKit

/// One query's results as a folder's listing: the served sources are indexed first (only what
/// changed, at most every ``ServerConfiguration/searchIndexFreshness``), then searched; each
/// photo found is a row named by its ``SearchResultID``. The results are those of the moment
/// the search was read (``snapshot``): a page opening it again after the index changed is
/// given it listed again.
struct SearchResultsListing: IndexSnapshotListing {
    let query: SearchQuery
    let search: ServedSearch
    /// Brings the index up to date first (``ServedSources/updateSearchIndex()``), returning
    /// its generation.
    let updateIndex: @Sendable () async -> Int
    let snapshot = IndexSnapshot()

    /// The most photos a search lists, newest first.
    static let limit = 20_000

    var watchedPath: String? { nil }
    var pairing: FilePairing.Rule? { nil }

    func listFolder() -> AsyncThrowingStream<[ListedPhoto], any Error> {
        .producing { [self] continuation in
            snapshot.read(at: await updateIndex())
            continuation.yield(try search.search(query, limit: Self.limit).results.map(Self.row))
        }
    }

    /// A photo found, as a row: its own name and date (its clock time, as the index keeps it).
    static func row(_ hit: API.SearchHit) -> ListedPhoto {
        let id = SearchResultID(source: hit.source, folder: hit.folder, item: hit.id)
        return ListedPhoto(item: PhotoItem(id: id.id, displayName: hit.name), date: hit.date, size: nil, dateSource: hit.date == nil ? nil : .catalog)
    }

    func changes() -> AsyncStream<PhotoSourceChange> {
        AsyncStream { $0.finish() }
    }

    func listedPhotos(for items: [PhotoItem]) throws -> [ListedPhoto] { [] }

    func refresh() async throws {}

    func settle() async {}
}
