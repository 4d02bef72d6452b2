import GRDB

extension SearchIndex {
    /// Where the photos `query` finds were taken: countries, their regions and cities, with
    /// how many photos each.
    /// - Parameter roots: Only the photos of these sources' roots, when given.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func places(of query: SearchQuery = SearchQuery(terms: []), within roots: [String]? = nil) throws -> [PlaceCount] {
        let statement = try Self.statement(query, within: roots)
        let rows = try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT l.country, l.countryCode, l.region, l.city, n FROM searchPlace l
                    JOIN (SELECT p.place, count(*) AS n FROM searchPhoto p WHERE p.place IS NOT NULL AND \(Self.clause(statement)) GROUP BY p.place)
                        ON l.id = place
                    """, arguments: statement.arguments
            )
        }
        return PlaceCount.tree(
            rows.compactMap { row in
                guard let country: String = row[0], let code: String = row[1] else { return nil }
                return (Place(country: country, countryCode: code, region: row[2], city: row[3]), row[4])
            })
    }
}
