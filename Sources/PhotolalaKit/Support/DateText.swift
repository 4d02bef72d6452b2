package import Foundation

/// Dates as text for people, in one format wherever the command line or a message prints one:
/// ISO 8601 to the second, always with its offset when it has one and never with a `Z`.
///
/// A photo's date is its clock time: `2008-10-22T16:28:39+09:00` with the offset its camera
/// recorded, `2008-10-22T16:28:39` for a floating camera time (stored as if UTC, so the clock
/// is the same on every device). An event (a sync, a run, a file's modification, a restore's
/// expiry) is an instant, shown in this machine's time zone with its offset, so it can be
/// read at a glance and still compared across zones. JSON keeps its own contracts (Unix seconds).
///
/// ```swift
/// DateText.photo(Date(timeIntervalSince1970: 1_224_692_919), offset: nil)   // "2008-10-22T16:28:39"
/// DateText.event(Date())                                                   // "2026-11-25T03:12:05+01:00"
/// ```
package enum DateText {
    /// A photo's clock time: with its recorded offset, or without any for a floating time.
    /// - Parameters:
    ///   - date: The instant; for a floating time, the clock time read as if it were UTC.
    ///   - offset: Seconds east of UTC the photo's clock recorded, `nil` when none was.
    package static func photo(_ date: Date, offset: Int?) -> String {
        guard let offset else { return clock(date, offset: 0) }
        return clock(date, offset: offset) + offsetText(offset)
    }

    /// An instant in `timeZone` (this machine's by default), with the offset it had then.
    package static func event(_ date: Date, timeZone: TimeZone = .current) -> String {
        let offset = timeZone.secondsFromGMT(for: date)
        return clock(date, offset: offset) + offsetText(offset)
    }

    /// `+09:00`, `-05:30`, `+00:00`: minutes at most, as ISO 8601 writes an offset.
    package static func offsetText(_ seconds: Int) -> String {
        let minutes = (abs(seconds) + 30) / 60
        return (seconds < 0 ? "-" : "+") + twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }

    /// `yyyy-MM-ddTHH:mm:ss` of the clock `offset` seconds east of UTC, to the whole second.
    private static func clock(_ date: Date, offset: Int) -> String {
        let seconds = Int((date.timeIntervalSince1970).rounded(.down)) + offset
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let time = seconds - days * 86_400
        let (year, month, day) = CalendarDays.date(daysSinceEpoch: days)
        let yearText = year < 0 ? "-" + String(format: "%04d", -year) : String(format: "%04d", year)
        return yearText + "-" + twoDigits(month) + "-" + twoDigits(day) + "T" + twoDigits(time / 3_600) + ":" + twoDigits(time / 60 % 60) + ":"
            + twoDigits(time % 60)
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }
}
