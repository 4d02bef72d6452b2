@testable import PhotolalaS3

/// A store that forwards to another and can misbehave on cue: crash between parts, damage a
/// body in transit, or run a hook before each put. It counts what it forwards.
actor FaultyStore: ForwardingStore {
    nonisolated let base: any ObjectStore
    /// Fail every part upload after this many succeeded.
    var failPartsAfter: Int?
    /// Flip a byte of each body after its Content-MD5 was computed.
    var damageBodies = false
    /// Runs before each put, with its key.
    var beforePut: (@Sendable (String) async -> Void)?
    /// Runs before each part upload, with its part number.
    var beforePart: (@Sendable (Int) async -> Void)?
    /// HEADs of these keys fail with a server error.
    var failingHeads: Set<String> = []
    /// Puts of keys starting with any of these fail with a server error.
    var failingPutPrefixes: [String] = []
    private(set) var partsUploaded = 0
    private(set) var puts = 0

    init(_ base: any ObjectStore) {
        self.base = base
    }

    func configure(
        failPartsAfter: Int? = nil, damageBodies: Bool = false, beforePut: (@Sendable (String) async -> Void)? = nil,
        beforePart: (@Sendable (Int) async -> Void)? = nil, failingHeads: Set<String> = [], failingPutPrefixes: [String] = []
    ) {
        self.failingPutPrefixes = failingPutPrefixes
        self.failPartsAfter = failPartsAfter
        self.damageBodies = damageBodies
        self.beforePut = beforePut
        self.beforePart = beforePart
        self.failingHeads = failingHeads
    }

    private func damaged(_ body: [UInt8]) -> [UInt8] {
        guard damageBodies, !body.isEmpty else { return body }
        var copy = body
        copy[copy.count / 2] ^= 0xFF
        return copy
    }

    func put(_ key: String, body: [UInt8], options: PutOptions) async throws -> String {
        await beforePut?(key)
        if failingPutPrefixes.contains(where: key.hasPrefix) {
            throw ObjectStoreError(.serverError, "PutObject '\(key)' failed with HTTP 500 (simulated).", statusCode: 500)
        }
        puts += 1
        return try await base.put(key, body: damaged(body), options: options)
    }

    func head(_ key: String) async throws -> ObjectInfo? {
        if failingHeads.contains(key) {
            throw ObjectStoreError(.serverError, "HeadObject '\(key)' failed with HTTP 500 (simulated).", statusCode: 500)
        }
        return try await base.head(key)
    }

    func uploadPart(_ key: String, uploadID: String, partNumber: Int, body: [UInt8]) async throws -> String {
        await beforePart?(partNumber)
        if let limit = failPartsAfter, partsUploaded >= limit {
            throw ObjectStoreError(.unreachable, "simulated crash before part \(partNumber)")
        }
        partsUploaded += 1
        return try await base.uploadPart(key, uploadID: uploadID, partNumber: partNumber, body: damaged(body))
    }
}
