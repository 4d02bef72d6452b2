import Logging
import PhotolalaKit

/// Keeps the search index current with the served sources for the page's searches: a search
/// first brings the index up to date (only what changed since is read again), at most once in
/// ``ServerConfiguration/searchIndexFreshness``; searches made meanwhile wait for the same run
/// rather than starting their own. The server never indexes at start: a million photos would be
/// read whether anyone searches or not.
///
/// Each run tells the pages how far it is (``API/Indexing``), so a search of a big tree never
/// read before shows its progress instead of "Loading photos…". Each run that changed what a
/// search finds starts a new ``generation``, which the listings read from the index note
/// (``IndexSnapshot``), so that a search or timeline opened again after a change is listed
/// again rather than shown as it was.
actor ServedSearchIndexing {
    /// Brings the index up to date with one source (`Engine.index(source:progress:)`), telling
    /// its progress after each batch; `nil` for a source the index does not hold.
    typealias Index = @Sendable (any PhotoSource, _ progress: @escaping @Sendable (SearchIndexProgress) -> Void) async throws -> SearchIndexProgress?

    private let index: Index
    private let freshness: Duration
    private let publish: @Sendable (API.Indexing) async -> Void
    private let logger: Logger
    private var running: Task<Void, Never>?
    private var lastRun: ContinuousClock.Instant?
    /// How many runs have changed the index since the server started.
    private(set) var generation = 0

    /// - Parameters:
    ///   - freshness: How long an index brought up to date is taken as current.
    ///   - publish: Tells the pages how far a run is, ending with a complete one.
    ///   - index: Brings the index up to date with one source.
    init(freshness: Duration, logger: Logger, publish: @escaping @Sendable (API.Indexing) async -> Void, index: @escaping Index) {
        self.index = index
        self.freshness = freshness
        self.publish = publish
        self.logger = logger
    }

    /// Brings the index up to date with `sources` unless it was a moment ago. A source that
    /// cannot be indexed is logged and searched as last indexed.
    /// - Returns: The index's ``generation`` once it is up to date.
    @discardableResult
    func update(_ sources: [(id: String, source: any PhotoSource)]) async -> Int {
        if let running {
            await running.value
            return generation
        }
        if let lastRun, ContinuousClock.now - lastRun < freshness { return generation }
        let task = Task { [index, publish, logger] in
            // Only the newest progress is worth telling: a page shows one line.
            let (steps, step) = AsyncStream.makeStream(of: API.Indexing.self, bufferingPolicy: .bufferingNewest(1))
            let telling = Task {
                for await progress in steps { await publish(progress) }
            }
            var changed = false
            var before = (found: 0, done: 0)
            for (id, source) in sources where source.searchScope != nil {
                let earlier = before
                do {
                    let done = try await index(source) { progress in
                        step.yield(API.Indexing(found: earlier.found + progress.found, done: earlier.done + progress.done, complete: false))
                    }
                    changed = changed || (done.map { $0.indexed + $0.removed > 0 } ?? false)
                    before = (earlier.found + (done?.found ?? 0), earlier.done + (done?.done ?? 0))
                } catch {
                    logger.warning(
                        "A source could not be indexed for search; it is searched as last indexed.",
                        metadata: ["source": "\(id)", "error": .error(error)])
                }
            }
            step.finish()
            await telling.value
            await publish(API.Indexing(found: before.found, done: before.done, complete: true))
            await self.finish(changed: changed)
        }
        running = task
        await task.value
        return generation
    }

    /// Ends a run before anyone waiting for it resumes, so that each of them reads the
    /// generation it made.
    private func finish(changed: Bool) {
        running = nil
        lastRun = .now
        if changed { generation += 1 }
        // A run over a million photos held their catalog rows, stamps and documents: freed
        // now, they would stay in glibc's arenas for as long as the server runs.
        FreedMemory.release()
    }
}
