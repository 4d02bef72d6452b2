@testable import PhotolalaKit
@testable import PhotolalaS3

/// A decorator that forwards every call to a real store and records the keys of HEADs, GETs
/// (and those answered "not modified") and PUTs and the number of listings, so a test can tell which objects a sync fetched. It can also
/// replace what GETs of one key return, the way a tampered server or a broken transfer would.
actor CountingStore: ForwardingStore {
    nonisolated let base: any ObjectStore
    private(set) var gets: [String] = []
    private(set) var notModified: [String] = []
    private(set) var heads: [String] = []
    private(set) var puts: [String] = []
    private(set) var lists = 0
    /// Bytes to answer instead of the stored ones, by key, and for how many more GETs.
    private var replacements: [String: (bytes: [UInt8], remaining: Int)] = [:]

    init(_ base: any ObjectStore) {
        self.base = base
    }

    func reset() {
        gets = []
        notModified = []
        heads = []
        puts = []
        lists = 0
    }

    /// The next `times` GETs of `key` return `bytes` (with their MD5 as ETag) instead of what
    /// the store holds; HEADs still tell the stored object.
    func replace(_ key: String, with bytes: [UInt8], times: Int = 1) {
        replacements[key] = (bytes, times)
    }

    func get(_ key: String, range: ClosedRange<Int64>?, ifNoneMatch: String?) async throws -> ObjectData? {
        gets.append(key)
        if let replacement = replacements[key], replacement.remaining > 0 {
            replacements[key]?.remaining -= 1
            return ObjectData(bytes: replacement.bytes, etag: ContentHash.md5(of: replacement.bytes), totalSize: Int64(replacement.bytes.count))
        }
        let data = try await base.get(key, range: range, ifNoneMatch: ifNoneMatch)
        if data == nil { notModified.append(key) }
        return data
    }

    func put(_ key: String, body: [UInt8], options: PutOptions) async throws -> String {
        puts.append(key)
        return try await base.put(key, body: body, options: options)
    }

    func head(_ key: String) async throws -> ObjectInfo? {
        heads.append(key)
        return try await base.head(key)
    }

    func list(prefix: String, continuationToken: String?, maxKeys: Int) async throws -> ObjectListing {
        lists += 1
        return try await base.list(prefix: prefix, continuationToken: continuationToken, maxKeys: maxKeys)
    }
}
