import Foundation
public import Logging

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
    /// One cached file in the order of use: a doubly linked list threaded through the index by
    /// name, so a use and an eviction each cost O(1) however many files the cache holds.
    private struct Entry {
        var size: Int64
        /// The entry used just before this one (towards the least recently used).
        var older: String?
        /// The entry used just after this one (towards the most recently used).
        var newer: String?
    }

    /// 1 GiB: some 40,000 thumbnails.
    public static let defaultBudget: Int64 = 1 << 30

    public let directory: String
    /// The most the cache keeps on disk; the least recently used files go first beyond it.
    public let byteBudget: Int64
    private var entries: [String: Entry]?
    private var oldest: String?
    private var newest: String?
    private var total: Int64 = 0
    private var inFlight: [String: Task<[UInt8], any Error>] = [:]
    private let logger: Logger

    /// - Parameters:
    ///   - directory: The cache's own folder; made on first write.
    ///   - byteBudget: Bytes the cache may keep.
    ///   - logger: Where a download that cannot be kept on disk is told.
    public init(directory: String, byteBudget: Int64 = DownloadCache.defaultBudget, logger: Logger = Logger(label: "photolala.cache")) {
        self.directory = directory
        self.byteBudget = max(0, byteBudget)
        self.logger = logger
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
            moveToNewest(name)
            utime(path, nil)
            return (bytes, true)
        }
        if let running = inFlight[name] {
            return (try await running.value, false)
        }
        let task = Task { try await fetch() }
        inFlight[name] = task
        defer { inFlight[name] = nil }
        let bytes = try await task.value
        do {
            try AtomicFile.write(bytes, to: path)
            remove(name)
            append(name, size: Int64(bytes.count))
            evict()
        } catch {
            // Returned all the same: the next use downloads it again.
            logger.warning("A download could not be kept in the cache.", metadata: ["path": "\(path)", "error": .error(error)])
        }
        return (bytes, false)
    }

    /// Whether `key` is on disk, without fetching it.
    public func contains(_ key: String) -> Bool {
        loadIndex()
        return entries?[ContentHash.md5(of: Array(key.utf8))] != nil
    }

    /// Reads the folder once: sizes and, from modification times, the order of last use.
    private func loadIndex() {
        guard entries == nil else { return }
        entries = [:]
        var found: [(name: String, size: Int64, used: Int64)] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where !name.hasPrefix(".") {
            guard let status = try? FileStatus(path: directory + "/" + name) else { continue }
            found.append((name, status.size, status.modifiedNanoseconds))
        }
        for file in found.sorted(by: { ($0.used, $0.name) < ($1.used, $1.name) }) {
            append(file.name, size: file.size)
        }
    }

    /// Adds `name` as the most recently used entry.
    private func append(_ name: String, size: Int64) {
        entries?[name] = Entry(size: size, older: newest, newer: nil)
        if let newest { entries?[newest]?.newer = name } else { oldest = name }
        newest = name
        total += size
    }

    /// Takes `name` out of the order; nothing when it is not cached.
    private func remove(_ name: String) {
        guard let entry = entries?.removeValue(forKey: name) else { return }
        if let older = entry.older { entries?[older]?.newer = entry.newer } else { oldest = entry.newer }
        if let newer = entry.newer { entries?[newer]?.older = entry.older } else { newest = entry.older }
        total -= entry.size
    }

    private func moveToNewest(_ name: String) {
        guard newest != name, let size = entries?[name]?.size else { return }
        remove(name)
        append(name, size: size)
    }

    /// Deletes the least recently used files until the cache is within its budget.
    private func evict() {
        while total > byteBudget, let name = oldest {
            unlink(directory + "/" + name)
            remove(name)
        }
    }
}
