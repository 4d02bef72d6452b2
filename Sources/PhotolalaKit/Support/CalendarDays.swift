/// Dates counted in days without a calendar object: EXIF times and HTTP dates name a day of
/// the proleptic Gregorian calendar, and Foundation's calendars cost more than the arithmetic.
enum CalendarDays {
    /// Days from 1970-01-01 to `year`-`month`-`day` (Howard Hinnant's `days_from_civil`).
    static func sinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
