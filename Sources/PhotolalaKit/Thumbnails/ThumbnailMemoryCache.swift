/// A least-recently-used cache of thumbnails bounded by their total size in bytes.
struct ThumbnailMemoryCache {
    private struct Node {
        var key: PhotoItem.ID
        var thumbnail: Thumbnail
        var newer: Int?
        var older: Int?
    }

    /// The most bytes of JPEG data held at once.
    let budget: Int
    private(set) var usage = 0
    private var nodes: [Node] = []
    private var freeSlots: [Int] = []
    private var slots: [PhotoItem.ID: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    init(budget: Int) {
        self.budget = budget
    }

    func contains(_ key: PhotoItem.ID) -> Bool {
        slots[key] != nil
    }

    /// The cached thumbnail, which becomes the most recently used.
    mutating func value(for key: PhotoItem.ID) -> Thumbnail? {
        guard let slot = slots[key] else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        return nodes[slot].thumbnail
    }

    /// Caches a thumbnail, evicting the least recently used ones past the budget. A thumbnail
    /// larger than the whole budget is not cached.
    mutating func insert(_ thumbnail: Thumbnail, for key: PhotoItem.ID) {
        remove(key)
        guard thumbnail.jpeg.count <= budget else { return }
        while usage + thumbnail.jpeg.count > budget, let oldest {
            remove(nodes[oldest].key)
        }
        let node = Node(key: key, thumbnail: thumbnail)
        let slot: Int
        if let free = freeSlots.popLast() {
            nodes[free] = node
            slot = free
        } else {
            nodes.append(node)
            slot = nodes.count - 1
        }
        slots[key] = slot
        usage += thumbnail.jpeg.count
        linkAsNewest(slot)
    }

    mutating func remove(_ key: PhotoItem.ID) {
        guard let slot = slots.removeValue(forKey: key) else { return }
        unlink(slot)
        usage -= nodes[slot].thumbnail.jpeg.count
        nodes[slot].thumbnail = Thumbnail(md5: nil, jpeg: [], origin: .memory)
        freeSlots.append(slot)
    }

    mutating func removeAll() {
        self = ThumbnailMemoryCache(budget: budget)
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
