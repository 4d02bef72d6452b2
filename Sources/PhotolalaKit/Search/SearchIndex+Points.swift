import GRDB

extension SearchIndex {
    /// Where one photo found was taken: what the page's map draws a marker for.
    public struct Point: Sendable, Equatable {
        public var source: SearchQuery.SourceKind
        /// The folder tree's root, the library's path, or the user id of the backup.
        public var root: String
        /// The path below the root, the asset's uuid, or the MD5.
        public var key: String
        public var latitude: Double
        public var longitude: Double
    }

    /// The positions of the photos `query` finds that have one, newest first, at most `limit`:
    /// only a photo's place on the map, so a map of a million results reads no text.
    /// - Parameter roots: Only the photos of these sources' roots, when given.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func points(of query: SearchQuery, within roots: [String]? = nil, limit: Int) throws -> [Point] {
        let statement = try Self.statement(query, within: roots)
        return try database.read { db in
            let sources = try Self.sources(db)
            var points: [Point] = []
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT p.source, p.key, p.latitude, p.longitude FROM searchPhoto p \(try Self.order(statement, db))
                    WHERE p.latitude IS NOT NULL AND p.longitude IS NOT NULL AND \(Self.clause(statement))
                    ORDER BY p.date DESC, p.id DESC LIMIT ?
                    """, arguments: statement.arguments + [limit])
            while let row = try rows.next() {
                guard let source = sources[row[0]] else { continue }
                let (latitude, longitude): (Int64, Int64) = (row[2], row[3])  // SearchSchema.microdegrees
                points.append(
                    Point(
                        source: source.kind, root: source.root, key: row[1], latitude: Double(latitude) / 1_000_000,
                        longitude: Double(longitude) / 1_000_000))
            }
            return points
        }
    }
}
