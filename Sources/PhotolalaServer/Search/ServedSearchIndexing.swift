import Logging
import PhotolalaKit

/// Keeps the search index current with the served sources for the page's searches: a search
/// first brings the index up to date (only what changed since is read again), at most once in
/// ``freshness``; searches made meanwhile wait for the same run rather than starting their own.
/// The server never indexes at start: a million photos would be read whether anyone searches
/// or not.
actor ServedSearchIndexing {
    /// How long an index brought up to date is taken as current.
    static let freshness: Duration = .seconds(30)

    private let index: @Sendable (any PhotoSource) async throws -> SearchIndexProgress?
    private let logger: Logger
    private var running: Task<Void, Never>?
    private var lastRun: ContinuousClock.Instant?

    /// - Parameter index: Brings the index up to date with one source (`Engine.index(source:)`).
    init(logger: Logger, index: @escaping @Sendable (any PhotoSource) async throws -> SearchIndexProgress?) {
        self.index = index
        self.logger = logger
    }

    /// Brings the index up to date with `sources` unless it was a moment ago. A source that
    /// cannot be indexed is logged and searched as last indexed.
    func update(_ sources: [(id: String, source: any PhotoSource)]) async {
        if let running {
            await running.value
            return
        }
        if let lastRun, ContinuousClock.now - lastRun < Self.freshness { return }
        let task = Task { [index, logger] in
            for (id, source) in sources where source.searchScope != nil {
                do {
                    _ = try await index(source)
                } catch {
                    logger.warning(
                        "A source could not be indexed for search; it is searched as last indexed.",
                        metadata: ["source": "\(id)", "error": .error(error)])
                }
            }
        }
        running = task
        await task.value
        running = nil
        lastRun = .now
    }
}
