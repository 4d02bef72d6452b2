import GRDB

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
}
