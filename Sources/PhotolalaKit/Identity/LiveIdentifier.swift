import GRDB

/// A row of `liveIdentifier`: the content identifier a Live Photo's still or movie carries, by
/// the MD5 of its content. ``LiveIdentifierIndex`` is its one store.
struct LiveIdentifier: Sendable, Equatable, Codable {
    /// Lowercase hex MD5 of the content.
    var md5: String
    /// Apple's content identifier, a UUID as the file writes it.
    var identifier: String
}

extension LiveIdentifier: FetchableRecord, PersistableRecord {
    static let databaseTableName = "liveIdentifier"

    /// Inserts a row or replaces the content's: a statement prepared once for many rows.
    static let replaceSQL = "INSERT OR REPLACE INTO liveIdentifier (md5, identifier) VALUES (?, ?)"

    var replaceArguments: StatementArguments {
        [md5, identifier]
    }
}
