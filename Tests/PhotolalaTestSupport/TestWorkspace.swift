import Foundation
public import PhotolalaKit

/// What an engine or server test starts from, made in one line: a temporary folder, an engine
/// whose cache and data live in it, and an empty `photos` folder in it to put photos in.
///
/// A suite keeps one in its `workspace` property and reaches the parts by name through
/// ``WorkspaceSuite``; a single test makes its own.
public struct TestWorkspace: Sendable {
    /// The test's own folder, removed with the last reference to it.
    public let folder: TemporaryDirectory
    /// An engine whose cache and data are `cache/` and `data/` inside ``folder``.
    public let engine: Engine
    /// The folder `photos/` inside ``folder``, made empty.
    public let photos: String

    public init() throws {
        folder = try TemporaryDirectory()
        engine = try makeEngine(in: folder)
        photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
    }
}

/// A suite whose tests share the shape of a ``TestWorkspace``: `folder`, `engine` and `photos`
/// read as they would in a test that made its own.
public protocol WorkspaceSuite {
    var workspace: TestWorkspace { get }
}

extension WorkspaceSuite {
    public var folder: TemporaryDirectory { workspace.folder }
    public var engine: Engine { workspace.engine }
    public var photos: String { workspace.photos }
}

/// An engine whose cache and data live in a test's own temporary folder; `device` keeps those
/// of several engines apart (a second device browsing the first one's backup).
public func makeEngine(in folder: TemporaryDirectory, device: String? = nil) throws -> Engine {
    let prefix = device.map { $0 + "/" } ?? ""
    return try Engine(configuration: EngineConfiguration(cacheDirectory: folder.path(prefix + "cache"), dataDirectory: folder.path(prefix + "data")))
}
