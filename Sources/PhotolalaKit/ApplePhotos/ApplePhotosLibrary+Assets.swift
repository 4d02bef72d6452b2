import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ApplePhotosLibrary {
    /// The photos and videos `filter` lets through, newest first (seed 001's fetch options:
    /// creation date descending, hidden assets excluded).
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the database cannot be read.
    public func assets(_ filter: ApplePhotosFilter = ApplePhotosFilter()) throws -> [ApplePhotosAsset] {
        var assets = try fetchAssets(restrictedTo: nil)
        assets.removeAll { !filter.accepts($0) }
        assets.sort(by: Self.newestFirst)
        return assets
    }

    /// One asset by uuid, whatever its state (hidden, trashed, a burst frame).
    /// - Throws: ``PhotolalaError/photoNotFound`` when the library has no such asset.
    public func asset(uuid: String) throws -> ApplePhotosAsset {
        let clause = "a.ZUUID = ?"
        guard let asset = try fetchAssets(restrictedTo: (clause, [uuid])).first else { throw PhotolalaError.photoNotFound(uuid) }
        return asset
    }

    /// The assets with these uuids that the library has, in no particular order.
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the database cannot be read.
    public func assets(uuids: [String]) throws -> [ApplePhotosAsset] {
        var assets: [ApplePhotosAsset] = []
        // SQLite limits the number of bound values in one statement.
        for start in stride(from: 0, to: uuids.count, by: 500) {
            let chunk = Array(uuids[start..<min(start + 500, uuids.count)])
            let clause = "a.ZUUID IN (\(Array(repeating: "?", count: chunk.count).joined(separator: ", ")))"
            assets += try fetchAssets(restrictedTo: (clause, chunk))
        }
        return assets
    }

    /// Orders assets by creation date, newest first; undated assets last, ties by uuid.
    static func newestFirst(_ lhs: ApplePhotosAsset, _ rhs: ApplePhotosAsset) -> Bool {
        switch (lhs.creationDate, rhs.creationDate) {
        case (let left?, let right?) where left != right: left > right
        case (.some, nil): true
        case (nil, .some): false
        default: lhs.uuid < rhs.uuid
        }
    }

    /// Reads assets with everything a listing needs: keywords, album memberships and whether
    /// the original is on disk; `restriction` is an SQL condition on the asset table `a`.
    func fetchAssets(restrictedTo restriction: (clause: String, arguments: [String])?) throws -> [ApplePhotosAsset] {
        let sql = assetQuery(where: restriction?.clause)
        let arguments = StatementArguments(restriction?.arguments ?? [])
        var assets = try read { db -> [ApplePhotosAsset] in
            let keywords = try keywordsByAttributes(db, restrictedTo: restriction)
            let memberships = try albumMemberships(db, restrictedTo: restriction)
            var assets: [ApplePhotosAsset] = []
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try rows.next() {
                var asset = Self.asset(from: row, keywords: keywords)
                asset.albumUUIDs = memberships[asset.primaryKey] ?? []
                assets.append(asset)
            }
            return assets
        }
        for index in assets.indices where !assets[index].isReference && assets[index].isOriginalLocal {
            assets[index].isMissing = !Self.fileExists(originalPath(of: assets[index]))
        }
        return assets
    }

    private func assetQuery(where clause: String?) -> String {
        let table = schema.assetTable
        func asset(_ name: String) -> String { schema.column("a", table, name) }
        func attribute(_ name: String) -> String { schema.column("aa", "ZADDITIONALASSETATTRIBUTES", name) }
        let adjustments = schema.has(table, "ZHASADJUSTMENTS") ? "a.ZHASADJUSTMENTS" : asset("ZADJUSTMENTSSTATE")
        let resourceColumns = ["ZASSET", "ZDATASTORESUBTYPE", "ZLOCALAVAILABILITY"]
        let hasResources = resourceColumns.allSatisfy { schema.has("ZINTERNALRESOURCE", $0) }
        let local =
            hasResources
            ? """
            EXISTS (SELECT 1 FROM ZINTERNALRESOURCE r WHERE r.ZASSET = a.Z_PK AND r.ZDATASTORESUBTYPE IN (1, 3) \
            AND r.ZLOCALAVAILABILITY = 1)
            """
            : "1"
        let raw = hasResources ? "EXISTS (SELECT 1 FROM ZINTERNALRESOURCE r WHERE r.ZASSET = a.Z_PK AND r.ZDATASTORESUBTYPE = 17)" : "0"
        let originalUTI =
            hasResources && schema.has("ZINTERNALRESOURCE", "ZUNIFORMTYPEIDENTIFIER") && schema.has("ZUNIFORMTYPEIDENTIFIER", "ZIDENTIFIER")
            ? """
            (SELECT u.ZIDENTIFIER FROM ZINTERNALRESOURCE r JOIN ZUNIFORMTYPEIDENTIFIER u ON u.Z_PK = r.ZUNIFORMTYPEIDENTIFIER \
            WHERE r.ZASSET = a.Z_PK AND r.ZDATASTORESUBTYPE = 1 LIMIT 1)
            """
            : "NULL"
        // Syndication columns of 12.0 previews meant something else (osxphotos checks 15323, 12.0.1).
        let syndication =
            version.modelVersion >= 15323 && schema.has("ZADDITIONALASSETATTRIBUTES", "ZSYNDICATIONIDENTIFIER")
                && schema.has("ZADDITIONALASSETATTRIBUTES", "ZSYNDICATIONHISTORY")
            ? "(aa.ZSYNDICATIONIDENTIFIER IS NOT NULL AND aa.ZSYNDICATIONHISTORY = 0)" : "0"
        let outside = "(\(syndication) OR COALESCE(\(asset("ZMOMENTSHARE")), 0) != 0)"
        let columns = [
            "a.Z_PK", "aa.Z_PK", asset("ZUUID"), attribute("ZORIGINALFILENAME"), asset("ZFILENAME"), asset("ZDIRECTORY"),
            attribute("ZORIGINALFILESIZE"), asset("ZDATECREATED"), attribute("ZTIMEZONEOFFSET"), attribute("ZTIMEZONENAME"),
            asset("ZADDEDDATE"), asset("ZMODIFICATIONDATE"), asset("ZWIDTH"), asset("ZHEIGHT"), asset("ZORIENTATION"),
            asset("ZKIND"), asset("ZKINDSUBTYPE"), asset("ZFAVORITE"), asset("ZHIDDEN"), asset("ZTRASHEDSTATE"),
            asset("ZAVALANCHEUUID"), asset("ZAVALANCHEPICKTYPE"), asset("ZLATITUDE"), asset("ZLONGITUDE"),
            asset("ZUNIFORMTYPEIDENTIFIER"), attribute("ZTITLE"), adjustments, asset("ZSAVEDASSETTYPE"),
            asset("ZCLOUDBATCHPUBLISHDATE"), local, raw, originalUTI, outside,
        ]
        var sql = """
            SELECT \(columns.joined(separator: ", ")) FROM \(table) a
            LEFT JOIN ZADDITIONALASSETATTRIBUTES aa ON aa.ZASSET = a.Z_PK
            WHERE a.ZUUID IS NOT NULL
            """
        if let clause {
            sql += " AND (\(clause))"
        }
        return sql
    }

    /// One asset from a row of ``assetQuery(where:)``, missing until its original is found on
    /// disk; album membership is filled in later.
    private static func asset(from row: Row, keywords: [Int64: [String]]) -> ApplePhotosAsset {
        let attributesKey: Int64? = row[1]
        let filename: String = row[4] ?? ""
        let directory: String = row[5] ?? ""
        let latitude: Double? = row[22]
        let longitude: Double? = row[23]
        let hasLocation = latitude != -180 && longitude != -180
        let savedType: Int? = row[27]
        let originalFilename: String = row[3] ?? filename
        let uti: String? = row[24]
        return ApplePhotosAsset(
            uuid: row[2] ?? "",
            originalFilename: originalFilename,
            filename: filename,
            directory: directory,
            fileSize: row[6],
            creationDate: ApplePhotosAsset.date(coreDataSeconds: row[7]),
            timeZoneOffset: row[8],
            timeZoneName: row[9],
            addedDate: ApplePhotosAsset.date(coreDataSeconds: row[10]),
            modificationDate: ApplePhotosAsset.date(coreDataSeconds: row[11]),
            width: row[12],
            height: row[13],
            orientation: row[14],
            kind: ApplePhotosAsset.Kind(rawValue: row[15] ?? -1) ?? .other,
            kindSubtype: row[16] ?? 0,
            isFavorite: (row[17] ?? 0) == 1,
            isHidden: (row[18] ?? 0) == 1,
            isTrashed: (row[19] ?? 0) == 1,
            burstUUID: row[20],
            burstPickType: row[21] ?? 0,
            latitude: hasLocation ? ApplePhotosAsset.coordinate(latitude, limit: 90) : nil,
            longitude: hasLocation ? ApplePhotosAsset.coordinate(longitude, limit: 180) : nil,
            uti: uti,
            originalUTI: ApplePhotosAsset.originalUTI(resource: row[31], originalFilename: originalFilename, assetUTI: uti),
            title: (row[25] as String?).flatMap { $0.isEmpty ? nil : $0 },
            keywords: attributesKey.flatMap { keywords[$0] } ?? [],
            hasAdjustments: (row[26] ?? 0) != 0,
            isReference: savedType == 10 || directory.hasPrefix("/"),
            isShared: (row[28] as Double?) != nil,
            isOriginalLocal: (row[29] ?? 0) == 1,
            isOutsideLibrary: (row[32] ?? 0) == 1,
            hasRAW: (row[30] ?? 0) == 1,
            isMissing: true,
            albumUUIDs: [],
            primaryKey: row[0] ?? 0,
            additionalAttributesKey: attributesKey
        )
    }

    /// Keyword titles by additional-attributes row, sorted; only for the assets `restriction`
    /// selects, so one asset's lookup does not read the whole library's keywords.
    private func keywordsByAttributes(_ db: Database, restrictedTo restriction: (clause: String, arguments: [String])?) throws -> [Int64: [String]] {
        guard let join = schema.keywordJoin, schema.has("ZKEYWORD", "ZTITLE") else { return [:] }
        var sql = "SELECT j.\(join.attributesColumn), k.ZTITLE FROM \(join.table) j JOIN ZKEYWORD k ON k.Z_PK = j.\(join.keywordColumn)"
        if let restriction {
            sql += """
                 WHERE j.\(join.attributesColumn) IN (SELECT aa.Z_PK FROM ZADDITIONALASSETATTRIBUTES aa \
                JOIN \(schema.assetTable) a ON aa.ZASSET = a.Z_PK WHERE \(restriction.clause))
                """
        }
        var keywords: [Int64: [String]] = [:]
        let rows = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(restriction?.arguments ?? []))
        while let row = try rows.next() {
            if let key: Int64 = row[0], let title: String = row[1] {
                keywords[key, default: []].append(title)
            }
        }
        return keywords.mapValues { $0.sorted() }
    }

    /// The uuids of the user and shared albums (not trashed) each asset `restriction` selects
    /// belongs to.
    private func albumMemberships(_ db: Database, restrictedTo restriction: (clause: String, arguments: [String])?) throws -> [Int64: [String]] {
        guard let join = schema.albumJoin else { return [:] }
        var sql = """
            SELECT j.\(join.assetColumn), g.ZUUID FROM \(join.table) j JOIN ZGENERICALBUM g ON g.Z_PK = j.\(join.albumColumn)
            WHERE g.ZKIND IN (2, 1505) AND COALESCE(g.ZTRASHEDSTATE, 0) = 0 AND g.ZUUID IS NOT NULL
            """
        if let restriction {
            sql += " AND j.\(join.assetColumn) IN (SELECT a.Z_PK FROM \(schema.assetTable) a WHERE \(restriction.clause))"
        }
        var memberships: [Int64: [String]] = [:]
        let rows = try Row.fetchCursor(db, sql: sql, arguments: StatementArguments(restriction?.arguments ?? []))
        while let row = try rows.next() {
            if let asset: Int64 = row[0], let album: String = row[1] {
                memberships[asset, default: []].append(album)
            }
        }
        return memberships
    }

    static func fileExists(_ path: String?) -> Bool {
        guard let path else { return false }
        return access(path, F_OK) == 0
    }
}
