import Foundation
import Logging
import PhotolalaKit
import PhotolalaTestSupport
import Synchronization
import Testing

/// Failures the engine works around are logged with what failed, not swallowed.
@Suite("Cache failures are logged")
struct CacheFailureLoggingTests {
    /// Keeps every line logged through it, as `level label: message key=value…`.
    final class CapturedLog: Sendable {
        let lines = Mutex<[String]>([])

        var logger: Logger {
            var logger = Logger(label: "test") { label in Handler(label: label, log: self) }
            logger.logLevel = .trace
            return logger
        }

        struct Handler: LogHandler {
            let label: String
            let log: CapturedLog
            var logLevel = Logger.Level.trace
            var metadata: Logger.Metadata = [:]

            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }

            func log(event: LogEvent) {
                let fields = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                let line = (["\(event.level) \(label): \(event.message)"] + fields).joined(separator: " ")
                log.lines.withLock { $0.append(line) }
            }
        }
    }

    @Test("A TIFF previewed with a read-only rendering cache is still shown, and the cache write failure is logged with its path")
    func renderingCacheReadOnly() async throws {
        let folder = try TemporaryDirectory()
        let photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try await Fixtures.file("photo.tiff").path, toPath: photos + "/scan.tiff")
        let renderings = folder.path("cache/renderings")
        try FileManager.default.createDirectory(atPath: renderings, withIntermediateDirectories: true)
        try ReadOnly.make(renderings)
        defer { ReadOnly.undo(renderings) }

        let log = CapturedLog()
        let engine = try Engine(
            configuration: EngineConfiguration(cacheDirectory: folder.path("cache"), dataDirectory: folder.path("data")), logger: log.logger)
        let source = try engine.localSource(root: photos, scope: .folder)
        let id = try #require(source.itemID(forPath: photos + "/scan.tiff"))
        guard case .rendering(let jpeg) = try await source.displayableFile(for: id) else {
            Issue.record("A TIFF is shown as a JPEG rendering")
            return
        }
        #expect(jpeg.starts(with: [0xFF, 0xD8]))
        let warnings = log.lines.withLock { $0 }.filter { $0.hasPrefix("warning ") }
        #expect(warnings.count == 1, "\(warnings)")
        #expect(warnings.first?.contains("path=\(renderings)/") == true, "\(warnings)")
        #expect(warnings.first?.contains("error=Cannot write") == true, "\(warnings)")
    }
}
