import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("Folder watching")
struct FolderWatcherTests {
    private enum Signal: Equatable {
        case changed, ended, nothing
    }

    /// What the stream says next; `nothing` after 10 s, so a broken watcher fails the test
    /// instead of hanging it.
    private func next(_ stream: AsyncStream<Void>) async -> Signal {
        await withTaskGroup(of: Signal.self) { group in
            group.addTask {
                var iterator = stream.makeAsyncIterator()
                return await iterator.next() == nil ? .ended : .changed
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(10))
                return .nothing
            }
            let first = await group.next() ?? .nothing
            group.cancelAll()
            return first
        }
    }

    @Test("Two sessions of one folder both hear of a new file; one leaving does not silence the other; a deleted folder ends the stream")
    func sharedWatches() async throws {
        #if os(Linux)
            let directory = try TemporaryDirectory()
            let folder = directory.path("watched")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let watcher = try #require(FolderWatcher())
            let second = try #require(watcher.changes(in: folder))
            do {
                let first = try #require(watcher.changes(in: folder))
                try Data("a".utf8).write(to: URL(fileURLWithPath: folder + "/a.jpg"))
                #expect(await next(first) == .changed)
                #expect(await next(second) == .changed)
            }  // the first session goes away

            try Data("b".utf8).write(to: URL(fileURLWithPath: folder + "/b.jpg"))
            #expect(await next(second) == .changed)

            try FileManager.default.removeItem(atPath: folder)
            var signal = Signal.changed
            while signal == .changed {
                signal = await next(second)
            }
            #expect(signal == .ended)
        #endif
    }
}
