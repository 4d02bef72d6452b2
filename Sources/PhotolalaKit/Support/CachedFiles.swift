import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of a disk cache, accounted in an ``LRUCache`` by size: the folder is scanned once,
/// at first use (modification times give the order of last use, so it survives restarts), and
/// from then on every write and read keeps the account current, so a write never lists the
/// folder again. Past the budget, the least recently used files are deleted.
///
/// Shared by every copy of the store that holds it (a reference), and safe to use from any
/// thread. Files written behind its back are not counted until a new one scans the folder.
final class CachedFiles: Sendable {
    /// The folder the files live in, at any depth; names starting with `.` (temporary files)
    /// are not cache entries.
    let directory: String
    /// The most bytes kept.
    let budget: Int64
    private let logger: Logger
    private let files: Mutex<LRUCache<String, Int64>?> = Mutex(nil)

    /// - Parameters:
    ///   - directory: The cache's folder.
    ///   - budget: The most bytes kept.
    ///   - logger: Where a file that cannot be deleted is told.
    init(directory: String, budget: Int64, logger: Logger) {
        self.directory = directory
        self.budget = max(0, budget)
        self.logger = logger
    }

    /// Bytes the cache holds now.
    var usedBytes: Int64 {
        Int64(withFiles { $0.usage })
    }

    /// Whether the file at `path` is held.
    func contains(_ path: String) -> Bool {
        withFiles { $0.contains(path) }
    }

    /// Marks the file at `path` as just used, on disk too (its modification time) so the order
    /// survives a restart.
    func used(_ path: String) {
        guard withFiles({ $0.value(forKey: path) != nil }) else { return }
        utime(path, nil)
    }

    /// Counts the file just written at `path`, as the most recently used, and deletes the least
    /// recently used files past the budget (this one too when it alone exceeds it).
    func written(_ path: String, size: Int64) {
        remove(withFiles { $0.insert(size, forKey: path, cost: Int(size)) }.map(\.key))
    }

    private func withFiles<Result>(_ body: (inout LRUCache<String, Int64>) -> Result) -> Result {
        files.withLock { files in
            var loaded = files ?? scan()
            defer { files = loaded }
            return body(&loaded)
        }
    }

    /// Reads the folder once: every file's size and, from modification times, the order of use.
    private func scan() -> LRUCache<String, Int64> {
        var found: [(path: String, size: Int64, used: Int64)] = []
        var folders = [directory]
        while let folder = folders.popLast() {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".") {
                let path = folder + "/" + name
                guard let status = try? FileStatus(path: path) else { continue }
                if status.isDirectory {
                    folders.append(path)
                } else {
                    found.append((path, status.size, status.modifiedNanoseconds))
                }
            }
        }
        var cache = LRUCache<String, Int64>(budget: Int(clamping: budget))
        var evicted: [String] = []
        for file in found.sorted(by: { ($0.used, $0.path) < ($1.used, $1.path) }) {
            evicted += cache.insert(file.size, forKey: file.path, cost: Int(file.size)).map(\.key)
        }
        remove(evicted)
        return cache
    }

    /// Deletes evicted files; one that cannot be deleted is logged and left.
    private func remove(_ paths: [String]) {
        for path in paths where unlink(path) != 0 && errno != ENOENT {
            logger.warning(
                "An old file could not be removed from the cache; it takes space until it is.",
                metadata: ["path": "\(path)", "error": "\(systemMessage(errno))"])
        }
    }
}
