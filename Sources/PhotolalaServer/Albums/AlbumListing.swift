import PhotolalaKit

/// An album's photos as a folder's listing, in the album's order: each at a copy a served
/// source holds (``ServedSearch/entries(of:)``), read after the search index is brought up to
/// date. The album as it was read: an edit of the albums closes the open albums, and pages list
/// them again.
struct AlbumListing: IndexSnapshotListing {
    /// The album; `nil` for the top, which holds albums and no photos.
    let albumID: String?
    let search: ServedSearch
    /// Brings the index up to date first (``ServedSources/updateSearchIndex()``), returning its
    /// generation.
    let updateIndex: @Sendable () async -> Int
    let snapshot = IndexSnapshot()

    var watchedPath: String? { nil }

    func listFolder() -> AsyncThrowingStream<[ListedPhoto], any Error> {
        .producing { [self] continuation in
            snapshot.read(at: await updateIndex())
            let book = try search.albumBook()
            guard let albumID, book.isLive(albumID), let album = book.albums[albumID], !album.isFolder else { return }
            continuation.yield(try search.entries(of: album).map(\.row))
        }
    }

    func changes() -> AsyncStream<PhotoSourceChange> {
        AsyncStream { $0.finish() }
    }

    func listedPhotos(for items: [PhotoItem]) throws -> [ListedPhoto] { [] }

    func refresh() async throws {}

    func settle() async {}
}
