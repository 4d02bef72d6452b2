import Logging
import Synchronization

/// Keeps every line logged through it, as `level label: message key=value…`.
final class CapturedLog: Sendable {
    fileprivate let stored = Mutex<[String]>([])

    /// The lines logged so far.
    var lines: [String] { stored.withLock { $0 } }

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
            log.stored.withLock { $0.append(line) }
        }
    }
}
