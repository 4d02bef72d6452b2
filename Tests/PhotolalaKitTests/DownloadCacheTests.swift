import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// The cloud download cache: on disk, one fetch per key, least recently used out first.
@Suite struct DownloadCacheTests {
    @Test("The least recently used objects go first when the budget is exceeded") func theLeastRecentlyUsedObjectsGoFirstWhenTheBudgetIsExceeded()
        async throws
    {
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

    @Test("Eviction follows the order of use and keeps the budget") func evictionFollowsTheOrderOfUseAndKeepsTheBudget() async throws {
        let folder = try TemporaryDirectory()
        let cache = DownloadCache(directory: folder.path("cache"), byteBudget: 1_000)
        func load(_ key: String, size: Int = 100) async throws -> Bool {
            try await cache.bytes(for: key) { [UInt8](repeating: 1, count: size) }.cached
        }
        for index in 0..<10 {
            #expect(try await load("k\(index)") == false)
        }
        #expect(await cache.usedBytes == 1_000)
        // Used again, in this order: k4 (again below), k0, k7, k4.
        for key in ["k4", "k0", "k7", "k4"] {
            #expect(try await load(key))
        }
        // 350 bytes more: the four least recently used go (k1, k2, k3, k5).
        #expect(try await load("big", size: 350) == false)
        for key in ["k1", "k2", "k3", "k5"] {
            #expect(await !cache.contains(key), "\(key) was among the least recently used")
        }
        for key in ["k6", "k8", "k9", "k0", "k7", "k4", "big"] {
            #expect(await cache.contains(key), "\(key) was used more recently")
        }
        #expect(await cache.usedBytes == 950)
        // An object beyond the whole budget is returned but not kept, and evicts nothing.
        #expect(try await load("huge", size: 2_000) == false)
        #expect(await !cache.contains("huge"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("cache/" + ContentHash.md5(of: Array("huge".utf8)))))
        #expect(await cache.usedBytes == 950)
        #expect(await cache.contains("big"))
    }

    @Test("Concurrent requests for one key share one download") func concurrentRequestsForOneKeyShareOneDownload() async throws {
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
