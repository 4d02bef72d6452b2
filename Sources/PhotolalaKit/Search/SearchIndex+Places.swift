import GRDB

extension SearchIndex {
    /// Where the photos `query` finds were taken: countries, their regions and cities, with
    /// how many photos each.
    /// - Parameter roots: Only the photos of these sources' roots, when given.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func places(of query: SearchQuery = SearchQuery(terms: []), within roots: [String]? = nil) throws -> [PlaceCount] {
        let (conditions, arguments) = try Self.conditions(query, within: roots)
        let rows = try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT t.country, t.countryCode, t.region, t.city, count(*)
                    FROM searchPhoto p JOIN searchSource s ON s.id = p.source JOIN searchText t ON t.rowid = p.id
                    WHERE t.countryCode IS NOT NULL AND \(conditions) GROUP BY t.countryCode, t.region, t.city
                    """, arguments: arguments
            )
        }
        return PlaceCount.tree(
            rows.compactMap { row in
                guard let country: String = row[0], let code: String = row[1] else { return nil }
                return (Place(country: country, countryCode: code, region: row[2], city: row[3]), row[4])
            })
    }
}
