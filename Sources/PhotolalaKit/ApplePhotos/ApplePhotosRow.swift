import Foundation
import GRDB

/// A row of a Photos database, read as the untrusted input it is: a value of the wrong type
/// (text where a number belongs, a blob, a real too large for an integer) reads as unknown,
/// `nil`, where GRDB's subscripts would stop the program.
///
/// Values are read by the name a query selects them under (``ApplePhotosRowKey``: a schema
/// column, or a value the query computes), never by position, so a query's columns can be
/// added or reordered without shifting the others. A value the query did not select (a column
/// the library lacks and the query left out) reads as `nil`.
struct ApplePhotosRow {
    /// The longest text read, in characters: no name, title or path Photos writes comes near.
    static let textLimit = 4096

    /// The statement whose current row this is: read straight from SQLite, as GRDB's decoding of
    /// a value is generic, and in a listing of 100,000 assets its metadata look-ups took a third
    /// of the time.
    private let statement: SQLiteStatement
    private let indexes: Indexes

    /// The row `statement` stands on, valid until it steps again.
    private init(current statement: SQLiteStatement, indexes: Indexes) {
        self.statement = statement
        self.indexes = indexes
    }

    /// Where each key's value stands in one statement's rows, found once from the statement's
    /// column names: looking a name up in every row would cost a listing of 100,000 assets a
    /// string comparison per value, where an index costs an array read.
    struct Indexes {
        /// Each key's column by ``ApplePhotosRowKey/slot``; -1 for a key not selected.
        private var columns: [CInt]

        init(columnNames: [String]) {
            columns = Array(repeating: -1, count: ApplePhotosRow.keyCount)
            for (index, name) in columnNames.enumerated() {
                if let slot = ApplePhotosRow.slotsByName[name] {
                    columns[slot] = CInt(index)
                }
            }
        }

        subscript(key: some ApplePhotosRowKey) -> CInt {
            columns[key.slot]
        }
    }

    /// Every key's slot by the name it is selected as.
    private static let slotsByName: [String: Int] = Dictionary(
        uniqueKeysWithValues: ApplePhotosSchema.Column.allCases.map { ($0.name, $0.slot) } + Computed.allCases.map { ($0.name, $0.slot) })

    private static let keyCount = ApplePhotosSchema.Column.allCases.count + Computed.allCases.count

    /// Calls `body` with each row `sql` returns, in their order; each is valid only during its
    /// call. How every query of a Photos database is read.
    static func forEach(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(), _ body: (ApplePhotosRow) throws -> Void
    ) throws {
        let statement = try db.makeStatement(sql: sql)
        let indexes = Indexes(columnNames: statement.columnNames)
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while try rows.next() != nil {
            try body(ApplePhotosRow(current: statement.sqliteStatement, indexes: indexes))
        }
    }

    private func storage(_ key: some ApplePhotosRowKey) -> DatabaseValue.Storage {
        let index = indexes[key]
        guard index >= 0 else { return .null }
        return DatabaseValue(sqliteStatement: statement, index: index).storage
    }

    /// An integer, or a real that is one (Core Data writes some flags as reals); `nil` for
    /// NULL, text, blobs and reals out of range.
    func int(_ key: some ApplePhotosRowKey) -> Int? {
        switch storage(key) {
        case .int64(let value): Int(exactly: value)
        case .double(let value): value.isFinite && abs(value) < 0x1p62 ? Int(value.rounded(.towardZero)) : nil
        case .null, .string, .blob: nil
        }
    }

    func int64(_ key: some ApplePhotosRowKey) -> Int64? {
        int(key).map(Int64.init)
    }

    /// A number as a real; `nil` for NULL, text, blobs and infinities.
    func double(_ key: some ApplePhotosRowKey) -> Double? {
        switch storage(key) {
        case .int64(let value): Double(value)
        case .double(let value): value.isFinite ? value : nil
        case .null, .string, .blob: nil
        }
    }

    /// A name a person gave or sees (a title, keyword, album or folder name, an original
    /// filename) in Unicode NFC, as osxphotos returns it: macOS stores some decomposed ("e" and a
    /// combining accent), and the same name must look, sort and match the same either way. Not
    /// for paths on disk, whose bytes must stay as they are to open the file.
    func name(_ key: some ApplePhotosRowKey) -> String? {
        string(key).map(Self.composed)
    }

    /// `text` in NFC; ASCII (most names) is already, and skips Foundation's normalisation.
    static func composed(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? text : text.precomposedStringWithCanonicalMapping
    }

    /// Text, cut at ``textLimit`` characters; `nil` for NULL, numbers and blobs.
    func string(_ key: some ApplePhotosRowKey) -> String? {
        guard case .string(let value) = storage(key) else { return nil }
        return value.utf8.count > Self.textLimit ? String(value.prefix(Self.textLimit)) : value
    }

    /// A blob's bytes; `nil` for NULL, numbers and text.
    func bytes(_ key: some ApplePhotosRowKey) -> [UInt8]? {
        guard case .blob(let data) = storage(key) else { return nil }
        return Array(data)
    }
}
