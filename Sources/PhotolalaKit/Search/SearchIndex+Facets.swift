import GRDB

extension SearchIndex {
    /// The facets of the photos `query` finds: for each kind of fact, its `limit` most common
    /// values with their counts.
    /// - Parameter roots: Only the photos of these sources' roots, when given.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func facets(of query: SearchQuery, within roots: [String]? = nil, limit: Int = 12) throws -> SearchFacets {
        let (conditions, arguments) = try Self.conditions(query, within: roots)
        let from = "FROM searchPhoto p JOIN searchSource s ON s.id = p.source JOIN searchText t ON t.rowid = p.id WHERE \(conditions)"
        return try database.read { db in
            var facets = SearchFacets()
            facets.years = try Row.fetchAll(
                db,
                sql: "SELECT strftime('%Y', p.date, 'unixepoch') AS year, count(*) \(from) AND p.date IS NOT NULL GROUP BY year ORDER BY year DESC",
                arguments: arguments
            ).compactMap { row in
                let year: String? = row[0]
                return year.map { SearchFacets.Value(term: "date:" + $0, label: $0, count: row[1]) }
            }
            facets.countries = try Row.fetchAll(
                db,
                sql:
                    "SELECT t.country, t.countryCode, count(*) AS n \(from) AND t.countryCode IS NOT NULL GROUP BY t.countryCode ORDER BY n DESC LIMIT \(limit)",
                arguments: arguments
            ).compactMap { row in
                let (country, code): (String?, String?) = (row[0], row[1])
                guard let code, let term = Self.term(.country, code) else { return nil }
                return SearchFacets.Value(term: term, label: country ?? code, count: row[2])
            }
            facets.cities = try Self.counted(db, column: "t.city", from: from, arguments: arguments, limit: limit, field: .place)
            facets.cameras = try Self.counted(db, column: "t.camera", from: from, arguments: arguments, limit: limit, field: .camera)
            facets.people = try Self.countedLines(db, column: "t.people", from: from, arguments: arguments, limit: limit, field: .person)
            facets.keywords = try Self.countedLines(db, column: "t.keywords", from: from, arguments: arguments, limit: limit, field: .keyword)
            let kinds = SearchStatement.kindBits.sorted { $0.value < $1.value }
            if let row = try Row.fetchOne(
                db, sql: "SELECT " + kinds.map { "sum((p.kinds & \($0.value)) != 0)" }.joined(separator: ", ") + " \(from)", arguments: arguments)
            {
                facets.kinds = kinds.enumerated().compactMap { index, kind in
                    let count: Int = row[index] ?? 0
                    return count > 0 ? SearchFacets.Value(term: "kind:" + kind.key.rawValue, label: kind.key.rawValue, count: count) : nil
                }.sorted { $0.count > $1.count }
            }
            return facets
        }
    }

    /// A one-value column's most common values.
    private static func counted(
        _ db: Database, column: String, from: String, arguments: StatementArguments, limit: Int, field: SearchQuery.TextField
    ) throws -> [SearchFacets.Value] {
        try Row.fetchAll(
            db,
            sql:
                "SELECT \(column) AS value, count(*) AS n \(from) AND value IS NOT NULL AND value != '' GROUP BY value ORDER BY n DESC LIMIT \(limit)",
            arguments: arguments
        ).compactMap { row in
            let value: String? = row[0]
            return value.flatMap { value in term(field, value).map { SearchFacets.Value(term: $0, label: value, count: row[1]) } }
        }
    }

    /// The most common values of a column that holds one a line (keywords, people).
    private static func countedLines(
        _ db: Database, column: String, from: String, arguments: StatementArguments, limit: Int, field: SearchQuery.TextField
    ) throws -> [SearchFacets.Value] {
        var counts: [String: Int] = [:]
        let rows = try String?.fetchCursor(db, sql: "SELECT \(column) \(from) AND \(column) IS NOT NULL AND \(column) != ''", arguments: arguments)
        while let text = try rows.next() {
            for line in Set((text ?? "").split(separator: "\n")) {
                counts[String(line), default: 0] += 1
            }
        }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(limit).compactMap { value, count in
            term(field, value).map { SearchFacets.Value(term: $0, label: value, count: count) }
        }
    }

    /// `field:value` as the query language writes it; `nil` for a value it cannot hold (a quote).
    private static func term(_ field: SearchQuery.TextField, _ value: String) -> String? {
        guard !value.unicodeScalars.contains("\"") else { return nil }
        return SearchQuery.Term(.field(field, value)).description
    }
}
