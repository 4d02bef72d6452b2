import GRDB

private typealias Column = ApplePhotosSchema.Column

/// What a listing's asset rows are joined with: keywords, album memberships and RAW resources,
/// each read in one pass for all the assets a listing reads.
extension ApplePhotosLibrary {
    /// What the rows of a listing are joined with, read once for all its runs: keywords by
    /// additional-attributes row, album uuids and RAW resources by asset row.
    struct Joins: Sendable {
        let keywords: [Int64: [String]]
        let memberships: [Int64: [String]]
        let raws: [Int64: RAWResource]
    }

    /// Keyword titles by additional-attributes row, sorted; only for the assets `restriction`
    /// selects, so one asset's lookup does not read the whole library's keywords.
    func keywordsByAttributes(_ db: Database, restrictedTo restriction: (clause: String, arguments: [String])?) throws -> [Int64: [String]] {
        guard let join = schema.keywordJoin, schema.has(.keywordKey), schema.has(.keywordTitle) else { return [:] }
        var sql = """
            SELECT \(Column.attributesKey.selecting("j.\(join.attributesColumn)")), \(Column.keywordTitle.selecting(schema.value(.keywordTitle, "k"))) \
            FROM \(join.table) j \
            JOIN ZKEYWORD k ON \(schema.expression(.keywordKey, "k")) = j.\(join.keywordColumn)
            """
        if let restriction {
            sql += """
                 WHERE j.\(join.attributesColumn) IN (SELECT \(schema.expression(.attributesKey, "aa")) FROM ZADDITIONALASSETATTRIBUTES aa \
                JOIN \(schema.assetTable) a ON \(schema.expression(.attributesAsset, "aa")) = \(schema.expression(.assetKey, "a")) \
                WHERE \(restriction.clause))
                """
        }
        var keywords: [Int64: [String]] = [:]
        try ApplePhotosRow.forEach(db, sql: sql, arguments: StatementArguments(restriction?.arguments ?? [])) { row in
            if let key = row.int64(Column.attributesKey), let title = row.name(Column.keywordTitle) {
                keywords[key, default: []].append(title)
            }
        }
        return keywords.mapValues { $0.sorted() }
    }

    /// What the database says of a RAW+JPEG pair's RAW resource.
    struct RAWResource {
        let typeIdentifier: String?
        let fileSize: Int64?
    }

    /// The RAW resource (`ZDATASTORESUBTYPE` 17, osxphotos's `has_raw`) of each asset
    /// `restriction` selects that has one, by asset row: its type (10.15 and 11 name it in a table
    /// of identifiers, 12 and later give a compact code) and its recorded size. One pass over the
    /// resources, not a look-up an asset, in the listing's one read of the database.
    func rawResources(_ db: Database, restrictedTo restriction: (clause: String, arguments: [String])?) throws -> [Int64: RAWResource] {
        guard schema.has(.resourceAsset), schema.has(.resourceSubtype) else { return [:] }
        let asset = schema.expression(.resourceAsset, "r")
        let named = [.resourceTypeIdentifier, .typeIdentifierKey, .typeIdentifierName].allSatisfy(schema.has)
        let columns = [
            Column.resourceAsset.selecting(asset), Column.resourceDataLength.selecting(schema.expression(.resourceDataLength, "r")),
            Column.typeIdentifierName.selecting(named ? schema.value(.typeIdentifierName, "u") : "NULL"),
            Column.resourceCompactType.selecting(schema.expression(.resourceCompactType, "r")),
        ]
        var sql = "SELECT \(columns.joined(separator: ", ")) FROM ZINTERNALRESOURCE r"
        if named {
            sql +=
                " LEFT JOIN ZUNIFORMTYPEIDENTIFIER u ON \(schema.expression(.typeIdentifierKey, "u")) = \(schema.expression(.resourceTypeIdentifier, "r"))"
        }
        sql += " WHERE \(schema.expression(.resourceSubtype, "r")) = 17"
        if let restriction {
            sql += " AND \(asset) IN (SELECT \(schema.expression(.assetKey, "a")) FROM \(schema.assetTable) a WHERE \(restriction.clause))"
        }
        var raws: [Int64: RAWResource] = [:]
        try ApplePhotosRow.forEach(db, sql: sql, arguments: StatementArguments(restriction?.arguments ?? [])) { row in
            guard let key = row.int64(Column.resourceAsset), raws[key] == nil else { return }
            // Photos writes the compact code as text ("11").
            let code = row.int(Column.resourceCompactType) ?? row.string(Column.resourceCompactType).flatMap { Int($0) }
            raws[key] = RAWResource(
                typeIdentifier: row.string(Column.typeIdentifierName) ?? code.flatMap { ApplePhotosCompanion.rawTypeIdentifiers[$0] },
                fileSize: row.int64(Column.resourceDataLength).flatMap { $0 >= 0 ? $0 : nil })
        }
        return raws
    }

    /// The uuids of the user and shared albums (not trashed) each asset `restriction` selects
    /// belongs to.
    func albumMemberships(_ db: Database, restrictedTo restriction: (clause: String, arguments: [String])?) throws -> [Int64: [String]] {
        guard let join = schema.albumJoin else { return [:] }
        func album(_ column: ApplePhotosSchema.Column) -> String { schema.expression(column, "g") }
        var sql = """
            SELECT \(Column.assetKey.selecting("j.\(join.assetColumn)")), \(Column.albumUUID.selecting(schema.value(.albumUUID, "g"))) \
            FROM \(join.table) j \
            JOIN ZGENERICALBUM g ON \(album(.albumKey)) = j.\(join.albumColumn)
            WHERE \(album(.albumKind)) IN (2, 1505) AND \(album(.albumTrashed)) IS 0 AND \(album(.albumUUID)) IS NOT NULL
            """
        if let restriction {
            sql +=
                " AND j.\(join.assetColumn) IN (SELECT \(schema.expression(.assetKey, "a")) FROM \(schema.assetTable) a WHERE \(restriction.clause))"
        }
        var memberships: [Int64: [String]] = [:]
        try ApplePhotosRow.forEach(db, sql: sql, arguments: StatementArguments(restriction?.arguments ?? [])) { row in
            if let asset = row.int64(Column.assetKey), let album = row.string(Column.albumUUID) {
                memberships[asset, default: []].append(album)
            }
        }
        return memberships
    }
}
