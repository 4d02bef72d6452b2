import GRDB

/// A row of `photoDate`: what a photo content says of when it was taken, by its MD5 (a content's
/// EXIF is the same in every copy). ``PhotoDateIndex`` is its one store.
struct PhotoDate: Sendable, Equatable, Codable {
    /// Lowercase hex MD5 of the content.
    var md5: String
    /// When it was taken, in Unix seconds (the clock time as if UTC without an offset); `nil`
    /// for content that records no date of its own.
    var seconds: Int64?
    /// The recorded offset from UTC in seconds, when the photo records one.
    var offset: Int?
    /// Where the date comes from (``PhotoDateSource/exif``); `nil` with no date.
    var source: String?

    init(md5: String, date: PhotoDateIndex.Recorded) {
        self.md5 = md5
        switch date {
        case .taken(let taken):
            seconds = taken.seconds
            offset = taken.offset
            source = PhotoDateSource.exif.rawValue
        case .undated:
            seconds = nil
            offset = nil
            source = nil
        }
    }

    /// What the row records.
    var recorded: PhotoDateIndex.Recorded {
        Self.recorded(seconds: seconds, offset: offset)
    }

    /// What a row with these `seconds` and `offset` records, for a query that reads only them.
    static func recorded(seconds: Int64?, offset: Int?) -> PhotoDateIndex.Recorded {
        seconds.map { .taken(HeaderDate(seconds: $0, offset: offset)) } ?? .undated
    }
}

extension PhotoDate: FetchableRecord, PersistableRecord {
    static let databaseTableName = "photoDate"

    /// Inserts a row or replaces the content's, with ``replaceArguments``: a statement prepared
    /// once for many rows, where the record's own `insert` builds its SQL for each.
    static let replaceSQL = "INSERT OR REPLACE INTO photoDate (md5, seconds, offset, source) VALUES (?, ?, ?, ?)"

    var replaceArguments: StatementArguments {
        [md5, seconds, offset, source]
    }
}
