import Foundation
import Testing

@testable import PhotolalaKit

/// One date format for people: ISO 8601 to the second, a photo's clock time with its own
/// offset or none, an event in the machine's zone with its offset; never a `Z`.
@Suite struct DateTextTests {
    @Test("a floating camera time prints without a zone, a recorded offset with it")
    func photoDates() {
        let stored = Date(timeIntervalSince1970: 1_224_692_919)
        #expect(DateText.photo(stored, offset: nil) == "2008-10-22T16:28:39")
        #expect(DateText.photo(stored - 9 * 3_600, offset: 9 * 3_600) == "2008-10-22T16:28:39+09:00")
        #expect(DateText.photo(stored + 5 * 3_600 + 1_800, offset: -(5 * 3_600 + 1_800)) == "2008-10-22T16:28:39-05:30")
        #expect(DateText.photo(stored, offset: 0) == "2008-10-22T16:28:39+00:00")
        // Fractions are dropped, not rounded up into the next second; before 1970 too.
        #expect(DateText.photo(Date(timeIntervalSince1970: 59.999), offset: nil) == "1970-01-01T00:00:59")
        #expect(DateText.photo(Date(timeIntervalSince1970: -0.5), offset: nil) == "1969-12-31T23:59:59")
        #expect(DateText.photo(Date(timeIntervalSince1970: -2_208_988_800), offset: nil) == "1900-01-01T00:00:00")
        #expect(DateText.photo(Date(timeIntervalSince1970: 951_825_600), offset: nil) == "2000-02-29T12:00:00")
    }

    @Test("an event is in the given zone with the offset it had that day")
    func eventDates() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        #expect(DateText.event(Date(timeIntervalSince1970: 1_224_692_919), timeZone: berlin) == "2008-10-22T18:28:39+02:00")
        #expect(DateText.event(Date(timeIntervalSince1970: 1_230_768_000), timeZone: berlin) == "2009-01-01T01:00:00+01:00")
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(DateText.event(Date(timeIntervalSince1970: 0), timeZone: utc) == "1970-01-01T00:00:00+00:00")
    }
}
