import Foundation
import GRDB

/// A row of a Photos database, read as the untrusted input it is: a value of the wrong type
/// (text where a number belongs, a blob, a real too large for an integer) reads as unknown,
/// `nil`, where GRDB's subscripts would stop the program.
struct ApplePhotosRow {
    /// The longest text read, in characters: no name, title or path Photos writes comes near.
    static let textLimit = 4096

    /// The statement whose current row this is: read straight from SQLite, as GRDB's decoding of
    /// a value is generic, and in a listing of 100,000 assets its metadata look-ups took a third
    /// of the time.
    private let statement: SQLiteStatement

    /// The row `statement` stands on, valid until it steps again.
    private init(current statement: SQLiteStatement) {
        self.statement = statement
    }

    /// Calls `body` with each row `sql` returns, in their order; each is valid only during its
    /// call. How every query of a Photos database is read.
    static func forEach(
        _ db: Database, sql: String, arguments: StatementArguments = StatementArguments(), _ body: (ApplePhotosRow) throws -> Void
    ) throws {
        let statement = try db.makeStatement(sql: sql)
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while try rows.next() != nil {
            try body(ApplePhotosRow(current: statement.sqliteStatement))
        }
    }

    private func storage(_ index: Int) -> DatabaseValue.Storage {
        DatabaseValue(sqliteStatement: statement, index: CInt(index)).storage
    }

    /// An integer, or a real that is one (Core Data writes some flags as reals); `nil` for
    /// NULL, text, blobs and reals out of range.
    func int(_ index: Int) -> Int? {
        switch storage(index) {
        case .int64(let value): Int(exactly: value)
        case .double(let value): value.isFinite && abs(value) < 0x1p62 ? Int(value.rounded(.towardZero)) : nil
        case .null, .string, .blob: nil
        }
    }

    func int64(_ index: Int) -> Int64? {
        int(index).map(Int64.init)
    }

    /// A number as a real; `nil` for NULL, text, blobs and infinities.
    func double(_ index: Int) -> Double? {
        switch storage(index) {
        case .int64(let value): Double(value)
        case .double(let value): value.isFinite ? value : nil
        case .null, .string, .blob: nil
        }
    }

    /// A name a person gave or sees (a title, keyword, album or folder name, an original
    /// filename) in Unicode NFC, as osxphotos returns it: macOS stores some decomposed ("e" and a
    /// combining accent), and the same name must look, sort and match the same either way. Not
    /// for paths on disk, whose bytes must stay as they are to open the file.
    func name(_ index: Int) -> String? {
        string(index).map(Self.composed)
    }

    /// `text` in NFC; ASCII (most names) is already, and skips Foundation's normalisation.
    static func composed(_ text: String) -> String {
        text.utf8.allSatisfy { $0 < 0x80 } ? text : text.precomposedStringWithCanonicalMapping
    }

    /// Text, cut at ``textLimit`` characters; `nil` for NULL, numbers and blobs.
    func string(_ index: Int) -> String? {
        guard case .string(let value) = storage(index) else { return nil }
        return value.utf8.count > Self.textLimit ? String(value.prefix(Self.textLimit)) : value
    }
}
