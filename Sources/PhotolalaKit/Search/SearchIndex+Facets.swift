import Foundation
import GRDB
import GRDBSQLite
import Synchronization

extension SearchIndex {
    /// The facets of the photos `query` finds: for each kind of fact, its `limit` most common
    /// values with their counts. The photos are read from the index of dates alone, or those
    /// with the query's words from the words' index, in two passes at once, a core each:
    /// one counts the ids the index keeps (a year from the date, a place, a camera, the kinds),
    /// the other the keywords and people of the photos that have some, from `searchTag`.
    /// - Parameter roots: Only the photos of these sources' roots, when given.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func facets(of query: SearchQuery, within roots: [String]? = nil, limit: Int = 12) throws -> SearchFacets {
        let statement = try Self.statement(query, within: roots)
        let tags = SearchStatement.Flag.keywords | SearchStatement.Flag.people
        let (places, terms) = try database.read { db in
            (try Int.fetchOne(db, sql: "SELECT max(id) FROM searchPlace") ?? 0, try Int.fetchOne(db, sql: "SELECT max(id) FROM searchTerm") ?? 0)
        }
        // Unordered, the photos that have a query's words are read from the words' index, however
        // many: along the index of dates, each of a million would be looked up among them.
        let order = statement.fullText == nil ? "INDEXED BY searchPhotoDate" : "NOT INDEXED"
        let found = "FROM searchPhoto p \(order) WHERE (\(Self.clause(statement)))"
        // The keywords and people of the photos found that have some, their rows looked up in
        // `searchTag` as the photos come (CROSS JOIN: `searchPhoto` read first, as `order` says).
        let tagged = "FROM searchPhoto p \(order) CROSS JOIN searchTag t ON t.id = p.id WHERE (\(Self.clause(statement))) AND p.flags & \(tags) != 0"
        // Each pass's counts, by pass.
        let passes = Mutex([Result<FacetCounts, any Error>](repeating: .success(FacetCounts(places: 0, terms: 0)), count: 2))
        DispatchQueue.concurrentPerform(iterations: 2) { pass in
            let counted = Result {
                try database.read { db in
                    var counts = FacetCounts(places: places, terms: terms)
                    let sql =
                        pass == 0
                        ? "SELECT p.date, p.place, p.camera, p.kinds \(found)"
                        : "SELECT t.keywords, t.people \(tagged)"
                    let rows = try db.makeStatement(sql: sql)
                    let cursor = try Row.fetchCursor(rows, arguments: statement.arguments)
                    while try cursor.next() != nil {
                        if pass == 0 { counts.addFacts(rows.sqliteStatement) } else { counts.addTags(rows.sqliteStatement) }
                    }
                    return counts
                }
            }
            passes.withLock { $0[pass] = counted }
        }
        let (factPass, tagPass) = passes.withLock { ($0[0], $0[1]) }
        var counts = try factPass.get()
        let tagCounts = try tagPass.get()
        (counts.keywords, counts.people) = (tagCounts.keywords, tagCounts.people)
        return try database.read { db in try counts.facets(db, limit: limit) }
    }

    /// What the photos found have, counted as they are read: each row's values are read from
    /// SQLite in place (GRDB's generic decoding, and a string made for each photo's keywords,
    /// took a quarter of the time), places, cameras and kinds are counted in arrays by id, and a
    /// year is worked out again only when a date leaves the last one's (the rows mostly come by
    /// date).
    private struct FacetCounts {
        var years: [Int: Int] = [:]
        var year: (year: Int, start: Int64, end: Int64) = (0, 0, 0)
        var places: [Int]
        var cameras: [Int]
        var kinds = [Int](repeating: 0, count: 128)
        var keywords = ValueCounts()
        var people = ValueCounts()

        /// - Parameters: places, terms: The highest ids of `searchPlace` and `searchTerm`.
        init(places: Int, terms: Int) {
            self.places = [Int](repeating: 0, count: places + 1)
            cameras = [Int](repeating: 0, count: terms + 1)
        }

        /// Counts the facts of the row `row` stands on: its date, place, camera and kinds.
        mutating func addFacts(_ row: SQLiteStatement) {
            if sqlite3_column_type(row, 0) != SQLITE_NULL {
                let date = sqlite3_column_int64(row, 0)
                if date < year.start || date >= year.end { year = SearchDateRange.year(containing: date) }
                years[year.year, default: 0] += 1
            }
            if let place = Self.id(row, 1), places.indices.contains(place) { places[place] += 1 }
            if let camera = Self.id(row, 2), cameras.indices.contains(camera) { cameras[camera] += 1 }
            if let bits = Self.id(row, 3), kinds.indices.contains(bits) { kinds[bits] += 1 }
        }

        /// Counts the keywords and people of the row `row` stands on.
        mutating func addTags(_ row: SQLiteStatement) {
            keywords.addLines(row, 0)
            people.addLines(row, 1)
        }

        private static func id(_ row: SQLiteStatement, _ column: CInt) -> Int? {
            sqlite3_column_type(row, column) == SQLITE_INTEGER ? Int(truncatingIfNeeded: sqlite3_column_int64(row, column)) : nil
        }

        /// The counts as facets, the places and cameras named from their tables.
        func facets(_ db: Database, limit: Int) throws -> SearchFacets {
            var facets = SearchFacets()
            facets.years = years.sorted { $0.key > $1.key }.map { year, count in
                SearchFacets.Value(term: "date:\(year)", label: String(year), count: count)
            }
            // A place's photos count for its country and its city, by name (the cities of one
            // name are one facet, as `place:` finds them all).
            var countries = ValueCounts()
            var cities = ValueCounts()
            let placeRows = try db.makeStatement(sql: "SELECT id, countryCode, city FROM searchPlace")
            let cursor = try Row.fetchCursor(placeRows)
            while try cursor.next() != nil {
                let row = placeRows.sqliteStatement
                let id = Int(sqlite3_column_int64(row, 0))
                guard places.indices.contains(id), places[id] > 0 else { continue }
                countries.add(row, 1, weight: places[id])
                cities.add(row, 2, weight: places[id])
            }
            let common = countries.mostCommon(limit)
            var names: [String: String] = [:]
            let name = try db.makeStatement(sql: "SELECT country FROM searchPlace WHERE countryCode = ? LIMIT 1")
            for (code, _) in common {
                names[code] = try String.fetchOne(name, arguments: [code])
            }
            facets.countries = common.compactMap { code, count in
                SearchIndex.term(.country, code).map { SearchFacets.Value(term: $0, label: names[code] ?? code, count: count) }
            }
            facets.cities = Self.values(cities.mostCommon(limit), field: .place)
            var cameraCounts: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, value FROM searchTerm") {
                let id: Int = row[0]
                guard cameras.indices.contains(id), cameras[id] > 0 else { continue }
                cameraCounts[row[1], default: 0] += cameras[id]
            }
            facets.cameras = Self.values(Self.mostCommon(cameraCounts, limit: limit), field: .camera)
            facets.people = Self.values(people.mostCommon(limit), field: .person)
            facets.keywords = Self.values(keywords.mostCommon(limit), field: .keyword)
            facets.kinds = SearchStatement.kindBits.compactMap { kind, bit in
                let count = kinds.indices.reduce(0) { $0 + ($1 & bit != 0 ? kinds[$1] : 0) }
                return count > 0 ? SearchFacets.Value(term: "kind:" + kind.rawValue, label: kind.rawValue, count: count) : nil
            }.sorted { ($0.count, $1.label) > ($1.count, $0.label) }
            return facets
        }

        /// Values and their counts as facets of `field`.
        private static func values(_ counts: [(value: String, count: Int)], field: SearchQuery.TextField) -> [SearchFacets.Value] {
            counts.compactMap { value, count in
                SearchIndex.term(field, value).map { SearchFacets.Value(term: $0, label: value, count: count) }
            }
        }

        /// The `limit` values most photos have, most first, then by value.
        private static func mostCommon(_ counts: [String: Int], limit: Int) -> [(value: String, count: Int)] {
            Array(
                counts.map { (value: $0.key, count: $0.value) }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.value < $1.value }.prefix(
                    limit))
        }
    }

    /// `field:value` as the query language writes it; `nil` for a value it cannot hold (a quote).
    fileprivate static func term(_ field: SearchQuery.TextField, _ value: String) -> String? {
        guard !value.unicodeScalars.contains("\"") else { return nil }
        return SearchQuery.Term(.field(field, value)).description
    }
}
