import GRDB

extension SearchIndex {
    /// The facets of the photos `query` finds: for each kind of fact, its `limit` most common
    /// values with their counts. The photos are read once, in the order ``search(_:within:limit:)``
    /// reads them (mostly from the index of dates alone), and counted by the ids the index
    /// keeps (a year from the date, a place, a camera); only a photo with keywords or people
    /// reads its row for them.
    /// - Parameter roots: Only the photos of these sources' roots, when given.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func facets(of query: SearchQuery, within roots: [String]? = nil, limit: Int = 12) throws -> SearchFacets {
        let statement = try Self.statement(query, within: roots)
        let tags = SearchStatement.Flag.keywords | SearchStatement.Flag.people
        return try database.read { db in
            var counts = FacetCounts(
                places: try Int.fetchOne(db, sql: "SELECT max(id) FROM searchPlace") ?? 0,
                terms: try Int.fetchOne(db, sql: "SELECT max(id) FROM searchTerm") ?? 0)
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT p.date, p.place, p.camera, p.kinds, CASE WHEN p.flags & \(tags) != 0 THEN p.keywords END,
                        CASE WHEN p.flags & \(tags) != 0 THEN p.people END
                    FROM searchPhoto p \(try Self.order(statement, db)) WHERE \(Self.clause(statement))
                    """, arguments: statement.arguments)
            while let row = try rows.next() {
                counts.add(date: row[0], place: row[1], camera: row[2], kinds: row[3], keywords: row[4], people: row[5])
            }
            return try counts.facets(db, limit: limit)
        }
    }

    /// What the photos found have, counted as they are read: a million rows in a few hundred
    /// milliseconds, so places, cameras and kinds are counted in arrays by id, and a year is
    /// worked out again only when a date leaves the last one's (the rows come by date).
    private struct FacetCounts {
        var years: [Int: Int] = [:]
        var year: (year: Int, start: Int64, end: Int64) = (0, 0, 0)
        var places: [Int]
        var cameras: [Int]
        var kinds = [Int](repeating: 0, count: 128)
        var keywords: [String: Int] = [:]
        var people: [String: Int] = [:]

        /// - Parameters: places, terms: The highest ids of `searchPlace` and `searchTerm`.
        init(places: Int, terms: Int) {
            self.places = [Int](repeating: 0, count: places + 1)
            cameras = [Int](repeating: 0, count: terms + 1)
        }

        mutating func add(date: Int64?, place: Int?, camera: Int?, kinds bits: Int, keywords words: String?, people names: String?) {
            if let date {
                if date < year.start || date >= year.end { year = SearchDateRange.year(containing: date) }
                years[year.year, default: 0] += 1
            }
            if let place, places.indices.contains(place) { places[place] += 1 }
            if let camera, cameras.indices.contains(camera) { cameras[camera] += 1 }
            if kinds.indices.contains(bits) { kinds[bits] += 1 }
            // One a line, each once (SearchIndex.text).
            if let words { for word in words.split(separator: "\n") { keywords[String(word), default: 0] += 1 } }
            if let names { for name in names.split(separator: "\n") { people[String(name), default: 0] += 1 } }
        }

        /// The counts as facets, the places and cameras named from their tables.
        func facets(_ db: Database, limit: Int) throws -> SearchFacets {
            var facets = SearchFacets()
            facets.years = years.sorted { $0.key > $1.key }.map { year, count in
                SearchFacets.Value(term: "date:\(year)", label: String(year), count: count)
            }
            var countries: [String: (name: String, count: Int)] = [:]
            var cities: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, country, countryCode, city FROM searchPlace") {
                let id: Int = row[0]
                guard places.indices.contains(id), places[id] > 0 else { continue }
                let code: String = row[2]
                countries[code, default: (row[1], 0)].count += places[id]
                if let city: String = row[3], !city.isEmpty { cities[city, default: 0] += places[id] }
            }
            facets.countries = Self.mostCommon(countries.mapValues(\.count), limit: limit).compactMap { code, count in
                SearchIndex.term(.country, code).map { SearchFacets.Value(term: $0, label: countries[code]?.name ?? code, count: count) }
            }
            facets.cities = Self.values(cities, field: .place, limit: limit)
            var cameraCounts: [String: Int] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, value FROM searchTerm") {
                let id: Int = row[0]
                guard cameras.indices.contains(id), cameras[id] > 0 else { continue }
                cameraCounts[row[1], default: 0] += cameras[id]
            }
            facets.cameras = Self.values(cameraCounts, field: .camera, limit: limit)
            facets.people = Self.values(people, field: .person, limit: limit)
            facets.keywords = Self.values(keywords, field: .keyword, limit: limit)
            facets.kinds = SearchStatement.kindBits.compactMap { kind, bit in
                let count = kinds.indices.reduce(0) { $0 + ($1 & bit != 0 ? kinds[$1] : 0) }
                return count > 0 ? SearchFacets.Value(term: "kind:" + kind.rawValue, label: kind.rawValue, count: count) : nil
            }.sorted { ($0.count, $1.label) > ($1.count, $0.label) }
            return facets
        }

        /// The `limit` values most photos have, as facets of `field`.
        private static func values(_ counts: [String: Int], field: SearchQuery.TextField, limit: Int) -> [SearchFacets.Value] {
            mostCommon(counts, limit: limit).compactMap { value, count in
                SearchIndex.term(field, value).map { SearchFacets.Value(term: $0, label: value, count: count) }
            }
        }

        /// The `limit` values most photos have, most first, then by value.
        private static func mostCommon(_ counts: [String: Int], limit: Int) -> [(key: String, value: Int)] {
            Array(counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(limit))
        }
    }

    /// `field:value` as the query language writes it; `nil` for a value it cannot hold (a quote).
    fileprivate static func term(_ field: SearchQuery.TextField, _ value: String) -> String? {
        guard !value.unicodeScalars.contains("\"") else { return nil }
        return SearchQuery.Term(.field(field, value)).description
    }
}
