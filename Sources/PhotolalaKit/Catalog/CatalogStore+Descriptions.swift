import GRDB

extension CatalogStore {
    /// The MD5s `catalog` lists that `origin`'s descriptions have no row for, in one statement
    /// SQLite answers from the two primary keys: for a synced cloud catalog, the photos whose
    /// facts are still to be read from their metadata plists.
    /// - Throws: ``PhotolalaError/databaseFailed`` on a database error.
    func md5s(listedIn catalog: CatalogRecord, undescribedIn origin: PhotoDescriptionIndex.Origin) throws -> [String] {
        try database.read { db in
            try String.fetchAll(
                db, sql: "SELECT md5 FROM catalogEntry WHERE catalogId = ? AND md5 NOT IN (SELECT md5 FROM \(origin.rawValue)) ORDER BY md5",
                arguments: [catalog.id])
        }
    }
}
