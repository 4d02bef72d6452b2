/// Why a query could not be read, with what to type instead.
public struct SearchQueryError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public var description: String { message }

    static func tooLong(_ length: Int) -> Self {
        .init(message: "The query is \(length) bytes long; at most \(SearchQuery.maximumLength) are read. Shorten it.")
    }

    static func tooManyTerms(_ count: Int) -> Self {
        .init(message: "The query has \(count) terms; at most \(SearchQuery.maximumTerms) are read. Leave some out.")
    }

    static func emptyValue(_ field: String) -> Self {
        .init(message: "'\(field):' needs a value, as in \(field):\(example(field)).")
    }

    static func unknownValue(_ field: String, _ value: String, allowed: [String]) -> Self {
        .init(message: "'\(field):\(value)' is not understood; \(field): takes one of \(allowed.joined(separator: ", ")).")
    }

    static func badDate(_ value: String) -> Self {
        .init(
            message:
                "'date:\(value)' is not a date: write a year, a month or a day (date:2019, date:2019-06, date:2019-06-01), or a range of them (date:2019-06-01..2019-08-31)."
        )
    }

    static func badRating(_ value: String) -> Self {
        .init(message: "'rating:\(value)' is not a rating: write 0 to 5, with >=, <=, > or < before it if you like (rating:>=4).")
    }

    static func badMD5(_ value: String) -> Self {
        .init(message: "'md5:\(value)' is not an MD5: write its 32 hexadecimal digits, several separated by commas.")
    }

    // The area errors leave out the numbers typed: a box drawn around a home is GPS data, and an
    // error's text may be logged.

    static let badArea = Self(
        message:
            "'area:' takes four numbers in decimal degrees, south,west,north,east, as in area:41.8,12.4,42,12.6 (a west greater than the east crosses the antimeridian)."
    )

    static let areaOutOfRange = Self(
        message: "An 'area:' is out of range: its latitudes (the first and third numbers) go from -90 to 90, its longitudes from -180 to 180."
    )

    static let areaUpsideDown = Self(
        message: "An 'area:' has its south north of its north: write the southern latitude first, as in area:41.8,12.4,42,12.6."
    )

    private static func example(_ field: String) -> String {
        switch field {
        case "date": "2019-06"
        case "rating": ">=4"
        case "kind": "raw"
        case "is": "favorite"
        case "has": "gps"
        case "source": "photos"
        case "area": "41.8,12.4,42,12.6"
        case "md5": "0f3e9c2d5b7a41e8c6d9f0a1b2c3d4e5"
        default: "Italy"
        }
    }
}
