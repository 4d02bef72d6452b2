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
        var assets = try fetchAssets(restrictedTo: viewRestriction(filter), accepting: filter)
        assets.sort(by: Self.newestFirst)
        return assets
    }

    /// A condition every asset of `filter`'s view meets (a favourite for Favorites), read by
    /// SQLite so that a view's count or listing does not read the whole library's rows; the
    /// filter still has the last word. `nil` for All Photos, which is most of the library.
    private func viewRestriction(_ filter: ApplePhotosFilter) -> (clause: String, arguments: [String])? {
        // As the rows read them: a favourite is 1; hidden and deleted unless the flag reads 0.
        if filter.onlyFavorites, schema.has(.favorite) { return ("\(schema.expression(.favorite, "a")) = 1", []) }
        if filter.onlyHidden, schema.has(.hidden) { return ("\(schema.expression(.hidden, "a")) IS NOT 0", []) }
        if filter.onlyTrashed, schema.has(.trashed) { return ("\(schema.expression(.trashed, "a")) IS NOT 0", []) }
        return nil
    }

    /// The first `count` assets `filter` lets through in `order` by creation date, read through
    /// Photos' index of those dates: a browser shows the top of All Photos from them in
    /// milliseconds, while listing a million assets takes seconds. Newest first, undated assets
    /// come first, all of them (the browser orders them by name); with more than a run of them,
    /// none is given. Rows are read in growing runs until `count` are let through (a view of few
    /// favourites), at most ``firstAssetsRunLimit`` of them, so what comes back is always the
    /// start of the order, however short. Sorted newest first, like ``assets(_:)``.
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the database cannot be read.
    public func assets(_ filter: ApplePhotosFilter, first count: Int, in order: DateOrder) throws -> [ApplePhotosAsset] {
        guard count > 0, schema.has(.dateCreated) else { return [] }
        var run = count
        while true {
            guard let keys = try firstKeys(run, in: order) else { return [] }
            let restriction = "\(schema.expression(.assetKey, "a")) IN (\(keys.keys.map(String.init).joined(separator: ",")))"
            var found = keys.keys.isEmpty ? [] : try fetchAssets(restrictedTo: (restriction, []), accepting: filter)
            if found.count >= count || keys.areAll || run >= Self.firstAssetsRunLimit {
                found.sort(by: Self.newestFirst)
                guard found.count > count else { return found }
                // Newest first the undated ones, sorted last here, come first.
                let undated = found.filter { $0.creationDate == nil }
                return order == .oldestFirst ? Array(found.suffix(count)) : Array(found.prefix(max(0, count - undated.count))) + undated
            }
            run = min(run * 4, Self.firstAssetsRunLimit)
        }
    }

    /// The most rows ``assets(_:first:in:)`` reads looking for the assets its filter lets through.
    static let firstAssetsRunLimit = 20_000

    /// The keys of the first `run` dated assets in `order`, newest first after every undated
    /// one, and whether they are all the library has; `nil` when more than `run` are undated.
    private func firstKeys(_ run: Int, in order: DateOrder) throws -> (keys: [Int64], areAll: Bool)? {
        let key = schema.expression(.assetKey, "a")
        let date = schema.expression(.dateCreated, "a")
        let uuid = schema.expression(.assetUUID, "a")
        // On a connection of its own, as a listing's rows are.
        return try readAside { db in
            var undated: [Int64] = []
            if order == .newestFirst {
                undated = try Int64.fetchAll(db, sql: "SELECT \(key) FROM \(schema.assetTable) a WHERE \(date) IS NULL LIMIT \(run + 1)")
                guard undated.count <= run else { return nil }
            }
            // Ties in the listing's order (``newestFirst(_:_:)``), or its reverse.
            let sorting = order == .oldestFirst ? "\(date) ASC, \(uuid) DESC" : "\(date) DESC, \(uuid) ASC"
            let dated = try Int64.fetchAll(
                db, sql: "SELECT \(key) FROM \(schema.assetTable) a WHERE \(date) IS NOT NULL ORDER BY \(sorting) LIMIT \(run)")
            return (undated + dated, dated.count < run)
        }
    }

    /// One asset by uuid, whatever its state (hidden, trashed, a burst frame).
    /// - Throws: ``PhotolalaError/photoNotFound`` when the library has no such asset.
    public func asset(uuid: String) throws -> ApplePhotosAsset {
        let clause = "\(schema.expression(.assetUUID, "a")) = ?"
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
            let clause = "\(schema.expression(.assetUUID, "a")) IN (\(Array(repeating: "?", count: chunk.count).joined(separator: ", ")))"
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
    /// the original is on disk; `restriction` is an SQL condition on the asset table `a`, and
    /// `filter`, when given, what is kept (tested as each row is read: a million assets are
    /// never copied to drop some). The whole library is read in runs of its assets' keys, one
    /// a core, each on its own connection: a row's reading costs more than SQLite's stepping.
    func fetchAssets(
        restrictedTo restriction: (clause: String, arguments: [String])?, accepting filter: ApplePhotosFilter? = nil
    ) throws -> [ApplePhotosAsset] {
        // What every run joins to its rows, and the runs; a single run is read in the same read.
        // A listing (the whole library, or what a filter keeps) reads on connections of its own,
        // so that the look-ups a browser makes meanwhile (an asset for its thumbnail) do not wait
        // seconds for it on the library's.
        var assets: [ApplePhotosAsset] = []
        let prepare = { [self] (db: Database) -> (joins: Joins, runs: [ClosedRange<Int64>])? in
            let joins = Joins(
                keywords: try keywordsByAttributes(db, restrictedTo: restriction), memberships: try albumMemberships(db, restrictedTo: restriction),
                raws: try rawResources(db, restrictedTo: restriction))
            let runs = restriction == nil ? try keyRuns(db) : []
            guard runs.count > 1 else {
                assets = try rows(db, where: restriction?.clause, arguments: restriction?.arguments ?? [], joins: joins, accepting: filter)
                return nil
            }
            return (joins, runs)
        }
        if let parallel = try restriction == nil || filter != nil ? readAside(prepare) : read(prepare) {
            assets = try inParallelRuns(Array(parallel.runs), smallestRun: 1) { [self] runs in
                try runs.flatMap { keys in
                    let clause = "\(schema.expression(.assetKey, "a")) BETWEEN \(keys.lowerBound) AND \(keys.upperBound)"
                    return try readAside { [self] db in try rows(db, where: clause, arguments: [], joins: parallel.joins, accepting: filter) }
                }
            }
        }
        let local = assets.indices.filter { !assets[$0].isReference && assets[$0].isOriginalLocal }
        let present = originalsExist(local.map { assets[$0] })
        for (index, exists) in zip(local, present) {
            assets[index].isMissing = !exists
        }
        return assets
    }

    /// What the rows of a listing are joined with, read once for all its runs: keywords by
    /// additional-attributes row, album uuids and RAW resources by asset row.
    private struct Joins: Sendable {
        let keywords: [Int64: [String]]
        let memberships: [Int64: [String]]
        let raws: [Int64: RAWResource]
    }

    /// The assets of the rows ``assetQuery(where:)`` returns for `clause`, with their keywords,
    /// albums and RAW resources, those `filter` rejects left out.
    private func rows(
        _ db: Database, where clause: String?, arguments: [String], joins: Joins, accepting filter: ApplePhotosFilter?
    ) throws
        -> [ApplePhotosAsset]
    {
        var assets: [ApplePhotosAsset] = []
        try ApplePhotosRow.forEach(db, sql: assetQuery(where: clause), arguments: StatementArguments(arguments)) { row in
            guard var asset = Self.asset(from: row, keywords: joins.keywords, raws: joins.raws) else { return }
            asset.albumUUIDs = joins.memberships[asset.primaryKey] ?? []
            if filter?.accepts(asset) ?? true {
                assets.append(asset)
            }
        }
        return assets
    }

    /// The asset table's keys cut into one range a core, for a library big enough to be worth
    /// it; none when it is read in one run.
    func keyRuns(_ db: Database) throws -> [ClosedRange<Int64>] {
        let key = schema.expression(.assetKey, "a")
        let row = try Row.fetchOne(db, sql: "SELECT min(\(key)), max(\(key)), count(*) FROM \(schema.assetTable) a")
        let cores = Int64(ProcessInfo.processInfo.activeProcessorCount)
        guard let row, let lowest = row[0] as Int64?, let highest = row[1] as Int64?, let count = row[2] as Int64?,
            count >= Self.assetsWorthARun * 2, cores > 1, highest > lowest
        else { return [] }
        let span = (highest - lowest) / cores + 1
        return (0..<cores).map { run in
            let start = lowest + run * span
            return start...(run == cores - 1 ? highest : start + span - 1)
        }
    }

    /// Fewer assets than this a core are read in one run.
    static let assetsWorthARun: Int64 = 20_000

    private func assetQuery(where clause: String?) -> String {
        func asset(_ column: ApplePhotosSchema.Column) -> String { schema.value(column, "a") }
        func attribute(_ column: ApplePhotosSchema.Column) -> String { schema.value(column, "aa") }
        let key = schema.expression(.assetKey, "a")
        let hasResources = [.resourceAsset, .resourceSubtype, .resourceAvailability].allSatisfy(schema.has)
        let resourceAsset = schema.expression(.resourceAsset, "r")
        let subtype = schema.expression(.resourceSubtype, "r")
        let local =
            hasResources
            ? """
            EXISTS (SELECT 1 FROM ZINTERNALRESOURCE r WHERE \(resourceAsset) = \(key) AND \(subtype) IN (1, 3) \
            AND \(schema.expression(.resourceAvailability, "r")) = 1)
            """
            : "1"
        let originalUTI =
            hasResources && [.resourceTypeIdentifier, .typeIdentifierKey, .typeIdentifierName].allSatisfy(schema.has)
            ? """
            (SELECT \(schema.value(.typeIdentifierName, "u")) FROM ZINTERNALRESOURCE r JOIN ZUNIFORMTYPEIDENTIFIER u \
            ON \(schema.expression(.typeIdentifierKey, "u")) = \(schema.expression(.resourceTypeIdentifier, "r")) \
            WHERE \(resourceAsset) = \(key) AND \(subtype) = 1 LIMIT 1)
            """
            : "NULL"
        let syndicated = "(\(schema.expression(.syndicationIdentifier, "aa")) IS NOT NULL AND \(schema.expression(.syndicationHistory, "aa")) = 0)"
        let outside = "(\(syndicated) OR COALESCE(\(schema.expression(.momentShare, "a")), 0) != 0)"
        // Hidden and deleted unless the flag reads 0: a damaged value hides the photo rather than shows it.
        let columns = [
            key, schema.expression(.attributesKey, "aa"), asset(.assetUUID), attribute(.originalFilename), asset(.filename), asset(.directory),
            attribute(.originalFileSize), asset(.dateCreated), attribute(.timeZoneOffset), attribute(.timeZoneName),
            asset(.addedDate), asset(.modificationDate), asset(.width), asset(.height), asset(.orientation),
            asset(.kind), asset(.kindSubtype), asset(.favorite), "(\(asset(.hidden)) IS NOT 0)", "(\(asset(.trashed)) IS NOT 0)",
            asset(.burstUUID), asset(.burstPickType), asset(.latitude), asset(.longitude),
            asset(.typeIdentifier), attribute(.title), asset(.adjustments), asset(.savedAssetType),
            asset(.cloudBatchPublishDate), local, originalUTI, outside, asset(.duration),
        ]
        let uuid = schema.expression(.assetUUID, "a")
        var sql = """
            SELECT \(columns.joined(separator: ", ")) FROM \(schema.assetTable) a
            LEFT JOIN ZADDITIONALASSETATTRIBUTES aa ON \(schema.expression(.attributesAsset, "aa")) = \(key)
            WHERE \(uuid) IS NOT NULL AND \(key) IS NOT NULL
            """
        if let clause {
            sql += " AND (\(clause))"
        }
        return sql
    }

    /// One asset from a row of ``assetQuery(where:)``, missing until its original is found on
    /// disk; album membership is filled in later. `nil` for a row whose uuid cannot be an
    /// asset's (none, one with a slash or `..`, which would lead out of the library's folders, or
    /// one that reads as a companion's id, which would name two items).
    private static func asset(from row: ApplePhotosRow, keywords: [Int64: [String]], raws: [Int64: RAWResource]) -> ApplePhotosAsset? {
        guard let uuid = row.string(2), ApplePhotosAsset.isFileName(uuid), ApplePhotosCompanion(id: uuid) == nil else { return nil }
        let raw = row.int64(0).flatMap { raws[$0] }
        let attributesKey = row.int64(1)
        var filename = row.string(4) ?? ""
        var directory = row.string(5) ?? ""
        let savedType = row.int(27)
        let isReference = savedType == 10 || directory.hasPrefix("/")
        // A referenced file's path is never read; the library's own must stay inside it.
        if !isReference && !(ApplePhotosAsset.isFileName(filename) && ApplePhotosAsset.isFileName(directory)) {
            filename = ""
            directory = ""
        }
        let latitude = row.double(22)
        let longitude = row.double(23)
        let hasLocation = latitude != -180 && longitude != -180
        let originalFilename = row.name(3) ?? ApplePhotosRow.composed(filename)
        let uti = row.string(24)
        return ApplePhotosAsset(
            uuid: uuid,
            originalFilename: originalFilename,
            filename: filename,
            directory: directory,
            fileSize: row.int64(6).flatMap { $0 >= 0 ? $0 : nil },
            creationDate: ApplePhotosAsset.date(coreDataSeconds: row.double(7)),
            timeZoneOffset: row.int(8).flatMap { abs($0) <= ApplePhotosAsset.largestTimeZoneOffset ? $0 : nil },
            timeZoneName: row.string(9),
            addedDate: ApplePhotosAsset.date(coreDataSeconds: row.double(10)),
            modificationDate: ApplePhotosAsset.date(coreDataSeconds: row.double(11)),
            width: ApplePhotosAsset.dimension(row.int(12)),
            height: ApplePhotosAsset.dimension(row.int(13)),
            orientation: row.int(14).flatMap { (1...8).contains($0) ? $0 : nil },
            kind: ApplePhotosAsset.Kind(code: row.int(15), typeIdentifier: uti, filename: originalFilename),
            kindSubtype: row.int(16) ?? 0,
            duration: row.double(32).flatMap { $0.isFinite && $0 > 0 ? $0 : nil },
            isFavorite: row.int(17) == 1,
            isHidden: row.int(18) != 0,
            isTrashed: row.int(19) != 0,
            burstUUID: row.string(20),
            burstPickType: row.int(21) ?? 0,
            latitude: hasLocation ? ApplePhotosAsset.coordinate(latitude, limit: 90) : nil,
            longitude: hasLocation ? ApplePhotosAsset.coordinate(longitude, limit: 180) : nil,
            uti: uti,
            originalUTI: ApplePhotosAsset.originalUTI(resource: row.string(30), originalFilename: originalFilename, assetUTI: uti),
            title: row.name(25).flatMap { $0.isEmpty ? nil : $0 },
            keywords: attributesKey.flatMap { keywords[$0] } ?? [],
            hasAdjustments: (row.int(26) ?? 0) != 0,
            isReference: isReference,
            isShared: row.double(28) != nil,
            isOriginalLocal: row.int(29) == 1,
            isOutsideLibrary: row.int(31) == 1,
            hasRAW: raw != nil,
            rawTypeIdentifier: raw?.typeIdentifier,
            rawFileSize: raw?.fileSize,
            isMissing: true,
            albumUUIDs: [],
            primaryKey: row.int64(0) ?? 0,
            additionalAttributesKey: attributesKey
        )
    }

    /// Keyword titles by additional-attributes row, sorted; only for the assets `restriction`
    /// selects, so one asset's lookup does not read the whole library's keywords.
    private func keywordsByAttributes(_ db: Database, restrictedTo restriction: (clause: String, arguments: [String])?) throws -> [Int64: [String]] {
        guard let join = schema.keywordJoin, schema.has(.keywordKey), schema.has(.keywordTitle) else { return [:] }
        var sql = """
            SELECT j.\(join.attributesColumn), \(schema.value(.keywordTitle, "k")) FROM \(join.table) j \
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
            if let key = row.int64(0), let title = row.name(1) {
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
    private func rawResources(_ db: Database, restrictedTo restriction: (clause: String, arguments: [String])?) throws -> [Int64: RAWResource] {
        guard schema.has(.resourceAsset), schema.has(.resourceSubtype) else { return [:] }
        let asset = schema.expression(.resourceAsset, "r")
        let named = [.resourceTypeIdentifier, .typeIdentifierKey, .typeIdentifierName].allSatisfy(schema.has)
        let columns = [
            asset, schema.expression(.resourceDataLength, "r"), named ? schema.value(.typeIdentifierName, "u") : "NULL",
            schema.expression(.resourceCompactType, "r"),
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
            guard let key = row.int64(0), raws[key] == nil else { return }
            // Photos writes the compact code as text ("11").
            let code = row.int(3) ?? row.string(3).flatMap { Int($0) }
            raws[key] = RAWResource(
                typeIdentifier: row.string(2) ?? code.flatMap { ApplePhotosCompanion.rawTypeIdentifiers[$0] },
                fileSize: row.int64(1).flatMap { $0 >= 0 ? $0 : nil })
        }
        return raws
    }

    /// The uuids of the user and shared albums (not trashed) each asset `restriction` selects
    /// belongs to.
    private func albumMemberships(_ db: Database, restrictedTo restriction: (clause: String, arguments: [String])?) throws -> [Int64: [String]] {
        guard let join = schema.albumJoin else { return [:] }
        func album(_ column: ApplePhotosSchema.Column) -> String { schema.expression(column, "g") }
        var sql = """
            SELECT j.\(join.assetColumn), \(schema.value(.albumUUID, "g")) FROM \(join.table) j \
            JOIN ZGENERICALBUM g ON \(album(.albumKey)) = j.\(join.albumColumn)
            WHERE \(album(.albumKind)) IN (2, 1505) AND \(album(.albumTrashed)) IS 0 AND \(album(.albumUUID)) IS NOT NULL
            """
        if let restriction {
            sql +=
                " AND j.\(join.assetColumn) IN (SELECT \(schema.expression(.assetKey, "a")) FROM \(schema.assetTable) a WHERE \(restriction.clause))"
        }
        var memberships: [Int64: [String]] = [:]
        try ApplePhotosRow.forEach(db, sql: sql, arguments: StatementArguments(restriction?.arguments ?? [])) { row in
            if let asset = row.int64(0), let album = row.string(1) {
                memberships[asset, default: []].append(album)
            }
        }
        return memberships
    }

    /// Whether each asset's original is on disk (``originalPath(of:)``), in their order, a run
    /// of them a core: a library's listing asks it of every asset. Each of the 16 folders of
    /// `originals/` is opened once and its files looked up in it (`faccessat`), so the kernel
    /// walks the library's path once a folder, not once a file, and no path is put together.
    func originalsExist(_ assets: [ApplePhotosAsset]) -> [Bool] {
        inParallelRuns(assets, smallestRun: 1000) { [self] assets in
            // A damaged database may name any number of folders: past a few dozen, paths.
            var folders: [String: Int32] = [:]
            defer { folders.values.forEach { if $0 >= 0 { close($0) } } }
            return assets.map { asset in
                // A few assets (one looked up) are looked for by their paths: a folder opened costs two more calls.
                guard assets.count >= 64, !asset.isReference, !asset.isShared, !asset.filename.isEmpty else {
                    return Self.fileExists(originalPath(of: asset))
                }
                var folder = folders[asset.directory]
                if folder == nil, folders.count < 64 {
                    folder = open("\(path)/originals/\(asset.directory)", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                    folders[asset.directory] = folder
                }
                guard let folder, folder >= 0 else { return Self.fileExists(originalPath(of: asset)) }
                return faccessat(folder, asset.filename, F_OK, 0) == 0
            }
        }
    }

    static func fileExists(_ path: String?) -> Bool {
        guard let path else { return false }
        return access(path, F_OK) == 0
    }
}
