import Synchronization

/// The MD5s the identity index answered most recently, by path, with the size and time they
/// hold for, in an ``LRUCache``. A thumbnail's tag is checked against its file on every request
/// (another tab, a reload); a database read costs more than all the rest of answering it.
final class RecentIdentities: Sendable {
    private struct Entry {
        let size: Int64
        let modifiedNanoseconds: Int64
        let md5: String
    }

    private let entries: Mutex<LRUCache<String, Entry>>

    /// - Parameter capacity: Paths remembered; past it, the least recently used are forgotten.
    init(capacity: Int = 4096) {
        entries = Mutex(LRUCache(budget: capacity))
    }

    /// The MD5 remembered for `path` if it was remembered for the file as `status` describes it.
    func md5(forPath path: String, status: FileStatus) -> String? {
        guard let entry = entries.withLock({ $0.value(forKey: path) }), entry.size == status.size,
            entry.modifiedNanoseconds == status.modifiedNanoseconds
        else {
            return nil
        }
        return entry.md5
    }

    /// Forgets what was remembered for `paths` (their rows were just written), in one go: a
    /// catalog build records thousands at once.
    func forget(_ paths: [String]) {
        entries.withLock { entries in
            guard !entries.isEmpty else { return }
            for path in paths {
                entries.removeValue(forKey: path)
            }
        }
    }

    func remember(_ md5: String, forPath path: String, status: FileStatus) {
        entries.withLock { entries in
            entries.insert(Entry(size: status.size, modifiedNanoseconds: status.modifiedNanoseconds, md5: md5), forKey: path, cost: 1)
        }
    }
}
