/// What follows the synced cloud catalog for a browser: a signal when a sync changed it, a
/// sync on demand, and whether the store could be reached last time.
public protocol CloudCatalogFollowing: Sendable {
    /// A signal after every sync that changed the catalog, until the listener goes away.
    func catalogChanges() async -> AsyncStream<Void>

    /// Syncs now, after the sync under way if there is one.
    func syncNow() async

    /// Whether the last sync could not reach the store, so asking it more would only wait.
    var isOffline: Bool { get async }
}
