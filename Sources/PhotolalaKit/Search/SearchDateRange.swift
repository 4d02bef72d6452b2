/// The span a `date:` term names, in wall-clock seconds: the time shown on the camera's clock
/// where the photo was taken, counted from 1970-01-01 00:00 as if it were UTC. "June 2019"
/// means June on the clock of each photo, wherever it was taken, as Apple Photos and Lightroom
/// read it, so a photo's place on the timeline and its match here agree.
public struct SearchDateRange: Sendable, Equatable, CustomStringConvertible {
    /// The first second in the span, or `nil` when it has no start (`date:..2019`).
    public var start: Int64?
    /// The first second after the span, or `nil` when it has no end (`date:2019..`).
    public var end: Int64?
    /// The span as typed, to write the query back.
    public var description: String

    /// Whether a photo taken at `wallClockSeconds` is in the span.
    public func contains(_ wallClockSeconds: Int64) -> Bool {
        (start.map { wallClockSeconds >= $0 } ?? true) && (end.map { wallClockSeconds < $0 } ?? true)
    }

    /// Reads `2019`, `2019-06`, `2019-06-01`, or two of them joined by `..` (either may be left
    /// out); `nil` when the text is none of these or names no real day.
    init?(_ text: String) {
        let ends = text.split(separator: "..", maxSplits: 1, omittingEmptySubsequences: false)
        if ends.count == 2 {
            guard !(ends[0].isEmpty && ends[1].isEmpty) else { return nil }
            var start: Int64?
            var end: Int64?
            if !ends[0].isEmpty {
                guard let first = Self.span(of: ends[0]) else { return nil }
                start = first.start
            }
            if !ends[1].isEmpty {
                guard let last = Self.span(of: ends[1]) else { return nil }
                end = last.end
            }
            if let start, let end, start >= end { return nil }
            self.start = start
            self.end = end
        } else {
            guard let span = Self.span(of: text[...]) else { return nil }
            start = span.start
            end = span.end
        }
        description = text
    }

    /// The year a photo taken at `wallClockSeconds` was taken in, and the seconds it spans:
    /// `[start, end)`.
    static func year(containing wallClockSeconds: Int64) -> (year: Int, start: Int64, end: Int64) {
        let day = wallClockSeconds >= 0 ? wallClockSeconds / 86_400 : (wallClockSeconds - 86_399) / 86_400
        let year = Int64(CalendarDays.date(daysSinceEpoch: Int(day)).year)
        return (Int(year), seconds(year, 1, 1), seconds(year + 1, 1, 1))
    }

    /// The seconds of one year, month or day: `[start, end)`.
    private static func span(of text: Substring) -> (start: Int64, end: Int64)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4,
            parts.dropFirst().allSatisfy({ $0.count == 2 }),
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let year = Int64(parts[0]), year >= 1
        else { return nil }
        let numbers = parts.dropFirst().compactMap { Int64($0) }
        switch numbers.count {
        case 0:
            return (seconds(year, 1, 1), seconds(year + 1, 1, 1))
        case 1:
            let month = numbers[0]
            guard (1...12).contains(month) else { return nil }
            return (seconds(year, month, 1), month == 12 ? seconds(year + 1, 1, 1) : seconds(year, month + 1, 1))
        default:
            let (month, day) = (numbers[0], numbers[1])
            guard (1...12).contains(month), (1...daysIn(year, month)).contains(day) else { return nil }
            let start = seconds(year, month, day)
            return (start, start + 86_400)
        }
    }

    private static func daysIn(_ year: Int64, _ month: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Seconds from 1970-01-01 to the start of a day of the proleptic Gregorian calendar.
    private static func seconds(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        Int64(CalendarDays.sinceEpoch(year: Int(year), month: Int(month), day: Int(day))) * 86_400
    }
}
