public import Foundation

/// A fresh folder for one test, removed when the value is dropped.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("photolala-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A fresh folder in `parent`: on another filesystem than the temporary folder's, say.
    public init(in parent: String) throws {
        url = URL(fileURLWithPath: parent).appendingPathComponent("photolala-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    public var path: String { url.path }

    /// A path inside the folder.
    public func path(_ relative: String) -> String {
        url.appendingPathComponent(relative).path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
