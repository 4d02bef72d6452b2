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
        var (conditions, arguments) = try Self.conditions(query, within: roots)
        arguments += [limit]
        return try database.read { db in
            var points: [Point] = []
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT s.kind, s.root, p.key, p.latitude, p.longitude
                    FROM searchPhoto p JOIN searchSource s ON s.id = p.source
                    WHERE p.latitude IS NOT NULL AND p.longitude IS NOT NULL AND \(conditions)
                    ORDER BY p.date IS NULL, p.date DESC LIMIT ?
                    """, arguments: arguments)
            while let row = try rows.next() {
                guard let source = SearchQuery.SourceKind(rawValue: row[0]) else { continue }
                points.append(Point(source: source, root: row[1], key: row[2], latitude: row[3], longitude: row[4]))
            }
            return points
        }
    }
}
