import Foundation

/// ISO 8601 with milliseconds in a given offset; one formatter per offset, since making
/// formatters costs more than using them.
struct LibraryDateFormatter {
    private var formatters: [Int: ISO8601DateFormatter] = [:]

    mutating func string(from date: Date, offset: Int?) -> String {
        let seconds = offset ?? 0
        if let formatter = formatters[seconds] { return formatter.string(from: date) }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(secondsFromGMT: seconds) ?? TimeZone(secondsFromGMT: 0)
        formatters[seconds] = formatter
        return formatter.string(from: date)
    }
}
