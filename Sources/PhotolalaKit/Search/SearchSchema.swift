import GRDB

/// The search index's tables (``SearchIndex``), shaped for a million photos: at most ~300 bytes
/// a photo, and a query's first results and its facets read from one narrow index.
///
/// - `searchPhoto`: a row a photo, holding everything a result shows and a facet counts. Its
///   place, camera and lens are ids of `searchPlace` and `searchTerm`, which the many photos of
///   one city or camera share; its MD5 is left out where the key is one (the cloud's), and its
///   name and folder where the key says them (a folder tree's path). Its rating is three bits
///   of its flags (``SearchStatement/Flag``), its position whole millionths of a degree (a
///   tenth of a metre; four bytes each where a real takes eight).
/// - `searchTag`: the keywords and people of the photos that have some, one a line, in a
///   narrow table of their own, so the facets of half a million photos read a few megabytes of
///   them, not every photo's whole row.
/// - `searchPhotoDate`: the rows newest first, holding the columns facets count and most
///   conditions test, so a timeline, a query's first results and its facets walk this index
///   without reading the rows.
/// - `searchWords`: a view of each photo's words, which the full-text table `searchText` indexes
///   as its external content: the words are kept once, in the rows, and the full-text table
///   holds only its index (no prefix indices, no column sizes: nothing ranks by them).
enum SearchSchema {
    /// The columns of `searchText`, in order; `searchWords` has the same after its `id`.
    static let textColumns = [
        "name", "folder", "title", "description", "keywords", "people", "country", "countryCode", "region", "city", "camera", "lens", "labels",
    ]

    /// Makes the tables, replacing the full-text table and rows of an earlier index (its sources
    /// are kept: `photolala index --rebuild` indexes them again).
    static func create(_ db: Database) throws {
        for table in ["searchText", "searchTag", "searchPhoto", "searchPlace", "searchTerm"] {
            try db.execute(sql: "DROP TABLE IF EXISTS \(table)")
        }
        try db.execute(sql: "DROP VIEW IF EXISTS searchWords")
        try db.create(table: "searchPlace") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("country", .text).notNull()
            table.column("countryCode", .text).notNull()
            table.column("region", .text)
            table.column("city", .text)
        }
        try db.create(index: "searchPlaceName", on: "searchPlace", columns: ["countryCode", "region", "city"])
        try db.create(table: "searchTerm") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("value", .text).notNull().unique()
        }
        try db.create(table: "searchPhoto") { table in
            table.autoIncrementedPrimaryKey("id")
            table.column("source", .integer).notNull()
            table.column("key", .text).notNull()
            table.column("md5", .text)
            table.column("date", .integer)
            table.column("kinds", .integer).notNull()
            table.column("flags", .integer).notNull()
            table.column("colorLabel", .text)
            table.column("latitude", .integer)
            table.column("longitude", .integer)
            table.column("stamp", .integer).notNull()
            table.column("name", .text)
            table.column("folder", .text)
            table.column("place", .integer)
            table.column("camera", .integer)
            table.column("lens", .integer)
            table.column("title", .text)
            table.column("description", .text)
            table.column("labels", .text)
            table.uniqueKey(["source", "key"])
        }
        try db.create(table: "searchTag") { table in
            table.primaryKey("id", .integer).references("searchPhoto", onDelete: .cascade)
            table.column("keywords", .text)
            table.column("people", .text)
        }
        // `id` is named, though every index ends with the row's id, so that it orders the rows of
        // one date before the columns after it do: newest first is `date DESC, id DESC`.
        try db.execute(sql: "CREATE INDEX searchPhotoDate ON searchPhoto(date, id, source, place, camera, kinds, flags)")
        // The folder of a path is what precedes its last slash; its name what follows.
        let folder = "rtrim(rtrim(p.key, replace(p.key, '/', '')), '/')"
        try db.execute(
            sql: """
                CREATE VIEW searchWords AS SELECT p.id AS id,
                    coalesce(p.name, substr(p.key, length(rtrim(p.key, replace(p.key, '/', ''))) + 1)) AS name, coalesce(p.folder, \(folder)) AS folder,
                    p.title AS title, p.description AS description, t.keywords AS keywords, t.people AS people, l.country AS country,
                    l.countryCode AS countryCode, l.region AS region, l.city AS city, c.value AS camera, n.value AS lens, p.labels AS labels
                FROM searchPhoto p LEFT JOIN searchPlace l ON l.id = p.place LEFT JOIN searchTerm c ON c.id = p.camera
                    LEFT JOIN searchTerm n ON n.id = p.lens LEFT JOIN searchTag t ON t.id = p.id
                """)
        try db.execute(
            sql: """
                CREATE VIRTUAL TABLE searchText USING fts5(\(textColumns.joined(separator: ", ")),
                    tokenize = 'unicode61 remove_diacritics 2', content = 'searchWords', content_rowid = 'id', columnsize = 0)
                """)
    }

    /// A latitude or longitude as the index keeps it: whole millionths of a degree.
    static func microdegrees(_ degrees: Double?) -> Int64? {
        degrees.flatMap { $0.isFinite && abs($0) <= 180 ? Int64(($0 * 1_000_000).rounded()) : nil }
    }

    /// Degrees from the microdegrees kept.
    static func degrees(_ microdegrees: Int64?) -> Double? {
        microdegrees.map { Double($0) / 1_000_000 }
    }

    /// The folder a folder tree's key says, as `searchWords` reads it: what precedes the last
    /// slash, without the slashes that end it ("" for a key without one).
    static func folder(ofKey key: String) -> Substring {
        guard let slash = key.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        var folder = key[..<slash]
        while folder.utf8.last == UInt8(ascii: "/") { folder = folder.dropLast() }
        return folder
    }
}
