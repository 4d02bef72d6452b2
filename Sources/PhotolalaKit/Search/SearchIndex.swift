import Foundation
import GRDB
import Logging
import PhotolalaSupport
import Synchronization

/// The one search index of every served source (folder trees, Apple Photos libraries, the
/// cloud backup): a row a photo in `searchPhoto`, its words in the FTS5 table `searchText`
/// (unicode61 without diacritics, so `zurich` finds Zürich), kept in the engine's database as
/// ``SearchSchema`` lays them out.
///
/// Indexers (one a kind of source) hand it ``SearchDocument``s made from what was recorded of
/// each photo; it answers a ``SearchQuery`` newest first. `photolala index --rebuild` empties it.
///
/// ```swift
/// let hits = try index.search(SearchQuery(parsing: "place:italy camera:canon"), limit: 500)
/// ```
public struct SearchIndex: Sendable {
    let database: PhotolalaDatabase

    /// One photo found: the source it is served from, its key there, and what a result row shows.
    public struct Hit: Sendable, Equatable {
        public var source: SearchQuery.SourceKind
        /// The folder tree's root, the library's path, or the user id of the backup.
        public var root: String
        /// The path below the root, the asset's uuid, or the MD5.
        public var key: String
        public var name: String
        /// Wall-clock seconds (``SearchDateRange``).
        public var date: Int64?
        public var md5: String?
        public var place: Place?
        public var title: String?
        public var caption: String?
        public var keywords: [String]
        public var rating: Int?
        public var colorLabel: String?
        /// Named people (Apple Photos).
        public var people: [String]
        /// Scene labels (Apple Photos).
        public var labels: [String]
        /// The camera's name (``CameraName``) and the lens's.
        public var camera: String?
        public var lens: String?
        /// Where it was taken, in degrees (to the microdegree the index keeps).
        public var latitude: Double?
        public var longitude: Double?
    }

    public init(database: PhotolalaDatabase) {
        self.database = database
    }

