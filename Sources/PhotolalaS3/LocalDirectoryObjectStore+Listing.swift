import Foundation
import PhotolalaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension LocalDirectoryObjectStore {
    /// One page of keys in S3's order (bytewise). Only the folder the prefix names is walked,
    /// in key order, and folders wholly before the continuation token are skipped, so a page
    /// costs about its own keys rather than the whole store.
    public func list(prefix: String, continuationToken: String?, maxKeys: Int) async throws -> ObjectListing {
        let limit = max(1, maxKeys)
        var keys: [String] = []
        walk(prefix: prefix, after: continuationToken) { key in
            keys.append(key)
            return keys.count <= limit
        }
        let page = keys.prefix(limit)
        return ObjectListing(objects: try summaries(page), nextContinuationToken: keys.count > limit ? page.last : nil)
    }

    /// Every key under `prefix` in one walk, for usage and the quota.
    public func listAll(prefix: String) async throws -> [ObjectSummary] {
        var keys: [String] = []
        walk(prefix: prefix, after: nil) { key in
            keys.append(key)
            return true
        }
        return try summaries(keys[...])
    }

    private func summaries(_ keys: ArraySlice<String>) throws -> [ObjectSummary] {
        try keys.compactMap { key in
            try sidecar(key).map { ObjectSummary(key: key, size: $0.size, etag: $0.etag, storageClass: StorageClass(rawValue: $0.storageClass)) }
        }
    }

    /// Calls `visit` with each key that starts with `prefix` and sorts after `after`, in key
    /// order, until it returns `false`.
    private func walk(prefix: String, after: String?, _ visit: (String) -> Bool) {
        // The deepest folder holding every such key; a prefix no key can have lists nothing.
        let folderKey = prefix.lastIndex(of: "/").map { String(prefix[...$0]) } ?? ""
        guard folderKey.split(separator: "/", omittingEmptySubsequences: false).dropLast().allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else { return }
        _ = walk(folderKey: folderKey, prefix: prefix, after: after, visit)
    }

    /// Walks the folder of keys starting with `folderKey` (empty, or ending in `/`).
    /// - Returns: `false` once `visit` asked to stop.
    private func walk(folderKey: String, prefix: String, after: String?, _ visit: (String) -> Bool) -> Bool {
        let entries = Self.entries(of: objectsFolder + "/" + folderKey).map { entry in
            (key: folderKey + entry.name + (entry.isFolder ? "/" : ""), isFolder: entry.isFolder)
        }.sorted { Self.precedes($0.key, $1.key) }
        for entry in entries {
            if entry.isFolder {
                // Keys inside start with `entry.key`: skip the folder when none can match or all sort before `after`.
                guard entry.key.hasPrefix(prefix) || prefix.hasPrefix(entry.key) else { continue }
                if let after, Self.precedes(entry.key, after), !after.hasPrefix(entry.key) { continue }
                guard walk(folderKey: entry.key, prefix: prefix, after: after, visit) else { return false }
            } else {
                guard entry.key.hasPrefix(prefix) else { continue }
                if let after, !Self.precedes(after, entry.key) { continue }
                guard visit(entry.key) else { return false }
            }
        }
        return true
    }

    /// S3's key order: bytewise on UTF-8.
    private static func precedes(_ first: String, _ second: String) -> Bool {
        first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    /// A folder's entries, temporary files left out; the kind comes with the name where the
    /// file system says it (no `stat` per file).
    private static func entries(of folder: String) -> [(name: String, isFolder: Bool)] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var entries: [(name: String, isFolder: Bool)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name != ".", name != "..", !name.hasPrefix(AtomicFile.temporaryPrefix) else { continue }
            var isFolder = Int(entry.pointee.d_type) == Int(DT_DIR)
            if Int(entry.pointee.d_type) == Int(DT_UNKNOWN) {
                var info = stat()
                isFolder = stat(folder + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            entries.append((name, isFolder))
        }
        return entries
    }
}
