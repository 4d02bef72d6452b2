import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// The cloud download cache: on disk, one fetch per key, least recently used out first.
@Suite struct DownloadCacheTests {
    @Test func theLeastRecentlyUsedObjectsGoFirstWhenTheBudgetIsExceeded() async throws {
        let folder = try TemporaryDirectory()
        let cache = DownloadCache(directory: folder.path("cache"), byteBudget: 250)
        let fetches = Counter()
        func load(_ key: String) async throws -> Bool {
            try await cache.bytes(for: key) {
                await fetches.increment()
                return [UInt8](repeating: 7, count: 100)
            }.cached
        }
        #expect(try await load("a") == false)
        #expect(try await load("b") == false)
        #expect(try await load("a") == true, "a is now the most recently used")
        #expect(try await load("c") == false)
        #expect(await cache.usedBytes == 200)
        #expect(await cache.contains("a"))
        #expect(await !cache.contains("b"), "b was the least recently used")
        #expect(await fetches.value == 3)

        let reopened = DownloadCache(directory: folder.path("cache"), byteBudget: 250)
        #expect(await reopened.usedBytes == 200)
        #expect(try await reopened.bytes(for: "c") { [] }.cached)
    }

    @Test func concurrentRequestsForOneKeyShareOneDownload() async throws {
        let folder = try TemporaryDirectory()
        let cache = DownloadCache(directory: folder.path("cache"), byteBudget: 1 << 20)
        let fetches = Counter()
        try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await cache.bytes(for: "k") {
                        await fetches.increment()
                        try await Task.sleep(for: .milliseconds(100))
                        return [1, 2, 3]
                    }.bytes
                }
            }
            for try await bytes in group {
                #expect(bytes == [1, 2, 3])
            }
        }
        #expect(await fetches.value == 1)
    }
}
