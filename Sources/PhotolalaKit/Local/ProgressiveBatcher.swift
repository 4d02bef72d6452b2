/// Groups scan events into deliveries: the first 200 photos at once, then batches of 100.
///
/// A scan of a slow share also delivers whatever it has every quarter second, so the first
/// photos show even when 200 take long to find.
struct ProgressiveBatcher {
    static let firstBatchSize = 200
    static let laterBatchSize = 100
    static let maximumDelay = Duration.milliseconds(250)

    private var batch = ScanBatch()
    private var deliveredBatches = 0
    private var lastDelivery = ContinuousClock.now

    /// Adds one event; returns a batch when one is due.
    mutating func add(_ event: DirectoryScanner.Event) -> ScanBatch? {
        switch event {
        case .photo(let photo): batch.photos.append(photo)
        case .folder(let folder): batch.folders.append(folder)
        case .problem(let problem): batch.problems.append(problem)
        }
        let target = deliveredBatches == 0 ? Self.firstBatchSize : Self.laterBatchSize
        if batch.photos.count >= target || ContinuousClock.now - lastDelivery >= Self.maximumDelay {
            return deliver()
        }
        return nil
    }

    /// Returns what is left once the walk has ended.
    mutating func finish() -> ScanBatch? {
        batch.isEmpty ? nil : deliver()
    }

    private mutating func deliver() -> ScanBatch {
        defer {
            batch = ScanBatch()
            deliveredBatches += 1
            lastDelivery = .now
        }
        return batch
    }
}
