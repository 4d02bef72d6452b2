import Foundation
import Logging
import PhotolalaKit

/// Runs the cloud catalog syncs of `photolala serve` one at a time: a sync asked for while one
/// runs waits for it and then runs once more (the catalog may have changed meanwhile), so two
/// syncs never share the staging folder. Every step is published for the pages, and listings
/// of the Cloud source hear when the catalog changed.
actor CloudSyncRunner {
    private let sync: CloudCatalogSync
    private let publish: @Sendable (API.CloudSync) async -> Void
    /// Where syncs that fail in the background are told: nobody waits for them.
    private let logger: Logger
    private var state: CloudSyncState
    private var progress: CloudSyncProgress?
    private var running: Task<CloudSyncState, Never>?
    private var listeners: [UUID: AsyncStream<Void>.Continuation] = [:]

    /// - Parameters:
    ///   - sync: The catalog sync.
    ///   - publish: Sends a status to the pages.
    ///   - logger: Where failed syncs are logged.
    init(
        sync: CloudCatalogSync, logger: Logger = Logger(label: "photolala.cloud"), publish: @escaping @Sendable (API.CloudSync) async -> Void
    ) {
        self.sync = sync
        self.publish = publish
        self.logger = logger
        do {
            state = try sync.state()
        } catch {
            logger.error("The state of the last cloud catalog sync could not be read.", metadata: ["error": .error(error)])
            state = CloudSyncState(lastSyncDate: nil, manifestETag: nil, photoCount: 0)
        }
    }

    /// The sync as the pages show it.
    var status: API.CloudSync {
        API.CloudSync(syncing: running != nil, progress: progress, state: state)
    }

    /// Whether the last sync could not reach the store, so asking it more would only wait.
    var isOffline: Bool { state.isOffline }

    /// Syncs now, after the sync under way if there is one.
    /// - Parameter force: Download the manifest even when its ETag is unchanged.
    /// - Returns: The state after this sync; a failure is in its ``CloudSyncState/error``.
    @discardableResult
    func run(force: Bool = false) async -> CloudSyncState {
        // The sync under way clears `running` itself before it ends, so a caller that waited
        // for it finds the next one (or none) here: awaiting an ended task does not suspend, and
        // a loop on a `running` left to be cleared by its starter would hold this actor for ever.
        while let running {
            _ = await running.value
        }
        let task = Task {
            let result = await self.perform(force: force)
            await self.finish()
            return result
        }
        running = task
        await publish(status)
        return await task.value
    }

    /// Marks the sync under way as ended, before its task ends.
    private func finish() async {
        running = nil
        progress = nil
        await publish(status)
    }

    /// A signal after every sync that changed the catalog, until the listener goes away.
    func catalogChanges() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        listeners[id] = continuation
        continuation.onTermination = { _ in
            Task { await self.stopListening(id) }
        }
        return stream
    }

    private func perform(force: Bool) async -> CloudSyncState {
        // The sync reports into this stream, read here in order: no step overtakes another,
        // and none comes after the sync's end.
        let (steps, sink) = AsyncStream.makeStream(of: CloudSyncProgress.self)
        async let synced = Self.sync(sync, force: force, reportingTo: sink)
        for await progress in steps {
            await record(progress)
        }
        let result = await synced
        if let error = result.error {
            // Offline is a state the pages show, and may last; any other failure needs a look.
            logger.log(level: result.isOffline ? .notice : .warning, "A cloud catalog sync failed.", metadata: ["error": "\(error)"])
        }
        let changed = result.photoCount != state.photoCount || !result.downloadedShards.isEmpty
        state = result
        if changed {
            for listener in listeners.values {
                listener.yield()
            }
        }
        return result
    }

    /// Runs `sync`, its progress into `sink`, which it ends.
    private static func sync(
        _ sync: CloudCatalogSync, force: Bool, reportingTo sink: AsyncStream<CloudSyncProgress>.Continuation
    ) async
        -> CloudSyncState
    {
        defer { sink.finish() }
        return await sync.sync(force: force) { sink.yield($0) }
    }

    private func record(_ progress: CloudSyncProgress) async {
        guard running != nil else { return }
        self.progress = progress
        await publish(status)
    }

    private func stopListening(_ id: UUID) {
        listeners[id] = nil
    }
}
