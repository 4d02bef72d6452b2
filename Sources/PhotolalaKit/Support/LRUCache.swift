/// A least-recently-used cache bounded by the total cost of what it holds, usually bytes.
///
/// Every bounded cache of the engine and the server keeps its entries in one of these, so
/// eviction is written and tested once. Each entry's cost is given when it is inserted; past
/// the budget the least recently used entries go first, and are handed back to the caller,
/// which may have more to undo (a file to delete, a session to close). Lookups and inserts
/// cost O(1): the entries form a doubly linked list threaded through an array of slots.
///
/// ```swift
/// var cache = LRUCache<String, [UInt8]>(budget: 64 << 20)
/// let evicted = cache.insert(jpeg, forKey: md5, cost: jpeg.count)
/// ```
package struct LRUCache<Key: Hashable, Value> {
    fileprivate struct Node {
        var key: Key
        var value: Value?
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    /// The most cost held at once.
    package let budget: Int
    /// The cost held now.
    package private(set) var usage = 0
    private var nodes: [Node] = []
    private var freeSlots: [Int] = []
    private var slots: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    /// - Parameter budget: The most cost held at once; an entry costing more is never kept.
    package init(budget: Int) {
        self.budget = max(0, budget)
    }

    /// How many entries are held.
    package var count: Int { slots.count }

    package var isEmpty: Bool { slots.isEmpty }

    /// The keys held, most recently used first.
    package var keys: [Key] {
        var keys: [Key] = []
        keys.reserveCapacity(slots.count)
        var slot = newest
        while let current = slot {
            keys.append(nodes[current].key)
            slot = nodes[current].older
        }
        return keys
    }

    /// Whether `key` is held, without making it the most recently used.
    package func contains(_ key: Key) -> Bool {
        slots[key] != nil
    }

    /// The value held for `key`, without making it the most recently used.
    package func peek(_ key: Key) -> Value? {
        slots[key].flatMap { nodes[$0].value }
    }

    /// The value held for `key`, which becomes the most recently used.
    package mutating func value(forKey key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        return nodes[slot].value
    }

    /// Holds `value` for `key` as the most recently used, replacing what was held for it, and
    /// evicts the least recently used entries while the cost held exceeds the budget.
    /// - Returns: The entries evicted to make room (not the one replaced), oldest first; a
    ///   value costing more than the whole budget is returned as evicted itself, unheld.
    @discardableResult
    package mutating func insert(_ value: Value, forKey key: Key, cost: Int) -> [(key: Key, value: Value)] {
        removeValue(forKey: key)
        let cost = max(0, cost)
        guard cost <= budget else { return [(key, value)] }
        var evicted: [(key: Key, value: Value)] = []
        while usage + cost > budget, let oldest, let entry = removeValue(forKey: nodes[oldest].key) {
            evicted.append((nodes[oldest].key, entry))
        }
        let node = Node(key: key, value: value, cost: cost)
        let slot: Int
        if let free = freeSlots.popLast() {
            nodes[free] = node
            slot = free
        } else {
            nodes.append(node)
            slot = nodes.count - 1
        }
        slots[key] = slot
        usage += cost
        linkAsNewest(slot)
        return evicted
    }

    /// Stops holding `key`.
    /// - Returns: The value that was held, if any.
    @discardableResult
    package mutating func removeValue(forKey key: Key) -> Value? {
        guard let slot = slots.removeValue(forKey: key) else { return nil }
        unlink(slot)
        usage -= nodes[slot].cost
        let value = nodes[slot].value
        nodes[slot].value = nil
        nodes[slot].cost = 0
        freeSlots.append(slot)
        return value
    }

    /// Stops holding every key that `shouldRemove` accepts.
    /// - Returns: The entries removed.
    @discardableResult
    package mutating func removeAll(where shouldRemove: (Key) -> Bool) -> [(key: Key, value: Value)] {
        var removed: [(key: Key, value: Value)] = []
        for key in slots.keys where shouldRemove(key) {
            if let value = removeValue(forKey: key) {
                removed.append((key, value))
            }
        }
        return removed
    }

    /// Stops holding anything.
    package mutating func removeAll() {
        self = LRUCache(budget: budget)
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (nodes[slot].newer, nodes[slot].older)
        if let newer { nodes[newer].older = older } else { newest = older }
        if let older { nodes[older].newer = newer } else { oldest = newer }
        nodes[slot].newer = nil
        nodes[slot].older = nil
    }

    private mutating func linkAsNewest(_ slot: Int) {
        nodes[slot].older = newest
        nodes[slot].newer = nil
        if let newest { nodes[newest].newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}

extension LRUCache.Node: Sendable where Key: Sendable, Value: Sendable {}
