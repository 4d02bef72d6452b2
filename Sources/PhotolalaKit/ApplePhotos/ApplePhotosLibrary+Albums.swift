import GRDB

private typealias Column = ApplePhotosSchema.Column
private typealias Computed = ApplePhotosRow.Computed

extension ApplePhotosLibrary {
    /// User albums, smart albums, shared albums, projects and folders, in the order Photos's
    /// sidebar lists them within each folder; trashed entries, entries inside a trashed folder
    /// and Photos's own system entries (root folder, import sessions, built-in smart albums)
    /// are left out.
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the database cannot be read.
    public func albums() throws -> [ApplePhotosAlbum] {
        var albums = try storedAlbums()
        // An entry whose folder is not listed (trashed, or gone) is in the trash with it.
        while true {
            let listed = Set(albums.map(\.uuid))
            let count = albums.count
            albums.removeAll { album in album.parentUUID.map { !listed.contains($0) } ?? false }
            if albums.count == count { return albums }
        }
    }

    /// Each album's title by uuid, to name the albums an asset belongs to.
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the database cannot be read.
    public func albumTitles() throws -> [String: String] {
        Dictionary(try albums().map { ($0.uuid, $0.title) }, uniquingKeysWith: { first, _ in first })
    }

    /// The albums and folders as stored, each with its own trashed state only; an album whose
    /// trashed state does not read 0 counts as trashed.
    private func storedAlbums() throws -> [ApplePhotosAlbum] {
        func album(_ column: ApplePhotosSchema.Column) -> String { schema.value(column, "g") }
        func parent(_ column: ApplePhotosSchema.Column) -> String { schema.value(column, "p") }
        let key = schema.expression(.albumKey, "g")
        let count = schema.albumJoin.map { "(SELECT COUNT(*) FROM \($0.table) j WHERE j.\($0.albumColumn) = \(key))" } ?? "0"
        let columns =
            [Column.albumUUID, .albumTitle, .albumKind, .albumSortKey, .albumSortAscending].map { $0.selecting(album($0)) } + [
                Computed.parentUUID.selecting(parent(.albumUUID)), Computed.parentKind.selecting(parent(.albumKind)),
                Computed.memberCount.selecting(count),
            ]
        let sql = """
            SELECT \(columns.joined(separator: ", "))
            FROM ZGENERICALBUM g LEFT JOIN ZGENERICALBUM p ON \(schema.expression(.albumKey, "p")) = \(album(.albumParent))
            WHERE \(album(.albumKind)) IN (2, 1505, 1507, 1508, 4000) AND \(album(.albumTrashed)) IS 0 AND \(album(.albumUUID)) IS NOT NULL
            ORDER BY \(album(.albumParent)), \(album(.albumPosition)), \(key)
            """
        return try read { db in
            var albums: [ApplePhotosAlbum] = []
            try ApplePhotosRow.forEach(db, sql: sql) { row in
                guard let uuid = row.string(Column.albumUUID), let kind = ApplePhotosAlbum.Kind(code: row.int(Column.albumKind) ?? 0) else { return }
                albums.append(
                    ApplePhotosAlbum(
                        uuid: uuid,
                        title: row.name(Column.albumTitle) ?? "",
                        kind: kind,
                        parentUUID: row.int(Computed.parentKind) == 4000 ? row.string(Computed.parentUUID) : nil,
                        sortOrder: ApplePhotosAlbum.SortOrder(key: row.int(Column.albumSortKey), ascending: row.int(Column.albumSortAscending)),
                        assetCount: kind == .folder ? 0 : row.int(Computed.memberCount) ?? 0
                    ))
            }
            return albums
        }
    }

    /// One album or folder by uuid.
    /// - Throws: ``PhotolalaError/albumNotFound`` when no listed album or folder has that uuid.
    public func album(uuid: String) throws -> ApplePhotosAlbum {
        guard let album = try albums().first(where: { $0.uuid == uuid }) else {
            throw PhotolalaError.albumNotFound(uuid, library: path)
        }
        return album
    }

    /// An album's members that `filter` lets through, in the album's sort order: the user's
    /// manual arrangement, by date or by title.
    /// - Throws: ``PhotolalaError/albumNotFound`` for an unknown album or a folder.
    public func assets(inAlbum uuid: String, _ filter: ApplePhotosFilter = ApplePhotosFilter()) throws -> [ApplePhotosAsset] {
        let album = try album(uuid: uuid)
        guard album.kind != .folder, let join = schema.albumJoin else { return [] }
        let clause = """
            \(schema.expression(.assetKey, "a")) IN (SELECT j.\(join.assetColumn) FROM \(join.table) j \
            JOIN ZGENERICALBUM g ON \(schema.expression(.albumKey, "g")) = j.\(join.albumColumn) WHERE \(schema.expression(.albumUUID, "g")) = ?)
            """
        let members = try fetchAssets(restrictedTo: (clause, [uuid]), accepting: filter)
        switch album.sortOrder {
        case .newestFirst:
            return members.sorted(by: Self.newestFirst)
        case .oldestFirst:
            return members.sorted { Self.newestFirst($1, $0) }
        case .title:
            return members.sorted { ($0.title ?? "", $0.uuid) < ($1.title ?? "", $1.uuid) }
        case .manual:
            let order = try manualOrder(ofAlbum: uuid, join: join)
            return members.sorted { (order[$0.primaryKey] ?? .max, $0.uuid) < (order[$1.primaryKey] ?? .max, $1.uuid) }
        }
    }

    /// Each member's position in the user's arrangement (`Z_FOK_<asset>ASSETS`).
    private func manualOrder(ofAlbum uuid: String, join: ApplePhotosSchema.AlbumJoin) throws -> [Int64: Int64] {
        guard let orderColumn = join.orderColumn else { return [:] }
        let sql = """
            SELECT \(Column.assetKey.selecting("j.\(join.assetColumn)")), \(Computed.manualPosition.selecting("j.\(orderColumn)")) FROM \(join.table) j \
            JOIN ZGENERICALBUM g ON \(schema.expression(.albumKey, "g")) = j.\(join.albumColumn) WHERE \(schema.expression(.albumUUID, "g")) = ?
            """
        return try read { db in
            var order: [Int64: Int64] = [:]
            try ApplePhotosRow.forEach(db, sql: sql, arguments: [uuid]) { row in
                if let asset = row.int64(Column.assetKey) {
                    order[asset] = row.int64(Computed.manualPosition) ?? .max
                }
            }
            return order
        }
    }
}
