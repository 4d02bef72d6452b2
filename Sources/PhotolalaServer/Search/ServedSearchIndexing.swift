import Logging
import PhotolalaKit

/// Keeps the search index current with the served sources for the page's searches: a search
/// first brings the index up to date (only what changed since is read again), at most once in
/// ``ServerConfiguration/searchIndexFreshness``; searches made meanwhile wait for the same run rather than starting their own.
/// The server never indexes at start: a million photos would be read whether anyone searches
/// or not.
///
/// Each run that changed what a search finds starts a new ``generation``, which the listings
/// read from the index note (``IndexSnapshot``), so that a search or timeline opened again
/// after a change is listed again rather than shown as it was.
actor ServedSearchIndexing {
    private let index: @Sendable (any PhotoSource) async throws -> SearchIndexProgress?
    private let freshness: Duration
    private let logger: Logger
    private var running: Task<Void, Never>?
    private var lastRun: ContinuousClock.Instant?
    /// How many runs have changed the index since the server started.
    private(set) var generation = 0

    /// - Parameters:
    ///   - freshness: How long an index brought up to date is taken as current.
    ///   - index: Brings the index up to date with one source (`Engine.index(source:)`).
    init(freshness: Duration, logger: Logger, index: @escaping @Sendable (any PhotoSource) async throws -> SearchIndexProgress?) {
        self.index = index
        self.freshness = freshness
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
        let task = Task { [index, logger] in
            var changed = false
            for (id, source) in sources where source.searchScope != nil {
                do {
                    let done = try await index(source)
                    changed = changed || (done.map { $0.indexed + $0.removed > 0 } ?? false)
                } catch {
                    logger.warning(
                        "A source could not be indexed for search; it is searched as last indexed.",
                        metadata: ["source": "\(id)", "error": .error(error)])
                }
            }
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
    }
}
