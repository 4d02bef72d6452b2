import Foundation

/// Loads thumbnails for a browser: visible cells first, each photo once, nothing for cells
/// that scrolled away.
///
/// Requests for a photo already being loaded join that load. Finished thumbnails stay in a
/// memory cache bounded in bytes; below it, the source's content-addressed disk cache answers
/// without decoding. At most ``Configuration/maximumConcurrentLoads`` loads run at once, taken
/// from the queue in priority order (visible, near visible, prefetch, background), first come
/// first served within a priority. A queued load whose every requester cancelled is dropped
/// before it does any work. Loads above ``ThumbnailPriority/background`` count as
/// ``Configuration/foreground`` work, which catalog builds give way to.
///
/// ```swift
/// let loader = ThumbnailLoader(source: source)
/// await loader.preload(nextPageIDs)
/// let thumbnail = try await loader.thumbnail(for: item.id, priority: .visible)
/// ```
public actor ThumbnailLoader {
    public struct Configuration: Sendable {
        /// The most bytes of thumbnail JPEGs kept in memory.
        public var memoryBudget = 64 << 20
        /// How many loads run in parallel; one per core keeps every core decoding.
        public var maximumConcurrentLoads = max(1, ProcessInfo.processInfo.activeProcessorCount)
        /// Where the loads someone waits for are announced, so background work waits for them;
        /// the engine's sources share the engine's.
        public var foreground: ForegroundWork?

        public init() {}
    }

    /// Counters that show how requests were served.
    public struct Statistics: Sendable, Equatable {
        /// Requests answered from memory.
        public var memoryHits = 0
        /// Requests that joined a load already queued or running.
        public var joined = 0
        /// Loads the source completed, from its disk cache or by rendering.
        public var loaded = 0
        /// Loads that rendered a thumbnail from the photo.
        public var generated = 0
        public var failed = 0
        /// Queued loads dropped before they started because nobody wanted them any more.
        public var dropped = 0
    }

    private final class Request {
        let id: PhotoItem.ID
        var priority: ThumbnailPriority
        var waiters: [Int: CheckedContinuation<Thumbnail, any Error>] = [:]
        /// Wanted for the cache even when nobody waits (``ThumbnailLoader/preload(_:priority:)``).
        var isPreload = false
        var isRunning = false
        /// The photo changed while this load ran: its result is handed out but not cached.
        var isStale = false

        init(id: PhotoItem.ID, priority: ThumbnailPriority) {
            self.id = id
            self.priority = priority
        }
    }

    public let configuration: Configuration
    public private(set) var statistics = Statistics()
    private let source: any ThumbnailSource
    private var memory: LRUCache<PhotoItem.ID, Thumbnail>
    private var requests: [PhotoItem.ID: Request] = [:]
    /// One first-in-first-out queue per priority; entries whose request moved on are skipped.
    private var queues = [[PhotoItem.ID]](repeating: [], count: ThumbnailPriority.allCases.count)
    private var queueHeads = [Int](repeating: 0, count: ThumbnailPriority.allCases.count)
    private var running = 0
    private var lastWaiter = 0

    /// - Parameters:
    ///   - source: Where thumbnails come from when they are not in memory.
    ///   - configuration: Memory budget and parallelism.
    public init(source: any ThumbnailSource, configuration: Configuration = Configuration()) {
        self.source = source
        self.configuration = configuration
        memory = LRUCache(budget: configuration.memoryBudget)
    }

    /// Bytes of thumbnails held in memory now; never more than the budget.
    public var memoryUsage: Int { memory.usage }

    /// Loads queued or running now.
    public var pendingLoads: Int { requests.count }

    /// The thumbnail of one item. Cancelling the calling task withdraws the request.
    /// - Throws: `CancellationError` when cancelled; the source's error when loading fails.
    public func thumbnail(for id: PhotoItem.ID, priority: ThumbnailPriority = .visible) async throws -> Thumbnail {
        if var cached = memory.value(forKey: id) {
            statistics.memoryHits += 1
            cached.origin = .memory
            return cached
        }
        lastWaiter += 1
        let waiter = lastWaiter
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard !Task.isCancelled else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                enqueue(id, priority: priority, waiter: waiter, continuation: continuation)
            }
        } onCancel: {
            Task { await self.withdraw(waiter: waiter, from: id) }
        }
    }

    /// Queues loads that fill the caches without anyone waiting, such as the next screenful.
    public func preload(_ ids: [PhotoItem.ID], priority: ThumbnailPriority = .prefetch) {
        for id in ids where !memory.contains(id) {
            let request = requests[id] ?? makeRequest(id, priority: priority)
            request.isPreload = true
            if priority > request.priority {
                move(request, to: priority)
            }
        }
        startLoads()
    }

    /// Moves queued loads to another priority, up or down, as cells move on or off screen.
    public func prioritize(_ ids: [PhotoItem.ID], priority: ThumbnailPriority) {
        for id in ids {
            if let request = requests[id], request.priority != priority {
                move(request, to: priority)
            }
        }
        startLoads()
    }

    /// Withdraws every request for these items; queued loads are dropped, running ones finish
    /// into the cache.
    public func cancel(_ ids: [PhotoItem.ID]) {
        for id in ids {
            guard let request = requests[id] else { continue }
            let waiters = request.waiters.values
            request.waiters.removeAll()
            request.isPreload = false
            for waiter in waiters {
                waiter.resume(throwing: CancellationError())
            }
            dropIfUnwanted(request)
        }
    }

    /// Drops what is cached of these items (their photos changed), so the next request loads
    /// them again; loads running now are not cached either.
    public func forget(_ ids: [PhotoItem.ID]) {
        for id in ids {
            memory.removeValue(forKey: id)
            if let request = requests[id], request.isRunning {
                request.isStale = true
            }
        }
    }

    /// Drops every cached thumbnail (the whole source changed), as ``forget(_:)`` does.
    public func forgetAll() {
        memory.removeAll()
        for request in requests.values where request.isRunning {
            request.isStale = true
        }
    }

    // MARK: - Queue

    private func enqueue(
        _ id: PhotoItem.ID,
        priority: ThumbnailPriority,
        waiter: Int,
        continuation: CheckedContinuation<Thumbnail, any Error>
    ) {
        if let request = requests[id] {
            statistics.joined += 1
            request.waiters[waiter] = continuation
            if priority > request.priority {
                move(request, to: priority)
            }
        } else {
            makeRequest(id, priority: priority).waiters[waiter] = continuation
        }
        startLoads()
    }

    @discardableResult
    private func makeRequest(_ id: PhotoItem.ID, priority: ThumbnailPriority) -> Request {
        let request = Request(id: id, priority: priority)
        requests[id] = request
        queues[priority.rawValue].append(id)
        return request
    }

    private func move(_ request: Request, to priority: ThumbnailPriority) {
        request.priority = priority
        if !request.isRunning {
            queues[priority.rawValue].append(request.id)
        }
    }

    private func withdraw(waiter: Int, from id: PhotoItem.ID) {
        guard let request = requests[id], let continuation = request.waiters.removeValue(forKey: waiter) else { return }
        continuation.resume(throwing: CancellationError())
        dropIfUnwanted(request)
    }

    private func dropIfUnwanted(_ request: Request) {
        guard request.waiters.isEmpty, !request.isPreload, !request.isRunning else { return }
        requests[request.id] = nil
        statistics.dropped += 1
    }

    /// The most urgent queued request, skipping entries that were dropped or moved.
    private func nextRequest() -> Request? {
        for priority in queues.indices {
            while queueHeads[priority] < queues[priority].count {
                let id = queues[priority][queueHeads[priority]]
                queueHeads[priority] += 1
                if let request = requests[id], !request.isRunning, request.priority.rawValue == priority {
                    compactQueue(priority)
                    return request
                }
            }
            queues[priority].removeAll(keepingCapacity: true)
            queueHeads[priority] = 0
        }
        return nil
    }

    private func compactQueue(_ priority: Int) {
        guard queueHeads[priority] > 1_024, queueHeads[priority] * 2 > queues[priority].count else { return }
        queues[priority].removeFirst(queueHeads[priority])
        queueHeads[priority] = 0
    }

    // MARK: - Loading

    private func startLoads() {
        while running < configuration.maximumConcurrentLoads, let request = nextRequest() {
            request.isRunning = true
            running += 1
            let id = request.id
            let foreground = request.priority > .background ? configuration.foreground : nil
            foreground?.begin()
            Task { [source] in
                let result: Result<Thumbnail, any Error>
                do {
                    result = .success(try await source.thumbnail(for: id))
                } catch {
                    result = .failure(error)
                }
                self.finish(id, with: result, foreground: foreground)
            }
        }
    }

    /// Hands out a load's result, then starts the next load before the finished one's
    /// foreground mark ends, so background work does not slip in between two loads.
    private func finish(_ id: PhotoItem.ID, with result: Result<Thumbnail, any Error>, foreground: ForegroundWork?) {
        defer { foreground?.end() }
        running -= 1
        if let request = requests.removeValue(forKey: id) {
            switch result {
            case .success(let thumbnail):
                statistics.loaded += 1
                if thumbnail.origin == .generated {
                    statistics.generated += 1
                }
                if !request.isStale {
                    memory.insert(thumbnail, forKey: id, cost: thumbnail.jpeg.count)
                }
                for waiter in request.waiters.values {
                    waiter.resume(returning: thumbnail)
                }
            case .failure(let error):
                statistics.failed += 1
                for waiter in request.waiters.values {
                    waiter.resume(throwing: error)
                }
            }
        }
        startLoads()
    }
}
