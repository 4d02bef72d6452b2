import Foundation
public import Logging

/// Objects fetched from the cloud, kept on disk under a byte budget with least-recently-used
/// eviction (seed 002's S3DownloadService cache).
///
/// Each object is one file named after the MD5 of its key, written atomically and accounted
/// in ``CachedFiles``; its modification time is its last use, so the order survives restarts. Concurrent requests for
/// one key share a single download.
///
/// ```swift
/// let cache = DownloadCache(directory: cacheDir + "/cloud", byteBudget: 512 << 20)
/// let jpeg = try await cache.bytes(for: key) { try await store.get(key) ?? [] }.bytes
/// ```
public actor DownloadCache {
    /// 1 GiB: some 40,000 thumbnails.
    public static let defaultBudget: Int64 = 1 << 30

    public let directory: String
    /// The most the cache keeps on disk; the least recently used files go first beyond it.
    public let byteBudget: Int64
    /// The files held, in the order of use.
    private let files: CachedFiles
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
        files = CachedFiles(directory: directory, budget: byteBudget, logger: logger)
    }

    /// Bytes the cache holds now.
    public var usedBytes: Int64 {
        files.usedBytes
    }

    /// The cached bytes of `key`, or what `fetch` returns, which is then cached.
    /// - Returns: The bytes, and whether they came from the disk.
    /// - Throws: What `fetch` throws; a file that cannot be cached is still returned.
    public func bytes(for key: String, fetch: @escaping @Sendable () async throws -> [UInt8]) async throws -> (bytes: [UInt8], cached: Bool) {
        let name = ContentHash.md5(of: Array(key.utf8))
        let path = directory + "/" + name
        if files.contains(path), let bytes = try? FileContents(path: path, sizeLimit: 1 << 30).bytes {
            files.used(path)
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
            files.written(path, size: Int64(bytes.count))
        } catch {
            // Returned all the same: the next use downloads it again.
            logger.warning("A download could not be kept in the cache.", metadata: ["path": "\(path)", "error": .error(error)])
        }
        return (bytes, false)
    }

    /// Whether `key` is on disk, without fetching it.
    public func contains(_ key: String) -> Bool {
        files.contains(directory + "/" + ContentHash.md5(of: Array(key.utf8)))
    }
}
