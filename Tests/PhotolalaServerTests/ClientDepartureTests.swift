import Foundation
import PhotolalaKit
import PhotolalaTestSupport
import Synchronization
import Testing

@testable import PhotolalaServer

/// Passes every load to a real local source, holding the load of one item until released, so a
/// test knows what waits in the loader's queue.
private final class HeldSource: ThumbnailSource {
    let inner: ScannedThumbnails
    let heldID: PhotoItem.ID
    private let started = Mutex<[PhotoItem.ID]>([])
    private let gate: AsyncStream<Void>
    private let opener: AsyncStream<Void>.Continuation

    init(_ inner: ScannedThumbnails, holding heldID: PhotoItem.ID) {
        self.inner = inner
        self.heldID = heldID
        (gate, opener) = AsyncStream<Void>.makeStream()
    }

    var startedIDs: [PhotoItem.ID] { started.withLock { $0 } }

    func release() {
        opener.finish()
    }

    func thumbnail(for id: PhotoItem.ID) async throws -> Thumbnail {
        started.withLock { $0.append(id) }
        if id == heldID {
            for await _ in gate {}
        }
        return try await inner.thumbnail(for: id)
    }
}

/// A page that aborts the fetch of a thumbnail (its cell scrolled away) closes the connection:
/// the load it asked for is dropped when it has not started, and no thumbnail is made.
@Suite("Client departure")
struct ClientDepartureTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    @Test("A thumbnail whose client left while it was queued is not made: no decode, nothing in the thumbnail store")
    func departedClientGetsNoThumbnail() async throws {
        let photos = folder.path("photos")
        try await Shell.run(Fixtures.repositoryRoot.appendingPathComponent("Scripts/make-photos.sh").path, [photos, "2", "640", "480"])
        let source = try await ScannedThumbnails(scanning: try engine.localSource(root: photos), engine: engine)
        let items = source.items
        try #require(items.count == 2)
        let held = HeldSource(source, holding: items[0].id)
        var configuration = ThumbnailLoader.Configuration()
        configuration.maximumConcurrentLoads = 1
        let loader = ThumbnailLoader(source: held, configuration: configuration)

        let first = Task { try await loader.thumbnail(for: items[0].id) }
        try await waitUntil { held.startedIDs.count == 1 }
        let departure = ClientDeparture()
        let abandoned = Task {
            try await ClientDeparture.$current.withValue(departure) {
                try await ClientDeparture.cancellingOnDeparture { try await loader.thumbnail(for: items[1].id) }
            }
        }
        try await waitUntil { await loader.pendingLoads == 2 }
        // What the connection's handler does when the page closes the connection.
        departure.depart()
        await #expect(throws: CancellationError.self) { try await abandoned.value }

        held.release()
        _ = try await first.value
        try await waitUntil { await loader.pendingLoads == 0 }
        #expect(held.startedIDs == [items[0].id])
        #expect(await loader.statistics.dropped == 1)
        let md5s = try items.map { try ContentHash.md5(ofFileAt: try #require(source.paths[$0.id])) }
        #expect(engine.thumbnailStore.thumbnail(forMD5: md5s[0]) != nil)
        #expect(engine.thumbnailStore.thumbnail(forMD5: md5s[1]) == nil)
    }

    @Test("A request served after its client left is withdrawn at once; without a connection it runs as it is")
    func alreadyDeparted() async throws {
        let departure = ClientDeparture()
        departure.depart()
        let ran = Mutex(false)
        await #expect(throws: CancellationError.self) {
            try await ClientDeparture.$current.withValue(departure) {
                try await ClientDeparture.cancellingOnDeparture {
                    try Task.checkCancellation()
                    ran.withLock { $0 = true }
                }
            }
        }
        #expect(!ran.withLock { $0 })
        #expect(try await ClientDeparture.cancellingOnDeparture { 42 } == 42)
    }
}
