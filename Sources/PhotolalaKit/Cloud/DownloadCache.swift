import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Objects fetched from the cloud, kept on disk under a byte budget with least-recently-used
/// eviction (seed 002's S3DownloadService cache).
///
/// Each object is one file named after the MD5 of its key, written atomically; its
/// modification time is its last use, so the order survives restarts. Concurrent requests for
/// one key share a single download.
///
/// ```swift
/// let cache = DownloadCache(directory: cacheDir + "/cloud", byteBudget: 512 << 20)
/// let jpeg = try await cache.bytes(for: key) { try await store.get(key) ?? [] }.bytes
/// ```
public actor DownloadCache {
    private struct Entry {
        var size: Int64
        var lastUse: Int64
    }

    public let directory: String
    /// The most the cache keeps on disk; the oldest files go first beyond it.
    public let byteBudget: Int64
    private var entries: [String: Entry]?
    private var total: Int64 = 0
    private var clock: Int64 = 0
    private var inFlight: [String: Task<[UInt8], any Error>] = [:]

    /// - Parameters:
    ///   - directory: The cache's own folder; made on first write.
    ///   - byteBudget: Bytes the cache may keep.
    public init(directory: String, byteBudget: Int64) {
        self.directory = directory
        self.byteBudget = max(0, byteBudget)
    }

    /// Bytes the cache holds now.
    public var usedBytes: Int64 {
        loadIndex()
        return total
    }

    /// The cached bytes of `key`, or what `fetch` returns, which is then cached.
    /// - Returns: The bytes, and whether they came from the disk.
    /// - Throws: What `fetch` throws; a file that cannot be cached is still returned.
    public func bytes(for key: String, fetch: @escaping @Sendable () async throws -> [UInt8]) async throws -> (bytes: [UInt8], cached: Bool) {
        loadIndex()
        let name = ContentHash.md5(of: Array(key.utf8))
        let path = directory + "/" + name
        if entries?[name] != nil, let bytes = try? FileContents(path: path, sizeLimit: 1 << 30).bytes {
            touch(name, path: path)
            return (bytes, true)
        }
        if let running = inFlight[name] {
            return (try await running.value, false)
        }
        let task = Task { try await fetch() }
        inFlight[name] = task
        defer { inFlight[name] = nil }
        let bytes = try await task.value
        if (try? AtomicFile.write(bytes, to: path)) != nil {
            if let old = entries?[name] { total -= old.size }
            clock += 1
            entries?[name] = Entry(size: Int64(bytes.count), lastUse: clock)
            total += Int64(bytes.count)
            evict()
        }
        return (bytes, false)
    }

    /// Whether `key` is on disk, without fetching it.
    public func contains(_ key: String) -> Bool {
        loadIndex()
        return entries?[ContentHash.md5(of: Array(key.utf8))] != nil
    }

    private func touch(_ name: String, path: String) {
        clock += 1
        entries?[name]?.lastUse = clock
        utime(path, nil)
    }

    /// Reads the folder once: sizes and, from modification times, the order of last use.
    private func loadIndex() {
        guard entries == nil else { return }
        var found: [(String, Entry)] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where !name.hasPrefix(".") {
            guard let status = try? FileStatus(path: directory + "/" + name) else { continue }
            found.append((name, Entry(size: status.size, lastUse: status.modifiedNanoseconds)))
        }
        found.sort { $0.1.lastUse < $1.1.lastUse }
        var index: [String: Entry] = [:]
        for (order, (name, entry)) in found.enumerated() {
            index[name] = Entry(size: entry.size, lastUse: Int64(order))
            total += entry.size
        }
        clock = Int64(found.count)
        entries = index
    }

    /// Deletes the least recently used files until the cache is within its budget.
    private func evict() {
        guard total > byteBudget, let current = entries else { return }
        for (name, entry) in current.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard total > byteBudget else { break }
            unlink(directory + "/" + name)
            entries?[name] = nil
            total -= entry.size
        }
    }
}
