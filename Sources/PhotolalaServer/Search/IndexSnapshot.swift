import PhotolalaKit
import Synchronization

/// Which ``ServedSearchIndexing/generation`` of the search index a listing read its photos at:
/// a search, a timeline or a place is the index as it was then, and an open folder of one is
/// outdated once a later generation changed the index (``ServedSources/revalidate(source:folder:)``).
final class IndexSnapshot: Sendable {
    private let generation = Mutex<Int?>(nil)

    /// Notes that the listing reads the index as it is at `generation`.
    func read(at generation: Int) {
        self.generation.withLock { $0 = generation }
    }

    /// Whether the index changed after the listing read it; not while it has not read it yet.
    func isOutdated(by current: Int) -> Bool {
        generation.withLock { read in read.map { $0 < current } ?? false }
    }
}

/// A listing read from the search index, shown as the index was when it was read.
protocol IndexSnapshotListing: FolderListing {
    var snapshot: IndexSnapshot { get }
}