    /// What the index holds of a source, by key: the stamp each photo was indexed with, so an
    /// indexer passes over the unchanged ones.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func stamps(of source: SearchQuery.SourceKind, root: String) throws -> [String: Int64] {
        try database.read { db in
            var stamps: [String: Int64] = [:]
            let rows = try Row.fetchCursor(
                db, sql: "SELECT p.key, p.stamp FROM searchPhoto p JOIN searchSource s ON s.id = p.source WHERE s.kind = ? AND s.root = ?",
                arguments: [source.rawValue, root])
            while let row = try rows.next() {
                stamps[row[0]] = row[1]
            }
            return stamps
        }
    }

    /// Gives the photos of folder trees indexed from their headers alone (so without an MD5)
    /// the MD5s a read of their files has learnt since (their thumbnail's, their star's), so
    /// `is:starred` and `is:backedup` find them at once. A file is found under every served
    /// root it lies in.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func recordMD5s(ofFiles files: [(path: String, md5: String)]) throws {
        guard !files.isEmpty else { return }
        try database.write { db in
            let statement = try db.cachedStatement(
                sql: """
                    UPDATE searchPhoto SET md5 = ?1 WHERE md5 IS NULL AND (source, key) IN (
                        SELECT id, substr(?2, length(root) + 2) FROM searchSource
                        WHERE kind = ?3 AND substr(?2, 1, length(root) + 1) = root || '/')
                    """)
            for file in files {
                try statement.execute(arguments: [file.md5, file.path, SearchQuery.SourceKind.folders.rawValue])
            }
        }
    }

    /// How many photos an indexer that reads no file (a library's, the cloud's) puts in the
    /// index in one transaction: the full-text index writes a segment at the end of each, and
    /// merges them as they pile up (100,000 photos' words took 1.3 s in transactions of 500,
    /// 1.0 s in transactions of 10,000; a million photos' commits took 10 s in transactions of
    /// 10,000, 6 s in transactions of 25,000). A folder tree's go in as each batch is read.
    static let documentsPerTransaction = 25_000

    /// Takes out the source's photos whose keys are in `removed` (those gone, and those
    /// `documents` replace), then puts `documents` in, in one transaction. A document of a key
    /// the index holds and `removed` does not name fails the transaction: a new photo costs no
    /// look-up of a row it might replace (a million of them took seconds).
    /// - Parameter ids: The ids of places and cameras learnt by the indexer's earlier
    ///   transactions of the same run, and those this one learns.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func update(
        _ source: SearchQuery.SourceKind, root: String, documents: [PreparedSearchDocument], removed: [String] = [], ids: SharedValueIDs
    ) throws {
        guard !documents.isEmpty || !removed.isEmpty else { return }
        let words = SearchSchema.textColumns.joined(separator: ", ")
        try database.write { db in
            try db.execute(sql: "PRAGMA cache_size = -\(Self.runCacheKiB); PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "INSERT OR IGNORE INTO searchSource (kind, root) VALUES (?, ?)", arguments: [source.rawValue, root])
            guard
                let sourceID = try Int64.fetchOne(
                    db, sql: "SELECT id FROM searchSource WHERE kind = ? AND root = ?", arguments: [source.rawValue, root])
            else { return }
            let find = try db.cachedStatement(sql: "SELECT id FROM searchPhoto WHERE source = ? AND key = ?")
            // An external content table forgets a row's words when told them again. They are
            // read, then given as values: SQLite inserts into a virtual table from a SELECT
            // through a temporary table, ten times slower.
            let oldWords = try db.cachedStatement(sql: "SELECT * FROM searchWords WHERE id = ?")
            let values = Array(repeating: "?", count: SearchSchema.textColumns.count + 1).joined(separator: ", ")
            let deleteText = try db.cachedStatement(sql: "INSERT INTO searchText (searchText, rowid, \(words)) VALUES ('delete', \(values))")
            let deletePhoto = try db.cachedStatement(sql: "DELETE FROM searchPhoto WHERE id = ?")
            for key in removed {
                guard let id = try Int64.fetchOne(find, arguments: [sourceID, key]), let row = try Row.fetchOne(oldWords, arguments: [id])
                else { continue }
                try deleteText.execute(arguments: StatementArguments(row.databaseValues))
                try deletePhoto.execute(arguments: [id])
            }
            let photoColumns = PreparedSearchDocument.photoColumns
            let photoValues = photoColumns.map { _ in "?" }.joined(separator: ", ")
            let insertPhoto = try db.cachedStatement(
                sql: "INSERT INTO searchPhoto (\(photoColumns.joined(separator: ", "))) VALUES (\(photoValues))")
            let insertTag = try db.cachedStatement(sql: "INSERT INTO searchTag (id, keywords, people) VALUES (?, ?, ?)")
            let insertText = try db.cachedStatement(sql: "INSERT INTO searchText (\(words), rowid) VALUES (\(values))")
            // The arguments are bound as they are, without GRDB's check of their number, which
            // cost more than the inserts: the statements and their arguments are made together.
            try ids.withIDs { ids in
                for document in documents {
                    let arguments = try document.photoArguments(
                        source: sourceID, place: ids.id(of: document.place, in: db), camera: ids.id(of: document.camera, in: db),
                        lens: ids.id(of: document.lens, in: db))
                    insertPhoto.setUncheckedArguments(arguments)
                    try insertPhoto.execute()
                    let id = db.lastInsertedRowID
                    if document.keywords != nil || document.people != nil {
                        try insertTag.execute(arguments: [id, document.keywords, document.people])
                    }
                    insertText.setUncheckedArguments(document.wordArguments(id: id))
                    try insertText.execute()
                }
            }
        }
    }

    /// The ids of the places, cameras and lenses photos share (`searchPlace`, `searchTerm`),
    /// looked up or added as new ones come, and kept by an indexer for the rest of its run: a
    /// million photos' transactions would otherwise look up each of their places again in each
    /// (no id is taken back while a run goes on; a transaction that fails ends the run). The
    /// statements are prepared once: preparing each look-up again took most of a transaction's
    /// time.
    ///
    /// The indexer numbers each place and term as it prepares documents (``prepare(_:)``), so
    /// the thread that writes them (``pipelined(make:write:)``) finds an id by its number in an
    /// array, without hashing a place's four names again: that took a tenth of the writing.
    final class SharedValueIDs: Sendable {
        private let numbers = Mutex(Numbers())
        private let known = Mutex(Known())

        /// `document` as the index writes it, its place and terms numbered.
        func prepare(_ document: SearchDocument) -> PreparedSearchDocument {
            numbers.withLock { PreparedSearchDocument(document, numbers: &$0) }
        }

        /// The ids known so far, for the transaction `body` writes.
        func withIDs(_ body: (inout Known) throws -> Void) throws {
            try known.withLock { try body(&$0) }
        }

        /// A number for each place and term of a run, from 0, in the order they come.
        struct Numbers: Sendable {
            private var places: [Place: Int] = [:]
            private var terms: [String: Int] = [:]

            mutating func numbered(_ place: Place?) -> Numbered<Place>? {
                guard let place else { return nil }
                return Numbered(number: Self.number(of: place, in: &places), value: place)
            }

            mutating func numbered(_ term: String?) -> Numbered<String>? {
                guard let term, !term.isEmpty else { return nil }
                return Numbered(number: Self.number(of: term, in: &terms), value: term)
            }

            private static func number<Value>(of value: Value, in numbers: inout [Value: Int]) -> Int {
                if let number = numbers[value] { return number }
                numbers[value] = numbers.count
                return numbers.count - 1
            }
        }

        /// The ids of the numbered places and terms found so far, by number.
        struct Known: Sendable {
            private var places: [Int64?] = []
            private var terms: [Int64?] = []

            mutating func id(of place: Numbered<Place>?, in db: Database) throws -> Int64? {
                guard let place else { return nil }
                if let id = Self.known(place.number, in: places) { return id }
                let value = place.value
                let arguments: StatementArguments = [value.countryCode, value.region, value.city, value.country]
                let find = try db.cachedStatement(
                    sql: "SELECT id FROM searchPlace WHERE countryCode = ? AND region IS ? AND city IS ? AND country = ?")
                let id =
                    try Int64.fetchOne(find, arguments: arguments)
                    ?? {
                        try db.cachedStatement(sql: "INSERT INTO searchPlace (countryCode, region, city, country) VALUES (?, ?, ?, ?)")
                            .execute(arguments: arguments)
                        return db.lastInsertedRowID
                    }()
                Self.keep(id, numbered: place.number, in: &places)
                return id
            }

            mutating func id(of term: Numbered<String>?, in db: Database) throws -> Int64? {
                guard let term else { return nil }
                if let id = Self.known(term.number, in: terms) { return id }
                try db.cachedStatement(sql: "INSERT OR IGNORE INTO searchTerm (value) VALUES (?)").execute(arguments: [term.value])
                let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM searchTerm WHERE value = ?"), arguments: [term.value])
                Self.keep(id, numbered: term.number, in: &terms)
                return id
            }

            private static func known(_ number: Int, in ids: [Int64?]) -> Int64? {
                ids.indices.contains(number) ? ids[number] : nil
            }

            private static func keep(_ id: Int64?, numbered number: Int, in ids: inout [Int64?]) {
                if number >= ids.count { ids += repeatElement(nil, count: number - ids.count + 1) }
                ids[number] = id
            }
        }
    }

    /// A place or term, and its number in an indexing run (``SharedValueIDs``).
    struct Numbered<Value: Sendable>: Sendable {
        let number: Int
        let value: Value
    }

    /// The most photos a query's words may find for its first results to be read from them,
    /// sorted; past it, the index of dates is walked newest first until enough are found.
    static let fewEnoughToSort = 20_000

    /// The photos `query` finds, newest first, at most `limit`.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    /// - Parameter roots: Only the photos of these sources' roots, when given.
    public func search(_ query: SearchQuery, within roots: [String]? = nil, limit: Int) throws -> [Hit] {
        let statement = try Self.statement(query, within: roots)
        return try database.read { db in
            let sources = try Self.sources(db)
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT p.source, p.key, p.name, p.date, p.md5, l.country, l.countryCode, l.region, l.city, p.title, p.description,
                        t.keywords, p.flags, p.colorLabel, t.people, p.labels, c.value, n.value, p.latitude, p.longitude
                    FROM searchPhoto p \(try Self.order(statement, db)) LEFT JOIN searchPlace l ON l.id = p.place
                        LEFT JOIN searchTag t ON t.id = p.id LEFT JOIN searchTerm c ON c.id = p.camera LEFT JOIN searchTerm n ON n.id = p.lens
                    WHERE \(Self.clause(statement)) ORDER BY p.date DESC, p.id DESC LIMIT ?
                    """, arguments: statement.arguments + [limit]
            ).compactMap { row in
                guard let source = sources[row[0]] else { return nil }
                let key: String = row[1]
                let name: String? = row[2]
                let md5: String? = row[4]
                let country: String? = row[5]
                let code: String? = row[6]
                let keywords: String? = row[11]
                let people: String? = row[14]
                let labels: String? = row[15]
                return Hit(
                    source: source.kind, root: source.root, key: key, name: name ?? FilePath.name(of: key), date: row[3],
                    md5: md5 ?? (source.kind == .cloud ? key : nil),
                    place: country.flatMap { country in code.map { Place(country: country, countryCode: $0, region: row[7], city: row[8]) } },
                    title: row[9], caption: row[10], keywords: Self.lines(keywords), rating: SearchStatement.Flag.rating(inFlags: row[12]),
                    colorLabel: row[13], people: Self.lines(people), labels: Self.lines(labels), camera: row[16], lens: row[17],
                    latitude: SearchSchema.degrees(row[18]), longitude: SearchSchema.degrees(row[19]))
            }
        }
    }

    /// The conditions over `searchPhoto p` that find what `query` finds in the sources of
    /// `roots` (all when `nil`).
    static func statement(_ query: SearchQuery, within roots: [String]?) throws -> SearchStatement {
        var statement = SearchStatement(query)
        if let roots {
            statement.conditions.append("p.source IN (SELECT id FROM searchSource WHERE root IN (SELECT value FROM json_each(?)))")
            statement.arguments += [String(decoding: try JSONEncoder().encode(roots), as: UTF8.self)]
        }
        return statement
    }

    /// The statement's conditions as one WHERE clause.
    static func clause(_ statement: SearchStatement) -> String {
        statement.conditions.isEmpty ? "1" : statement.conditions.joined(separator: " AND ")
    }

    /// How to read the rows `statement` finds, newest first: from its words' photos, sorted,
    /// when they are few; else along the index of dates, which holds the columns most
    /// conditions test, until enough are found (a million photos' first 500 in milliseconds).
    static func order(_ statement: SearchStatement, _ db: Database) throws -> String {
        guard let words = statement.fullText else { return "INDEXED BY searchPhotoDate" }
        let found =
            try Int.fetchOne(
                db, sql: "SELECT count(*) FROM (SELECT rowid FROM searchText WHERE searchText MATCH ? LIMIT ?)",
                arguments: [words, fewEnoughToSort]) ?? 0
        return found < fewEnoughToSort ? "NOT INDEXED" : "INDEXED BY searchPhotoDate"
    }

    /// Every source of the index by its id.
    static func sources(_ db: Database) throws -> [Int64: (kind: SearchQuery.SourceKind, root: String)] {
        var sources: [Int64: (kind: SearchQuery.SourceKind, root: String)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, kind, root FROM searchSource") {
            if let kind = SearchQuery.SourceKind(rawValue: row[1]) { sources[row[0]] = (kind, row[2]) }
        }
        return sources
    }

    /// The sources the index holds photos of: their kind and root.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func sources() throws -> [(kind: SearchQuery.SourceKind, root: String)] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT kind, root FROM searchSource ORDER BY kind, root").compactMap { row in
                SearchQuery.SourceKind(rawValue: row[0]).map { ($0, row[1]) }
            }
        }
    }

    /// The values of a text column that holds one a line.
    private static func lines(_ text: String?) -> [String] {
        text.map { $0.split(separator: "\n").map(String.init) } ?? []
    }

    /// How much the writer's page cache holds while an indexing run writes (KiB; SQLite's own
    /// is 2,000): a million photos' random keys and dates keep 90 MB of index pages busy, and
    /// read them again from the file when the cache is small (45.9 s with SQLite's cache, 38.6 s
    /// with this one, in transactions of 25,000).
    static let runCacheKiB = 65_536

    /// Ends an indexing run whose ``update(_:root:documents:removed:ids:)`` calls wrote with
    /// the writer set for a run: a big page cache, and no checkpoint of the write-ahead log
    /// after each transaction (they copied the same index pages into the database again and
    /// again: a million photos took 29.3 s with them, 26.3 s with one at the end). The writer gets
    /// SQLite's settings back and its cache's memory is given back; the log is checkpointed
    /// once, without waiting for readers. Then, when the run put in a tenth or more of the
    /// index (`indexed` photos), the index of dates is written again, packed: photos come in
    /// their source's order (a catalog's is by MD5), and the pages of an index filled out of
    /// order are left half empty (50 MB for a million photos, where 25 MB hold them, and as
    /// slow to walk). A second for a million photos.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func finishRun(indexed: Int) throws {
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 1000; PRAGMA cache_size = -2000; PRAGMA shrink_memory")
            try db.checkpoint(.passive)
        }
        guard indexed > 0 else { return }
        try database.write { db in
            guard indexed * 10 >= (try Int.fetchOne(db, sql: "SELECT count(*) FROM searchPhoto") ?? 0) else { return }
            try db.execute(sql: "REINDEX searchPhotoDate")
        }
    }

    /// Empties the index, for a rebuild from scratch.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func removeAll() throws {
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO searchText (searchText) VALUES ('delete-all');
                    DELETE FROM searchTag; DELETE FROM searchPhoto; DELETE FROM searchPlace; DELETE FROM searchTerm; DELETE FROM searchSource
                    """)
        }
    }
}
