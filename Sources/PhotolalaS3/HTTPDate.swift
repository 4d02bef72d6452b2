import PhotolalaSupport

public import struct Foundation.Date

/// HTTP dates (RFC 7231 IMF-fixdate, `Wed, 21 Oct 2015 07:28:00 GMT`), as S3 sends them in
/// `Last-Modified` and `x-amz-restore`: parsed by hand, with no formatter to build or share
/// between threads.
public enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The date, or `nil` when `text` is not an IMF-fixdate in GMT.
    public static func parse(_ text: String) -> Date? {
        let fields = text.split(separator: " ")
        guard fields.count == 6, fields[5] == "GMT", let day = Int(fields[1]), let month = months.firstIndex(of: String(fields[2])),
            let year = Int(fields[3])
        else { return nil }
        let time = fields[4].split(separator: ":").compactMap { Int($0) }
        guard time.count == 3, (1...31).contains(day), (0...23).contains(time[0]), (0...59).contains(time[1]), (0...60).contains(time[2])
        else { return nil }
        let seconds = CalendarDays.sinceEpoch(year: year, month: month + 1, day: day) * 86_400 + time[0] * 3600 + time[1] * 60 + time[2]
        return Date(timeIntervalSince1970: Double(seconds))
    }
}
