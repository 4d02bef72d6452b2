import GRDB

/// Table and column names of one library's database, read from the database itself.
///
/// Core Data names join tables and their columns after entity numbers, which change with every
/// macOS release (`Z_26ASSETS` on 10.15, `Z_28ASSETS` on 13, `Z_33ASSETS` on 26.1), and columns
/// come and go (`ZHASADJUSTMENTS` became `ZADJUSTMENTSSTATE` on 15). Deriving the names from
/// `Z_PRIMARYKEY` and `PRAGMA table_info` instead of a table per version lets libraries from
/// versions not seen yet open too, and a query asks only for columns that exist.
struct ApplePhotosSchema: Sendable {
    /// The album-asset join table and its columns.
    struct AlbumJoin: Sendable {
        let table: String
        let albumColumn: String
        let assetColumn: String
        /// The manual order of assets in an album; absent in some versions.
        let orderColumn: String?
    }

    /// The additional-attributes-keyword join table and its columns.
    struct KeywordJoin: Sendable {
        let table: String
        let attributesColumn: String
        let keywordColumn: String
    }

    /// `ZGENERICASSET` up to macOS 10.15, `ZASSET` since.
    let assetTable: String
    /// `nil` when the database has no such table: every album then shows empty, which
    /// ``problems`` says.
    let albumJoin: AlbumJoin?
    /// `nil` when the database has no such table: no asset then has keywords.
    let keywordJoin: KeywordJoin?
    /// What a reader of this library must be told: a join table not found, so albums or
    /// keywords show empty (a Photos release whose schema Photolala does not know yet).
    let problems: [String]
    private let columns: [String: Set<String>]

    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the tables every Photos 5+
    ///   library has are missing.
    init(_ db: Database, path: String) throws {
        let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        guard tables.contains("Z_PRIMARYKEY") else {
            throw PhotolalaError.damagedPhotosLibrary(path, reason: "its database has no Z_PRIMARYKEY table")
        }
        guard let assetTable = ["ZGENERICASSET", "ZASSET"].first(where: tables.contains) else {
            throw PhotolalaError.damagedPhotosLibrary(path, reason: "its database has no asset table (ZGENERICASSET or ZASSET)")
        }
        for required in ["ZADDITIONALASSETATTRIBUTES", "ZGENERICALBUM"] where !tables.contains(required) {
            throw PhotolalaError.damagedPhotosLibrary(path, reason: "its database has no \(required) table")
        }
        self.assetTable = assetTable

        var entities: [String: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT Z_NAME, Z_ENT FROM Z_PRIMARYKEY") {
            if let name: String = row[0], let number: Int = row[1] {
                entities[name] = number
            }
        }

        var columns: [String: Set<String>] = [:]
        func columnNames(_ table: String) throws -> [String] {
            guard tables.contains(table) else { return [] }
            return try Row.fetchAll(db, sql: "PRAGMA table_info(\(table.quotedDatabaseIdentifier))").compactMap { $0["name"] }
        }
        for table in [assetTable, "ZADDITIONALASSETATTRIBUTES", "ZGENERICALBUM", "ZINTERNALRESOURCE", "ZKEYWORD", "ZUNIFORMTYPEIDENTIFIER"] {
            columns[table] = Set(try columnNames(table))
        }
        self.columns = columns

        var problems: [String] = []
        if let album = entities["Album"] {
            let table = "Z_\(album)ASSETS"
            let names = try columnNames(table)
            let order = names.first { $0.hasPrefix("Z_FOK_") && $0.hasSuffix("ASSETS") }
            if let albumColumn = names.first(where: { $0.hasSuffix("ALBUMS") && !$0.hasPrefix("Z_FOK_") }),
                let assetColumn = names.first(where: { $0.hasSuffix("ASSETS") && !$0.hasPrefix("Z_FOK_") })
            {
                albumJoin = AlbumJoin(table: table, albumColumn: albumColumn, assetColumn: assetColumn, orderColumn: order)
            } else {
                albumJoin = nil
                problems.append("The album-photo table \(table) was not found (or lacks its columns): every album shows empty.")
            }
        } else {
            albumJoin = nil
            problems.append("Z_PRIMARYKEY names no Album entity: every album shows empty.")
        }
        if let attributes = entities["AdditionalAssetAttributes"] {
            let table = "Z_\(attributes)KEYWORDS"
            let names = try columnNames(table)
            if let attributesColumn = names.first(where: { $0.hasSuffix("ASSETATTRIBUTES") }),
                let keywordColumn = names.first(where: { $0.hasSuffix("KEYWORDS") })
            {
                keywordJoin = KeywordJoin(table: table, attributesColumn: attributesColumn, keywordColumn: keywordColumn)
            } else {
                keywordJoin = nil
                problems.append("The keyword table \(table) was not found (or lacks its columns): no photo shows keywords.")
            }
        } else {
            keywordJoin = nil
            problems.append("Z_PRIMARYKEY names no AdditionalAssetAttributes entity: no photo shows keywords.")
        }
        self.problems = problems
    }

    /// Whether `table` has `column`.
    func has(_ table: String, _ column: String) -> Bool {
        columns[table]?.contains(column) ?? false
    }

    /// `alias.column` when the table has the column, else `NULL`, so one query fits every version.
    func column(_ alias: String, _ table: String, _ column: String) -> String {
        has(table, column) ? "\(alias).\(column)" : "NULL"
    }
}
