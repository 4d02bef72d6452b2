public import PhotolalaKit

/// An engine whose cache and data live in a test's own temporary folder; `device` keeps those
/// of several engines apart (a second device browsing the first one's backup).
public func makeEngine(in folder: TemporaryDirectory, device: String? = nil) throws -> Engine {
    let prefix = device.map { $0 + "/" } ?? ""
    return try Engine(configuration: EngineConfiguration(cacheDirectory: folder.path(prefix + "cache"), dataDirectory: folder.path(prefix + "data")))
}
