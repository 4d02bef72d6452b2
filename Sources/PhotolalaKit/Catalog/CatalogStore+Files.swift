import GRDB

extension CatalogStore {
    /// A file on this device as the identity index recorded it: its path, size, modification
    /// time and MD5.
    struct RecordedFile: Sendable, Decodable, FetchableRecord {
        var path: String
        var size: Int64
        var modifiedNanoseconds: Int64
        var md5: String
    }

    /// Files under one of `roots` whose content, as the identity index recorded it, `catalog`
    /// lists. A query of this store rather than of ``IdentityIndex``: it asks which of the
    /// catalog's photos this device holds, and only reads `fileIdentity`, by column name, in
    /// one statement that SQLite answers through the MD5 index (bringing a catalog's 100,000
    /// MD5s into Swift to match them would take longer than the whole answer).
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    func recordedFiles(listedIn catalog: CatalogRecord, under roots: [String]) throws -> [RecordedFile] {
        guard !roots.isEmpty else { return [] }
        // Paths under `root` sort between "root/" and "root0" ("0" follows "/" in UTF-8).
        let within = roots.map { root in SQL("(path >= \(root + "/") AND path < \(root + "0"))") }.joined(separator: " OR ")
        let request: SQLRequest<RecordedFile> = """
            SELECT path, size, modifiedNanoseconds, md5 FROM fileIdentity
            WHERE md5 IN (SELECT md5 FROM catalogEntry WHERE catalogId = \(catalog.id)) AND (\(within))
            """
        return try database.read { db in try request.fetchAll(db) }
    }
}
