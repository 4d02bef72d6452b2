/// Groups scan events into deliveries: the first 200 photos at once, then batches of 100, each
/// cut between files of different base names so that the files shown as one item come together.
///
/// A scan of a slow share also delivers whatever it has every quarter second, so the first
/// photos show even when 200 take long to find.
struct ProgressiveBatcher {
    static let firstBatchSize = 200
    static let laterBatchSize = 100
    static let maximumDelay = Duration.milliseconds(250)

    private var batch = ScanBatch()
    private var deliveredPhotos = 0
    private var lastDelivery = ContinuousClock.now

    /// Adds one folder's findings; returns the batches now due, if any.
    mutating func add(_ listing: DirectoryContents) -> [ScanBatch] {
        batch.problems += listing.problems
        batch.folders += listing.subfolders.map { ScannedFolder(name: FilePath.name(of: $0.path), path: $0.path) }
        var due: [ScanBatch] = []
        var remaining = listing.photos[...]
        while !remaining.isEmpty {
            var room = targetSize - batch.photos.count
            // A RAW+JPEG pair or a Live Photo (names sorted: side by side) goes out in one batch.
            while room > 0, room < remaining.count, let last = remaining.dropFirst(room - 1).first,
                FilePairing.mayPair(last.item.displayName, with: remaining[remaining.startIndex + room].item.displayName)
            {
                room += 1
            }
            batch.photos += remaining.prefix(room)
            remaining = remaining.dropFirst(room)
            if batch.photos.count >= targetSize {
                due.append(deliver())
            }
        }
        if due.isEmpty, !batch.isEmpty, ContinuousClock.now - lastDelivery >= Self.maximumDelay {
            due.append(deliver())
        }
        return due
    }

    private var targetSize: Int {
        deliveredPhotos == 0 ? Self.firstBatchSize : Self.laterBatchSize
    }

    /// Returns what is left once the walk has ended.
    mutating func finish() -> ScanBatch? {
        batch.isEmpty ? nil : deliver()
    }

    private mutating func deliver() -> ScanBatch {
        defer {
            deliveredPhotos += batch.photos.count
            batch = ScanBatch()
            lastDelivery = .now
        }
        return batch
    }
}
