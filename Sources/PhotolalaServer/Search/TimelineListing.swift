import PhotolalaKit

/// Every photo beneath a folder of a served source, its subfolders' too, or of every served
/// source, as one listing newest first: the photos-by-date view Apple Photos and Immich open on.
/// It is read from the search index, which holds every photo of every served source with its
/// date, rather than by listing each folder of a tree: the index gives a million photos in date
/// order as fast as it reads them, where a tree of a thousand folders would be a thousand
/// listings merged. The served sources are indexed first (only what changed, at most every
/// ``ServerConfiguration/searchIndexFreshness``); the photos are those of the moment it was read
/// (``snapshot``).
struct TimelineListing: IndexSnapshotListing {
    /// The served source and its folder whose photos are listed; `nil` for every served source.
    let place: (source: String, folder: String)?
    let search: ServedSearch
    /// Brings the index up to date first (``ServedSources/updateSearchIndex()``), returning
    /// its generation.
    let updateIndex: @Sendable () async -> Int
    let snapshot = IndexSnapshot()

    var watchedPath: String? { nil }
    var pairing: FilePairing.Rule? { nil }

    func listFolder() -> AsyncThrowingStream<[ListedPhoto], any Error> {
        .producing { [self] continuation in
            snapshot.read(at: await updateIndex())
            try await offload { [self] in
                try search.timeline(beneath: place) { rows in
                    // A page that left stops the read.
                    if case .terminated = continuation.yield(rows) { throw CancellationError() }
                }
            }
        }
    }

    func changes() -> AsyncStream<PhotoSourceChange> {
        AsyncStream { $0.finish() }
    }

    func listedPhotos(for items: [PhotoItem]) throws -> [ListedPhoto] { [] }

    func refresh() async throws {}

    func settle() async {}
}
