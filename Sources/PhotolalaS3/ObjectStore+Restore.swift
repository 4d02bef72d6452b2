extension ObjectStore {
    /// Stores that have no archive tier cannot restore: a clear refusal rather than silence.
    public func restore(_ key: String, days: Int, tier: RestoreTier) async throws {
        throw ObjectStoreError(.invalidRequest, "RestoreObject '\(key)' is not supported by this store.", statusCode: 501)
    }
}
