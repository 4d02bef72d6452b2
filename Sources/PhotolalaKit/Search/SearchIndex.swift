import Foundation
import GRDB
import Logging

/// The one search index of every served source (folder trees, Apple Photos libraries, the
/// cloud backup): a row a photo in `searchPhoto`, its words in the FTS5 table `searchText`
/// (unicode61 without diacritics, so `zurich` finds Zürich), kept in the engine's database.
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

    /// Puts `documents` in the index (replacing what it held of the same keys) and takes out
    /// the source's photos whose keys are in `removed`, in one transaction.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    func update(_ source: SearchQuery.SourceKind, root: String, documents: [SearchDocument], removed: [String] = []) throws {
        guard !documents.isEmpty || !removed.isEmpty else { return }
        try database.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO searchSource (kind, root) VALUES (?, ?)", arguments: [source.rawValue, root])
            guard
                let sourceID = try Int64.fetchOne(
                    db, sql: "SELECT id FROM searchSource WHERE kind = ? AND root = ?", arguments: [source.rawValue, root])
            else { return }
            let find = try db.cachedStatement(sql: "SELECT id FROM searchPhoto WHERE source = ? AND key = ?")
            let deleteText = try db.cachedStatement(sql: "DELETE FROM searchText WHERE rowid = ?")
            let deletePhoto = try db.cachedStatement(sql: "DELETE FROM searchPhoto WHERE id = ?")
            for key in removed + documents.map(\.key) {
                guard let id = try Int64.fetchOne(find, arguments: [sourceID, key]) else { continue }
                try deleteText.execute(arguments: [id])
                try deletePhoto.execute(arguments: [id])
            }
            let insertPhoto = try db.cachedStatement(
                sql: """
                    INSERT INTO searchPhoto (source, key, md5, date, kinds, flags, rating, colorLabel, latitude, longitude, stamp, name)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            let insertText = try db.cachedStatement(
                sql: """
                    INSERT INTO searchText (rowid, name, folder, title, description, keywords, people, country, countryCode, region, city, camera, lens, labels)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
            for document in documents {
                try insertPhoto.execute(arguments: Self.photoArguments(document, source: sourceID))
                try insertText.execute(arguments: Self.textArguments(document, id: db.lastInsertedRowID))
            }
        }
    }

    /// The photos `query` finds, newest first, at most `limit`.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    /// - Parameter roots: Only the photos of these sources' roots, when given.
    public func search(_ query: SearchQuery, within roots: [String]? = nil, limit: Int) throws -> [Hit] {
        var (conditions, arguments) = try Self.conditions(query, within: roots)
        arguments += [limit]
        return try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.kind, s.root, p.key, t.name, p.date, p.md5, t.country, t.countryCode, t.region, t.city, t.title, t.description,
                        t.keywords, p.rating, p.colorLabel, t.people, t.labels
                    FROM searchPhoto p JOIN searchSource s ON s.id = p.source JOIN searchText t ON t.rowid = p.id
                    WHERE \(conditions) ORDER BY p.date IS NULL, p.date DESC, t.name LIMIT ?
                    """, arguments: arguments
            ).map { row in
                let country: String? = row[6]
                let code: String? = row[7]
                let keywords: String? = row[12]
                let people: String? = row[15]
                let labels: String? = row[16]
                return Hit(
                    source: SearchQuery.SourceKind(rawValue: row[0]) ?? .folders, root: row[1], key: row[2], name: row[3], date: row[4], md5: row[5],
                    place: country.flatMap { country in code.map { Place(country: country, countryCode: $0, region: row[8], city: row[9]) } },
                    title: row[10], caption: row[11], keywords: Self.lines(keywords), rating: row[13],
                    colorLabel: row[14], people: Self.lines(people), labels: Self.lines(labels))
            }
        }
    }

    /// The WHERE clause over `searchPhoto p JOIN searchSource s` that finds what `query` finds
    /// in the sources of `roots` (all when `nil`).
    static func conditions(_ query: SearchQuery, within roots: [String]?) throws -> (String, StatementArguments) {
        var statement = SearchStatement(query)
        if let roots {
            statement.conditions.append("s.root IN (SELECT value FROM json_each(?))")
            statement.arguments += [String(decoding: try JSONEncoder().encode(roots), as: UTF8.self)]
        }
        return (statement.conditions.isEmpty ? "1" : statement.conditions.joined(separator: " AND "), statement.arguments)
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

    /// Empties the index, for a rebuild from scratch.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func removeAll() throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM searchText; DELETE FROM searchPhoto; DELETE FROM searchSource")
        }
    }

    private static func photoArguments(_ document: SearchDocument, source: Int64) -> StatementArguments {
        let kinds = document.kinds.reduce(0) { $0 | (SearchStatement.kindBits[$1] ?? 0) }
        let flags =
            (document.isFavorite ? SearchStatement.Flag.favorite : 0) | (document.description.keywords.isEmpty ? 0 : SearchStatement.Flag.keywords)
            | (document.people.isEmpty ? 0 : SearchStatement.Flag.people)
        let description = document.description
        return [
            source, document.key, document.md5, document.date, kinds, flags, description.rating, description.colorLabel, description.latitude,
            description.longitude, document.stamp,
            // A folder tree's key ends with the name (SearchIndex.timeline).
            document.source == .folders ? nil : document.name,
        ]
    }

    private static func textArguments(_ document: SearchDocument, id: Int64) -> StatementArguments {
        let description = document.description
        let camera = CameraName.joining(make: description.cameraMake, model: description.cameraModel)
        return [
            id, document.name, document.folder, description.title, description.caption, description.keywords.joined(separator: "\n"),
            document.people.joined(separator: "\n"), document.place?.country, document.place?.countryCode, document.place?.region,
            document.place?.city, camera, description.lensModel, document.labels.joined(separator: "\n"),
        ]
    }
}
