import GRDB

extension SearchIndex {
    /// Where a photo is, as the index holds it: the kind of source, its root, its key there.
    public struct Copy: Sendable, Hashable {
        public var source: SearchQuery.SourceKind
        /// The folder tree's root, the library's path, or the user id of the backup.
        public var root: String
        /// The path below the root, the asset's uuid, or the MD5.
        public var key: String
    }

    /// Every photo the index holds with one of `md5s`, by MD5: one pass over the index however
    /// many are asked (an album's photos are looked for together).
    /// - Throws: ``PhotolalaError/databaseFailed`` when the index cannot be read.
    public func copies(ofMD5s md5s: Set<String>) throws -> [String: [Copy]] {
        guard !md5s.isEmpty else { return [:] }
        // The condition an `md5:` term is, so the photos matched are those a search finds.
        let statement = SearchStatement(SearchQuery(terms: [SearchQuery.Term(.contents(md5s))]))
        return try database.read { db in
            var copies: [String: [Copy]] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT s.kind, s.root, p.key, coalesce(p.md5, p.key)
                    FROM searchPhoto p JOIN searchSource s ON s.id = p.source
                    WHERE \(statement.conditions.joined(separator: " AND "))
                    """, arguments: statement.arguments)
            while let row = try rows.next() {
                guard let kind = SearchQuery.SourceKind(rawValue: row[0]) else { continue }
                copies[row[3], default: []].append(Copy(source: kind, root: row[1], key: row[2]))
            }
            return copies
        }
    }
}
