import Foundation
import Logging
import PhotolalaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes each log message as one line on standard error, where progress and warnings go too:
/// `2026-11-25T02:34:40.123Z warning photolala.cache: A download could not be kept in the cache. error="…" path=/…`.
///
/// Metadata follows the message as `key=value`, sorted by key; a value with spaces or quotes
/// is quoted, and newlines are escaped, so one message is always one line for `grep`.
struct StandardErrorLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    /// Whether standard error is a terminal, where a status line may be drawn that a message
    /// must first clear.
    private let isInteractive = isatty(STDERR_FILENO) != 0

    init(label: String, level: Logger.Level) {
        self.label = label
        self.logLevel = level
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var fields = metadata
        if let extra = event.metadata {
            fields.merge(extra) { $1 }
        }
        var line = isInteractive ? "\r\u{1B}[K" : ""
        line += Date().formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        line += " \(event.level) \(label): \(Self.escaped(event.message.description))"
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            line += " \(key)=\(Self.quoted(value.description))"
        }
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// A value as it can stand after `key=`: quoted when it holds a space, a quote or an `=`.
    private static func quoted(_ value: String) -> String {
        let escaped = escaped(value)
        guard escaped.isEmpty || escaped.unicodeScalars.contains(where: { $0 == " " || $0 == "\"" || $0 == "=" }) else { return escaped }
        return "\"" + escaped.replacingScalars(["\\": "\\\\", "\"": "\\\""]) + "\""
    }

    /// The text with line breaks written as `\n`, so it stays on one line.
    private static func escaped(_ text: String) -> String {
        text.replacingScalars(["\r": "\\r", "\n": "\\n"])
    }
}
