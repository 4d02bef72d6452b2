import PhotolalaS3

/// The one shape of the object-store doubles: a real store (a local folder or SeaweedFS) seen
/// through a decorator that forwards every call to it. A double implements only the calls it
/// watches or bends (``CountingStore``, ``FaultyStore``, ``InterleavingStore``); the rest reach
/// `base` unchanged, so each double tells at a glance what it changes.
protocol ForwardingStore: ObjectStore {
    /// The store every call that the double does not change goes to.
    var base: any ObjectStore { get }
}

extension ForwardingStore {
    func put(_ key: String, body: [UInt8], options: PutOptions) async throws -> String {
        try await base.put(key, body: body, options: options)
    }

    func get(_ key: String, range: ClosedRange<Int64>?, ifNoneMatch: String?) async throws -> ObjectData? {
        try await base.get(key, range: range, ifNoneMatch: ifNoneMatch)
    }

    func head(_ key: String) async throws -> ObjectInfo? { try await base.head(key) }
    func tags(_ key: String) async throws -> [String: String] { try await base.tags(key) }
    func delete(_ key: String) async throws { try await base.delete(key) }

    func list(prefix: String, continuationToken: String?, maxKeys: Int) async throws -> ObjectListing {
        try await base.list(prefix: prefix, continuationToken: continuationToken, maxKeys: maxKeys)
    }

    func copy(from source: String, to destination: String) async throws { try await base.copy(from: source, to: destination) }

    func createMultipartUpload(_ key: String, options: PutOptions) async throws -> String {
        try await base.createMultipartUpload(key, options: options)
    }

    func uploadPart(_ key: String, uploadID: String, partNumber: Int, body: [UInt8]) async throws -> String {
        try await base.uploadPart(key, uploadID: uploadID, partNumber: partNumber, body: body)
    }

    func completeMultipartUpload(_ key: String, uploadID: String, parts: [UploadedPart]) async throws -> String {
        try await base.completeMultipartUpload(key, uploadID: uploadID, parts: parts)
    }

    func abortMultipartUpload(_ key: String, uploadID: String) async throws { try await base.abortMultipartUpload(key, uploadID: uploadID) }
    func listParts(_ key: String, uploadID: String) async throws -> [UploadedPart] { try await base.listParts(key, uploadID: uploadID) }
    func restore(_ key: String, days: Int, tier: RestoreTier) async throws { try await base.restore(key, days: days, tier: tier) }
}
