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
    /// content never read): a listing of 1,000,000 photos waits for it, so the work runs in one
    /// query a core, each on its own reader, whatever their number.
    func dates(ofMD5s md5s: [String]) -> [Recorded?] {
        guard !md5s.isEmpty else { return [] }
        // Asked in the table's order (its MD5s' bytes), its rows are met in order. A catalog's
        // rows come in that order already (its shards are sorted); others are sorted by their
        // first 16 digits as a number, then the rest, which is that order for MD5s (anything
        // else matches nothing, and is left out).
        let order: [Int]
        if md5s.indices.dropFirst().allSatisfy({ Self.compare(md5s[$0 - 1], md5s[$0]) <= 0 }) {
            order = Array(md5s.indices)
        } else {
            order = md5s.indices.filter { Self.isMD5(md5s[$0]) }.map { index in (key: Self.sortKey(md5s[index]), index: index) }
                .sorted { $0.key != $1.key ? $0.key < $1.key : Self.compare(md5s[$0.index], md5s[$1.index]) < 0 }.map(\.index)
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

    /// How many of the table's rows a walk may read for each date wanted before looking each
    /// up is the cheaper way: reading the next row costs about a sixth of finding one.
    static let rowsWalkedPerDate = 4

    /// The recorded dates of `md5s` at `positions` (in the table's order), with the position
    /// of each. The rows between the first and the last are walked once beside the positions,
    /// when they are not many more than the positions (a big folder whose photos are most of
    /// what this device knows); else, or when the walk finds them too many, each is looked up.
    private func dates(ofMD5s md5s: [String], at positions: ArraySlice<Int>) throws -> [(index: Int, date: Recorded)] {
        guard let first = positions.first, let last = positions.last else { return [] }
        return try database.read { db in
            try walked(md5s, at: positions, from: md5s[first], to: md5s[last], in: db) ?? lookedUp(md5s, at: positions, in: db)
        }
    }

    /// The dates of the rows from `low` to `high`, merged with `positions`; `nil` once more than
    /// ``rowsWalkedPerDate`` rows a position have been read. Each MD5 is compared where SQLite
    /// holds it, never decoded into a string: a row read so costs less than finding it.
    private func walked(
        _ md5s: [String], at positions: ArraySlice<Int>, from low: String, to high: String, in db: Database
    ) throws -> [(index: Int, date: Recorded)]? {
        let limit = positions.count * Self.rowsWalkedPerDate
        let rows = try Row.fetchCursor(
            db, sql: "SELECT md5, seconds, offset FROM photoDate WHERE md5 >= ? AND md5 <= ? ORDER BY md5 LIMIT ?", arguments: [low, high, limit + 1])
        var found: [(index: Int, date: Recorded)] = []
        found.reserveCapacity(positions.count)
        var next = positions.startIndex
        var read = 0
        while next < positions.endIndex, let row = try rows.next() {
            read += 1
            guard read <= limit else { return nil }
            let matched = try row.withUnsafeData(atIndex: 0) { stored -> Bool? in
                guard let stored else { return nil }
                return stored.withUnsafeBytes { stored in
                    var order = Self.compare(md5s[positions[next]], stored)
                    while order < 0 {
                        next += 1
                        guard next < positions.endIndex else { break }
                        order = Self.compare(md5s[positions[next]], stored)
                    }
                    return order == 0
                }
            }
            guard matched == true else { continue }
            let date = PhotoDate.recorded(seconds: row[1], offset: row[2])
            let first = next
            // The same content may be listed more than once (copies under two names).
            while next < positions.endIndex, md5s[positions[next]] == md5s[positions[first]] {
                found.append((positions[next], date))
                next += 1
            }
        }
        return found
    }

    /// The dates of `positions` looked up one by one: one query with one JSON array bound to
    /// one parameter (SQLite limits how many can be bound), made byte by byte.
    private func lookedUp(_ md5s: [String], at positions: ArraySlice<Int>, in db: Database) throws -> [(index: Int, date: Recorded)] {
        var json: [UInt8] = [UInt8(ascii: "[")]
        json.reserveCapacity(positions.count * 35 + 2)
        for index in positions {
            if json.count > 1 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "\""))
            if Self.isMD5(md5s[index]) { json += md5s[index].utf8 }
            json.append(UInt8(ascii: "\""))
        }
        json.append(UInt8(ascii: "]"))
        let list = String(decoding: json, as: UTF8.self)
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

    /// Whether `text` is 32 lowercase hex digits, as every MD5 recorded here is.
    private static func isMD5(_ text: String) -> Bool {
        text.utf8.count == 32
            && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// `md5` against the bytes of a stored one, as SQLite's `BINARY` collation orders them.
    private static func compare(_ md5: String, _ stored: UnsafeRawBufferPointer) -> Int {
        md5.utf8.withContiguousStorageIfAvailable { compare(UnsafeRawBufferPointer($0), stored) } ?? compare(Array(md5.utf8), stored)
    }

    private static func compare(_ first: String, _ second: String) -> Int {
        second.utf8.withContiguousStorageIfAvailable { compare(first, UnsafeRawBufferPointer($0)) } ?? compare(first, Array(second.utf8))
    }

    private static func compare(_ first: [UInt8], _ second: UnsafeRawBufferPointer) -> Int {
        first.withUnsafeBytes { compare($0, second) }
    }

    private static func compare(_ first: String, _ second: [UInt8]) -> Int {
        second.withUnsafeBytes { compare(first, $0) }
    }

    /// Two byte strings in `memcmp`'s order, a shorter one first.
    private static func compare(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Int {
        let common = min(first.count, second.count)
        guard common > 0, let left = first.baseAddress, let right = second.baseAddress else { return first.count - second.count }
        let order = memcmp(left, right, common)
        return order != 0 ? Int(order) : first.count - second.count
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
