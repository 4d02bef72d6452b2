import GRDB

/// Table and column names of one library's database, read from the database itself.
///
/// Core Data names join tables and their columns after entity numbers, which change with every
/// macOS release (`Z_26ASSETS` on 10.15, `Z_28ASSETS` on 13, `Z_33ASSETS` on 26.1), and columns
/// come and go (`ZHASADJUSTMENTS` became `ZADJUSTMENTSSTATE` on 15). Deriving the names from
/// `Z_PRIMARYKEY` and `PRAGMA table_info` instead of a table per version lets libraries from
/// versions not seen yet open too, and a query asks only for columns that exist.
///
/// Every column the reader reads is declared once, in ``Column``: the check made when a library
/// opens and the queries both go through it, so a column missing (renamed by a release, or a
/// damaged database) is a problem the user is told about, and its place is taken by a value
/// that never shows more than it should (a photo whose hidden flag cannot be read is hidden).
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
    /// What a reader of this library must be told: a column or join table not found, with
    /// what the user will miss (a Photos release whose schema Photolala does not know yet, or
    /// a damaged database).
    let problems: [String]
    /// The name each ``Column`` has in this library; a column missing is absent.
    private let names: [Column: String]

    /// - Parameters:
    ///   - modelVersion: The library's `PLModelVersion`: columns a later model added are read
    ///     from that model on only.
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the tables every Photos 5+
    ///   library has are missing.
    init(_ db: Database, path: String, modelVersion: Int) throws {
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
        let entity = "\(ApplePhotosRow.Computed.entityName.selecting("Z_NAME")), \(ApplePhotosRow.Computed.entityNumber.selecting("Z_ENT"))"
        try ApplePhotosRow.forEach(db, sql: "SELECT \(entity) FROM Z_PRIMARYKEY") { row in
            if let name = row.string(ApplePhotosRow.Computed.entityName), let number = row.int(ApplePhotosRow.Computed.entityNumber) {
                entities[name] = number
            }
        }

        func columnNames(_ table: String) throws -> [String] {
            guard tables.contains(table) else { return [] }
            // Names go into queries as they are: a name no Core Data schema has is left out.
            var names: [String] = []
            let sql = "SELECT \(ApplePhotosRow.Computed.columnName.selecting("name")) FROM pragma_table_info(?)"
            try ApplePhotosRow.forEach(db, sql: sql, arguments: [table]) { row in
                if let name = row.string(ApplePhotosRow.Computed.columnName),
                    name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
                {
                    names.append(name)
                }
            }
            return names
        }
        var columnsByTable: [Table: Set<String>] = [:]
        for table in Table.allCases {
            columnsByTable[table] = Set(try columnNames(Self.name(of: table, assetTable: assetTable)))
        }
        var resolved: [Column: String] = [:]
        var missing: [(column: Column, loss: Loss)] = []
        for column in Column.allCases {
            let definition = column.definition
            if case .since(let model) = definition.presence, modelVersion < model { continue }
            if let name = definition.names.first(where: { columnsByTable[definition.table]?.contains($0) ?? false }) {
                resolved[column] = name
            } else if case .optional = definition.presence {
                continue
            } else {
                missing.append((column, definition.loss))
            }
        }
        names = resolved

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
        problems += Self.problems(missing: missing, assetTable: assetTable)
        self.problems = problems
    }

    /// One problem per loss, naming every missing column that causes it.
    private static func problems(missing: [(column: Column, loss: Loss)], assetTable: String) -> [String] {
        var losses: [Loss] = []
        for (_, loss) in missing where !losses.contains(loss) {
            losses.append(loss)
        }
        return losses.map { loss in
            let columns = missing.filter { $0.loss == loss }.map {
                "\(name(of: $0.column.definition.table, assetTable: assetTable)).\($0.column.definition.names[0])"
            }
            let named = columns.count == 1 ? columns[0] : columns.dropLast().joined(separator: ", ") + " and " + columns[columns.count - 1]
            return "\(named) \(columns.count == 1 ? "was" : "were") not found in the database (a damaged library, or a Photos release "
                + "Photolala does not know yet): \(loss.rawValue)."
        }
    }

    /// The table's name in this library.
    func name(of table: Table) -> String {
        Self.name(of: table, assetTable: assetTable)
    }

    private static func name(of table: Table, assetTable: String) -> String {
        switch table {
        case .asset: assetTable
        case .attributes: "ZADDITIONALASSETATTRIBUTES"
        case .album: "ZGENERICALBUM"
        case .resource: "ZINTERNALRESOURCE"
        case .keyword: "ZKEYWORD"
        case .typeIdentifier: "ZUNIFORMTYPEIDENTIFIER"
        case .face: "ZDETECTEDFACE"
        case .person: "ZPERSON"
        case .description: "ZASSETDESCRIPTION"
        }
    }

    /// Whether the library has `column`.
    func has(_ column: Column) -> Bool {
        names[column] != nil
    }

    /// `alias.NAME` when the library has `column`, else its fallback, for conditions and joins:
    /// every query stays valid whatever columns a library lacks.
    func expression(_ column: Column, _ alias: String) -> String {
        names[column].map { "\(alias).\($0)" } ?? column.definition.fallback
    }

    /// ``expression(_:_:)`` for a query's result columns: text cut at ``ApplePhotosRow/textLimit``
    /// characters, so a damaged value of a gigabyte is never read whole.
    func value(_ column: Column, _ alias: String) -> String {
        guard column.definition.isText, has(column) else { return expression(column, alias) }
        return "substr(\(expression(column, alias)), 1, \(ApplePhotosRow.textLimit))"
    }
}
