import Foundation
import PhotolalaTestSupport
import Synchronization
import Testing

@testable import PhotolalaKit

/// Passes everything to a real local source, recording the order of thumbnail loads and
/// holding loads of one item until the test releases it.
private final class RecordingSource: ThumbnailSource {
    let inner: ScannedThumbnails
    let heldID: PhotoItem.ID?
    private let calls = Mutex<[PhotoItem.ID]>([])
    private let gate: AsyncStream<Void>
    private let opener: AsyncStream<Void>.Continuation

    init(_ inner: ScannedThumbnails, holding heldID: PhotoItem.ID? = nil) {
        self.inner = inner
        self.heldID = heldID
        (gate, opener) = AsyncStream<Void>.makeStream()
    }

    var loadedIDs: [PhotoItem.ID] { calls.withLock { $0 } }

    func release() {
        opener.yield()
        opener.finish()
    }

    func thumbnail(for id: PhotoItem.ID) async throws -> Thumbnail {
        calls.withLock { $0.append(id) }
        if id == heldID {
            for await _ in gate { break }
        }
        return try await inner.thumbnail(for: id)
    }
}

@Suite("ThumbnailLoader")
struct ThumbnailLoaderTests: WorkspaceSuite {
    let workspace: TestWorkspace
    let source: LocalPhotoSource
    let thumbnails: ScannedThumbnails
    let items: [PhotoItem]

    /// A folder of twelve distinct photos.
    init() async throws {
        workspace = try TestWorkspace()
        let (engine, photos) = (workspace.engine, workspace.photos)
        try await Shell.run(Fixtures.repositoryRoot.appendingPathComponent("Scripts/make-photos.sh").path, [photos, "12", "320", "240"])
        source = try engine.localSource(root: photos)
        thumbnails = try await ScannedThumbnails(scanning: source, engine: engine)
        items = thumbnails.items
    }

    private func loader(_ source: any ThumbnailSource, workers: Int = 2, budget: Int = 64 << 20) -> ThumbnailLoader {
        var configuration = ThumbnailLoader.Configuration()
        configuration.maximumConcurrentLoads = workers
        configuration.memoryBudget = budget
        return ThumbnailLoader(source: source, configuration: configuration)
    }

    /// Waits until the loader has started `count` loads of the recording source.
    private func waitForLoads(_ source: RecordingSource, count: Int) async throws {
        try await waitUntil { source.loadedIDs.count >= count }
    }

