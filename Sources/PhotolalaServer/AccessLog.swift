import Foundation
import Hummingbird
import Logging
import PhotolalaKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's access log: one line per request, in the Common Log Format with the time the
/// answer took after it,
///
///     127.0.0.1 - - [25/Nov/2026:02:34:40 +0000] "GET /api/items" 200 5120 12ms
///
/// The path is logged without its query string, which may carry the access token (`?token=`);
/// headers, cookies and the token never appear.
final class AccessLog: Sendable {
    /// Open with `O_APPEND`: each line is one `write`, whole even when two requests end at once.
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let name: String
    /// Where a line that cannot be written is told, once: a full disk would otherwise log a
    /// failure per request.
    private let logger: Logger
    private let hasFailed = Atomic<Bool>(false)

    /// Opens the destination; a file is created (readable by its owner only: it lists what
    /// was browsed) or appended to.
    /// - Throws: ``ServerError`` when the file cannot be opened for writing.
    init(_ destination: AccessLogDestination, logger: Logger) throws {
        self.logger = logger
        switch destination {
        case .standardError:
            descriptor = STDERR_FILENO
            ownsDescriptor = false
            name = "standard error"
        case .file(let path):
            let opened = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard opened >= 0 else {
                throw ServerError(.internalServerError, "The access log '\(path)' cannot be opened: \(String(cString: strerror(errno))).")
            }
            descriptor = opened
            ownsDescriptor = true
            name = path
        }
    }

    deinit {
        if ownsDescriptor {
            close(descriptor)
        }
    }

    /// One request's line.
    struct Entry: Sendable {
        var time: Date
        /// The client's IP address; `-` when the connection has none (a test's in-process router).
        var client: String?
        var method: String
        var path: String
        var status: Int
        var bytes: Int
        var duration: Duration

        var line: String {
            let milliseconds = Int((duration.inSeconds * 1000).rounded())
            return
                "\(client ?? "-") - - [\(Self.commonLogTime(time))] \"\(Self.quotable(method)) \(Self.quotable(path))\" \(status) \(bytes) \(milliseconds)ms"
        }

        /// `25/Nov/2026:02:34:40 +0000`, in UTC.
        static func commonLogTime(_ date: Date) -> String {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
            let month = months[min(max((parts.month ?? 1) - 1, 0), 11)]
            return "\(two(parts.day))/\(month)/\(parts.year ?? 0):\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second)) +0000"
        }

        /// The text with quotes, backslashes and control characters written as `\xHH`, so a
        /// hostile path cannot end the quoted request or the line.
        static func quotable(_ text: String) -> String {
            var result = ""
            for scalar in text.unicodeScalars {
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\"" || scalar == "\\" {
                    result += "\\x" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
    }

    /// Appends one request's line.
    func record(_ entry: Entry) {
        let bytes = Array((entry.line + "\n").utf8)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    let reason = written < 0 ? String(cString: strerror(errno)) : "nothing was written"
                    if !hasFailed.exchange(true, ordering: .relaxed) {
                        logger.error(
                            "The access log cannot be written; lines are lost until it can.", metadata: ["path": "\(name)", "error": "\(reason)"])
                    }
                    return
                }
            }
        }
    }
}
