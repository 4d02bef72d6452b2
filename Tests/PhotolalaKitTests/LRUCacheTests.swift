import PhotolalaKit
import Testing

@Suite("The one byte-budgeted LRU cache")
struct LRUCacheTests {
    @Test("Past the budget the least recently used entries go first, and are handed back")
    func evictsLeastRecentlyUsed() {
        var cache = LRUCache<String, [UInt8]>(budget: 10)
        cache.insert([1, 2, 3, 4], forKey: "a", cost: 4)
        cache.insert([5, 6, 7, 8], forKey: "b", cost: 4)
        #expect(cache.value(forKey: "a") == [1, 2, 3, 4])
        let evicted = cache.insert([9, 9, 9, 9], forKey: "c", cost: 4)
        #expect(evicted.map(\.key) == ["b"])
        #expect(cache.keys == ["c", "a"])
        #expect(cache.usage == 8)
    }

    @Test("Replacing an entry frees its old cost; an entry costing more than the budget is not held")
    func replacesAndRefusesOversized() {
        var cache = LRUCache<Int, String>(budget: 5)
        cache.insert("x", forKey: 1, cost: 3)
        cache.insert("y", forKey: 1, cost: 2)
        #expect(cache.usage == 2)
        #expect(cache.peek(1) == "y")
        let evicted = cache.insert("too big", forKey: 2, cost: 6)
        #expect(evicted.map(\.key) == [2])
        #expect(!cache.contains(2))
        #expect(cache.count == 1)
    }

    @Test("Removing by key or by a rule gives back what was held")
    func removes() {
        var cache = LRUCache<String, Int>(budget: 100)
        for (index, key) in ["cloud/a", "local/b", "cloud/c"].enumerated() {
            cache.insert(index, forKey: key, cost: 1)
        }
        let removed = cache.removeAll { $0.hasPrefix("cloud/") }
        #expect(Set(removed.map(\.key)) == ["cloud/a", "cloud/c"])
        #expect(cache.removeValue(forKey: "local/b") == 1)
        #expect(cache.isEmpty)
        #expect(cache.usage == 0)
    }
}
