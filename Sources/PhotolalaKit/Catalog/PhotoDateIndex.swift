import Foundation
import GRDB
import Logging

/// What the engine learnt of each photo's date, kept by the MD5 of its content, so a catalogued
/// listing shows the offsets and date sources the files themselves give: the v5.1 catalog has
/// no offset column, and reading every file again would cost a big folder its quick listing.
///
/// The one store of `photoDate` (rows are ``PhotoDate``). It is filled wherever the engine reads
/// a photo whole (a thumbnail, a catalog build, the inspector, through ``PhotoFileReader``) and
/// by the follow-up pass over a catalog written elsewhere (the files' first bytes). Keeping it
/// is an optimisation: a failure is logged, and costs only another read.
///
/// ```swift
/// let dates = PhotoDateIndex(database: engine.database)
/// let known = dates.dates(ofMD5s: loaded.entries.map(\.md5))  // [Recorded?], in their order
/// ```
struct PhotoDateIndex: Sendable {
    /// What a photo's content says of when it was taken.
    enum Recorded: Sendable, Equatable {
        /// Its EXIF date, with the offset when the photo records one.
        case taken(HeaderDate)
        /// No date of its own: its files are dated by their modification times.
        case undated

        /// What a photo's metadata says of its date: its photo date, with its offset, when it
        /// has one (read from its EXIF, or kept in the backup's metadata), else none.
        init(_ metadata: PhotoMetadata) {
            guard let taken = metadata.photoDate else {
                self = .undated
                return
            }
            self = .taken(HeaderDate(seconds: Int64(taken.timeIntervalSince1970.rounded(.down)), offset: metadata.photoDateOffsetSeconds))
        }
    }

    private let database: PhotolalaDatabase
    private let logger = Logger(label: "photolala.dates")

    init(database: PhotolalaDatabase) {
        self.database = database
    }

    /// Records what was read of each content's date, replacing what was known before (a read
    /// through libvips after the first bytes' one).
    func record(_ dates: [(md5: String, date: Recorded)]) {
        guard !dates.isEmpty else { return }
        do {
            try database.write { db in
                let insert = try db.cachedStatement(sql: PhotoDate.replaceSQL)
                for (md5, date) in dates {
                    try insert.execute(arguments: PhotoDate(md5: md5, date: date).replaceArguments)
                }
            }
        } catch {
            logger.warning("Photo dates could not be recorded; they are read again next time.", metadata: ["error": .error(error)])
        }
    }

    /// The recorded dates of the contents `md5s` (lowercase hex), in their order (`nil` for a
    /// content never read): a listing of 100,000 photos waits for it, so the lookups run in one
    /// query a core, each on its own reader, whatever their number.
    func dates(ofMD5s md5s: [String]) -> [Recorded?] {
        guard !md5s.isEmpty else { return [] }
        // Asked in MD5 order, the lookups walk the table's index in order: five times quicker for
        // a big catalog than in the listing's order, which jumps about it. Sorted by the first
        // 16 hex digits as a number (close is enough), then cut into runs, one a query.
        // A catalog's rows come in that order already (its shards are sorted).
        let order: [Int]
        if md5s.indices.dropFirst().allSatisfy({ md5s[$0 - 1] <= md5s[$0] }) {
            order = Array(md5s.indices)
        } else {
            order = md5s.indices.map { index in (key: Self.sortKey(md5s[index]), index: index) }.sorted { $0.key < $1.key }.map(\.index)
        }
        do {
            var known = [Recorded?](repeating: nil, count: md5s.count)
            for (index, date) in try inParallelRuns(order, smallestRun: 10_000, { try dates(ofMD5s: md5s, at: $0) }) {
                known[index] = date
            }
            return known
        } catch {
            logger.warning("Recorded photo dates could not be read; the catalog's are listed.", metadata: ["error": .error(error)])
            return [Recorded?](repeating: nil, count: md5s.count)
        }
    }

    /// The recorded dates of `md5s` at `positions`, with the position of each: one query with
    /// one JSON array bound to one parameter (SQLite limits how many can be bound), made byte by
    /// byte. Anything but 32 hex digits, which no MD5 is, becomes an empty string that matches
    /// nothing.
    private func dates(ofMD5s md5s: [String], at positions: ArraySlice<Int>) throws -> [(index: Int, date: Recorded)] {
        var json: [UInt8] = [UInt8(ascii: "[")]
        json.reserveCapacity(positions.count * 35 + 2)
        for index in positions {
            if json.count > 1 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "\""))
            let md5 = md5s[index].utf8
            if md5.count == 32, md5.allSatisfy({ CatalogEntry.hexValue($0) != nil }) { json += md5 }
            json.append(UInt8(ascii: "\""))
        }
        json.append(UInt8(ascii: "]"))
        let list = String(decoding: json, as: UTF8.self)
        return try database.read { db in
            var found: [(index: Int, date: Recorded)] = []
            // Each row comes with its place in the list sent, and without its MD5, so no MD5 is
            // decoded into a string; columns read by position.
            let rows = try Row.fetchCursor(
                db, sql: "SELECT j.key AS position, p.seconds, p.offset FROM json_each(?) j JOIN photoDate p ON p.md5 = j.value",
                arguments: [list])
            while let row = try rows.next() {
                let place: Int = row[0]
                guard (0..<positions.count).contains(place) else { continue }
                found.append((positions[positions.startIndex + place], PhotoDate.recorded(seconds: row[1], offset: row[2])))
            }
            return found
        }
    }

    /// The first 16 hex digits of an MD5 as a number: its place in the table's order.
    private static func sortKey(_ md5: String) -> UInt64 {
        var key: UInt64 = 0
        var digits = 0
        for digit in md5.utf8 {
            guard digits < 16 else { break }
            key = key << 4 | UInt64(CatalogEntry.hexValue(digit) ?? 0)
            digits += 1
        }
        return key
    }
}
