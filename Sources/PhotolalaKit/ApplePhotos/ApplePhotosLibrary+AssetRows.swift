import Foundation
import GRDB

private typealias Column = ApplePhotosSchema.Column

/// How a listing's assets are read from the database: one query, cut into runs on a library
/// big enough, its rows joined with what ``ApplePhotosLibrary/Joins`` holds.
extension ApplePhotosLibrary {
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
        let columns = [
            ApplePhotosRow.Computed.lowestKey.selecting("min(\(key))"), ApplePhotosRow.Computed.highestKey.selecting("max(\(key))"),
            ApplePhotosRow.Computed.assetCount.selecting("count(*)"),
        ]
        var extent: (lowest: Int64, highest: Int64, count: Int64)?
        try ApplePhotosRow.forEach(db, sql: "SELECT \(columns.joined(separator: ", ")) FROM \(schema.assetTable) a") { row in
            if let lowest = row.int64(ApplePhotosRow.Computed.lowestKey), let highest = row.int64(ApplePhotosRow.Computed.highestKey),
                let count = row.int64(ApplePhotosRow.Computed.assetCount)
            {
                extent = (lowest, highest, count)
            }
        }
        let cores = Int64(ProcessInfo.processInfo.activeProcessorCount)
        guard let (lowest, highest, count) = extent, count >= Self.assetsWorthARun * 2, cores > 1, highest > lowest else { return [] }
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
        let assetColumns: [ApplePhotosSchema.Column] = [
            .assetKey, .assetUUID, .filename, .directory, .dateCreated, .addedDate, .modificationDate, .width, .height, .orientation,
            .kind, .kindSubtype, .favorite, .burstUUID, .burstPickType, .latitude, .longitude, .typeIdentifier, .adjustments,
            .savedAssetType, .cloudBatchPublishDate, .duration,
        ]
        let attributeColumns: [ApplePhotosSchema.Column] = [
            .attributesKey, .originalFilename, .originalFileSize, .timeZoneOffset, .timeZoneName, .title,
        ]
        // Hidden and deleted unless the flag reads 0: a damaged value hides the photo rather than shows it.
        let columns =
            assetColumns.map { $0.selecting(asset($0)) } + attributeColumns.map { $0.selecting(attribute($0)) } + [
                ApplePhotosSchema.Column.hidden.selecting("(\(asset(.hidden)) IS NOT 0)"),
                ApplePhotosSchema.Column.trashed.selecting("(\(asset(.trashed)) IS NOT 0)"),
                ApplePhotosRow.Computed.isOriginalLocal.selecting(local), ApplePhotosRow.Computed.originalResourceUTI.selecting(originalUTI),
                ApplePhotosRow.Computed.isOutsideLibrary.selecting(outside),
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
        guard let uuid = row.string(Column.assetUUID), ApplePhotosAsset.isFileName(uuid), ApplePhotosCompanion(id: uuid) == nil else { return nil }
        let key = row.int64(Column.assetKey)
        let raw = key.flatMap { raws[$0] }
        let attributesKey = row.int64(Column.attributesKey)
        var filename = row.string(Column.filename) ?? ""
        var directory = row.string(Column.directory) ?? ""
        let savedType = row.int(Column.savedAssetType)
        let isReference = savedType == 10 || directory.hasPrefix("/")
        // A referenced file's path is never read; the library's own must stay inside it.
        if !isReference && !(ApplePhotosAsset.isFileName(filename) && ApplePhotosAsset.isFileName(directory)) {
            filename = ""
            directory = ""
        }
        let latitude = row.double(Column.latitude)
        let longitude = row.double(Column.longitude)
        let hasLocation = latitude != -180 && longitude != -180
        let originalFilename = row.name(Column.originalFilename) ?? ApplePhotosRow.composed(filename)
        let uti = row.string(Column.typeIdentifier)
        return ApplePhotosAsset(
            uuid: uuid,
            originalFilename: originalFilename,
            filename: filename,
            directory: directory,
            fileSize: row.int64(Column.originalFileSize).flatMap { $0 >= 0 ? $0 : nil },
            creationDate: ApplePhotosAsset.date(coreDataSeconds: row.double(Column.dateCreated)),
            timeZoneOffset: row.int(Column.timeZoneOffset).flatMap { abs($0) <= ApplePhotosAsset.largestTimeZoneOffset ? $0 : nil },
            timeZoneName: row.string(Column.timeZoneName),
            addedDate: ApplePhotosAsset.date(coreDataSeconds: row.double(Column.addedDate)),
            modificationDate: ApplePhotosAsset.date(coreDataSeconds: row.double(Column.modificationDate)),
            width: ApplePhotosAsset.dimension(row.int(Column.width)),
            height: ApplePhotosAsset.dimension(row.int(Column.height)),
            orientation: row.int(Column.orientation).flatMap { (1...8).contains($0) ? $0 : nil },
            kind: ApplePhotosAsset.Kind(code: row.int(Column.kind), typeIdentifier: uti, filename: originalFilename),
            kindSubtype: row.int(Column.kindSubtype) ?? 0,
            duration: row.double(Column.duration).flatMap { $0.isFinite && $0 > 0 ? $0 : nil },
            isFavorite: row.int(Column.favorite) == 1,
            isHidden: row.int(Column.hidden) != 0,
            isTrashed: row.int(Column.trashed) != 0,
            burstUUID: row.string(Column.burstUUID),
            burstPickType: row.int(Column.burstPickType) ?? 0,
            latitude: hasLocation ? ApplePhotosAsset.coordinate(latitude, limit: 90) : nil,
            longitude: hasLocation ? ApplePhotosAsset.coordinate(longitude, limit: 180) : nil,
            uti: uti,
            originalUTI: ApplePhotosAsset.originalUTI(
                resource: row.string(ApplePhotosRow.Computed.originalResourceUTI), originalFilename: originalFilename, assetUTI: uti),
            title: row.name(Column.title).flatMap { $0.isEmpty ? nil : $0 },
            keywords: attributesKey.flatMap { keywords[$0] } ?? [],
            hasAdjustments: (row.int(Column.adjustments) ?? 0) != 0,
            isReference: isReference,
            isShared: row.double(Column.cloudBatchPublishDate) != nil,
            isOriginalLocal: row.int(ApplePhotosRow.Computed.isOriginalLocal) == 1,
            isOutsideLibrary: row.int(ApplePhotosRow.Computed.isOutsideLibrary) == 1,
            hasRAW: raw != nil,
            rawTypeIdentifier: raw?.typeIdentifier,
            rawFileSize: raw?.fileSize,
            isMissing: true,
            albumUUIDs: [],
            primaryKey: key ?? 0,
            additionalAttributesKey: attributesKey
        )
    }
}