    @Test("Concurrent requests for one photo generate its thumbnail once")
    func deduplicates() async throws {
        let recording = RecordingSource(thumbnails)
        let loader = loader(recording)
        let id = items[0].id
        let results = try await withThrowingTaskGroup(of: Thumbnail.self) { group in
            for _ in 0..<20 {
                group.addTask { try await loader.thumbnail(for: id) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(results.map(\.jpeg)).count == 1)
        #expect(recording.loadedIDs == [id])
        let statistics = await loader.statistics
        #expect(statistics.generated == 1)
        #expect(statistics.joined + statistics.memoryHits == 19)
    }

    @Test("A request cancelled while queued does no work")
    func cancelledRequestDoesNoWork() async throws {
        let recording = RecordingSource(thumbnails, holding: items[0].id)
        let loader = loader(recording, workers: 1)
        let blocker = Task { try await loader.thumbnail(for: items[0].id) }
        try await waitForLoads(recording, count: 1)

        let cancelled = Task { try await loader.thumbnail(for: items[1].id, priority: .background) }
        try await waitUntil { await loader.pendingLoads == 2 }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }

        recording.release()
        _ = try await blocker.value
        try await waitUntil { await loader.pendingLoads == 0 }
        #expect(recording.loadedIDs == [items[0].id])
        #expect(await loader.statistics.dropped == 1)
        #expect(await loader.statistics.generated == 1)
    }

    @Test("Queued loads run by priority, and prioritize moves them")
    func priorities() async throws {
        let recording = RecordingSource(thumbnails, holding: items[0].id)
        let loader = loader(recording, workers: 1)
        let blocker = Task { try await loader.thumbnail(for: items[0].id) }
        try await waitForLoads(recording, count: 1)

        await loader.preload([items[1].id, items[2].id], priority: .background)
        await loader.preload([items[3].id], priority: .prefetch)
        let visible = Task { try await loader.thumbnail(for: items[4].id, priority: .visible) }
        await loader.prioritize([items[2].id], priority: .nearVisible)
        try await waitUntil { await loader.pendingLoads == 5 }

        recording.release()
        _ = try await blocker.value
        _ = try await visible.value
        try await waitForLoads(recording, count: 5)
        #expect(recording.loadedIDs == [0, 4, 2, 3, 1].map { items[$0].id })
    }

    @Test("Preloaded thumbnails are then served from memory")
    func preloadFillsMemory() async throws {
        let loader = loader(thumbnails)
        let ids = items.prefix(4).map(\.id)
        await loader.preload(ids)
        try await waitUntil { await loader.statistics.loaded == 4 }
        for id in ids {
            #expect(try await loader.thumbnail(for: id).origin == .memory)
        }
    }

    @Test("The memory cache stays within its byte budget")
    func memoryBudget() async throws {
        let one = try await thumbnails.thumbnail(for: items[0].id).jpeg.count
        let budget = one * 3
        let loader = loader(thumbnails, budget: budget)
        for item in items {
            _ = try await loader.thumbnail(for: item.id)
            #expect(await loader.memoryUsage <= budget)
        }
        #expect(await loader.memoryUsage > 0)
        // The oldest were evicted and are loaded again; the newest are still in memory.
        #expect(try await loader.thumbnail(for: items.last?.id ?? "").origin == .memory)
        #expect(try await loader.thumbnail(for: items[0].id).origin != .memory)
    }

    @Test("A thumbnail survives a restart through the disk cache")
    func survivesRestart() async throws {
        let first = try await loader(thumbnails).thumbnail(for: items[0].id)
        #expect(first.origin == .generated)

        let restartedEngine = try makeEngine(in: folder)
        let restarted = try await ScannedThumbnails(scanning: try restartedEngine.localSource(root: source.root), engine: restartedEngine)
        let second = try await loader(restarted).thumbnail(for: items[0].id)
        #expect(second.origin == .disk)
        #expect(second.jpeg == first.jpeg)
        let md5 = try #require(first.md5)
        #expect(FileManager.default.fileExists(atPath: folder.path("cache/thumbnails/\(md5.prefix(2))/\(md5)-t2.jpg")))
    }

    @Test("Forgotten thumbnails are loaded again, and a load running while its photo changed is not kept")
    func forgetting() async throws {
        let recording = RecordingSource(thumbnails, holding: items[1].id)
        let loader = loader(recording)
        _ = try await loader.thumbnail(for: items[0].id)
        #expect(try await loader.thumbnail(for: items[0].id).origin == .memory)
        await loader.forget([items[0].id])
        #expect(try await loader.thumbnail(for: items[0].id).origin != .memory)

        let running = Task { try await loader.thumbnail(for: items[1].id) }
        try await waitForLoads(recording, count: 3)
        await loader.forgetAll()
        recording.release()
        _ = try await running.value
        #expect(try await loader.thumbnail(for: items[1].id).origin != .memory)
        #expect(try await loader.thumbnail(for: items[0].id).origin != .memory)
    }

    @Test("A failed load reports the source's error to every waiter")
    func failures() async throws {
        let loader = loader(thumbnails)
        let missing = LocalItemID.make(relativePath: "missing.jpg")
        let error = await #expect(throws: PhotolalaError.self) { try await loader.thumbnail(for: missing) }
        #expect(error?.code == .photoNotFound)
    }

    @Test("Loads someone waits for hold background work back: a catalog build reads no photo until they are done")
    func backgroundWorkGivesWay() async throws {
        let recording = RecordingSource(thumbnails, holding: items[0].id)
        var configuration = ThumbnailLoader.Configuration()
        configuration.foreground = engine.foreground
        let loader = ThumbnailLoader(source: recording, configuration: configuration)
        // Loads nobody waits for do not hold anything back.
        await loader.preload([items[1].id], priority: .background)
        try await waitUntil { await loader.pendingLoads == 0 }
        #expect(engine.foreground.running == 0)

        let visible = Task { try await loader.thumbnail(for: items[0].id) }
        try await waitForLoads(recording, count: 2)
        #expect(engine.foreground.running == 1)
        let released = Mutex(false)
        let build = Task {
            var (hashedWhileHeld, hashed, catalogued) = (0, 0, 0)
            for try await event in engine.catalogBuilder(jobs: 2).build(folder: try engine.localSource(root: source.root)) {
                switch event {
                case .photoDone(hashed: true, _):
                    hashed += 1
                    hashedWhileHeld += released.withLock { $0 } ? 0 : 1
                case .folderDone(let report):
                    catalogued = report.photoCount
                default:
                    break
                }
            }
            return (hashedWhileHeld, hashed, catalogued)
        }
        // Long enough for a build that did not wait to read a few of the twelve photos.
        try await Task.sleep(for: .milliseconds(500))
        released.withLock { $0 = true }
        recording.release()
        _ = try await visible.value
        let (hashedWhileHeld, hashed, catalogued) = try await build.value
        #expect(hashedWhileHeld == 0)
        #expect(hashed > 0 && catalogued == items.count)
        #expect(engine.foreground.running == 0)
    }
}
