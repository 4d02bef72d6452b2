import GRDB
import GRDBSQLite

/// How many photos have each value of a text column (a keyword, a person, a city), counted from
/// the bytes SQLite holds. The facets of half a million photos count a hundred thousand cities:
/// their bytes are kept one after another in one buffer, not in a string or array each, and the
/// most common are found without sorting them all or making a string of any other.
struct ValueCounts: Sendable {
    /// Every value's bytes, one after another.
    private var bytes: [UInt8] = []
    /// Each value: where its bytes are in `bytes`, and its count.
    private var values: [(start: Int, length: Int, count: Int)] = []
    /// Where in `values` each value is, by a hash of its bytes; a value whose hash another holds
    /// takes the next free one.
    private var positions: [UInt64: Int] = [:]

    /// Counts each line of the text in `column` of the row `row` stands on, for a column that
    /// holds a value a line (SearchIndex.text); NULL has none.
    mutating func addLines(_ row: SQLiteStatement, _ column: CInt) {
        guard let text = sqlite3_column_text(row, column) else { return }
        let count = Int(sqlite3_column_bytes(row, column))
        var start = 0
        for end in 0...count where end == count || text[end] == UInt8(ascii: "\n") {
            if end > start { add(UnsafeBufferPointer(start: text + start, count: end - start), weight: 1) }
            start = end + 1
        }
    }

    /// Counts the text in `column` of the row `row` stands on `weight` times; NULL and empty
    /// text are no value.
    mutating func add(_ row: SQLiteStatement, _ column: CInt, weight: Int) {
        guard let text = sqlite3_column_text(row, column) else { return }
        let count = Int(sqlite3_column_bytes(row, column))
        if count > 0 { add(UnsafeBufferPointer(start: text, count: count), weight: weight) }
    }

    private mutating func add(_ value: UnsafeBufferPointer<UInt8>, weight: Int) {
        // FNV-1a: a few nanoseconds for a keyword, where Hasher's seeding alone took longer.
        var key: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in value { key = (key ^ UInt64(byte)) &* 0x100_0000_01b3 }
        while let position = positions[key] {
            if self.value(position).elementsEqual(value) {
                values[position].count += weight
                return
            }
            key &+= 1
        }
        positions[key] = values.count
        values.append((bytes.count, value.count, weight))
        bytes.append(contentsOf: value)
    }

    private func value(_ position: Int) -> ArraySlice<UInt8> {
        bytes[values[position].start..<values[position].start + values[position].length]
    }

    /// The `limit` values counted most, most first, then by value (by their bytes: UTF-8
    /// orders as the characters do).
    func mostCommon(_ limit: Int) -> [(value: String, count: Int)] {
        guard limit > 0, !values.isEmpty else { return [] }
        // The limit-th highest count: every value counted more is among the most common, and
        // the rest of them are the first of those counted as often.
        let least = values.count <= limit ? 0 : values.map(\.count).sorted(by: >)[limit - 1]
        var chosen = values.indices.filter { values[$0].count > least }
        var ties: [Int] = []
        for position in values.indices where values[position].count == least {
            let index = ties.firstIndex { value(position).lexicographicallyPrecedes(value($0)) } ?? ties.endIndex
            if index < limit - chosen.count { ties.insert(position, at: index) }
            if ties.count > limit - chosen.count { ties.removeLast() }
        }
        chosen += ties
        return chosen.map { (value: String(decoding: value($0), as: UTF8.self), count: values[$0].count) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.value < $1.value }
    }
}
