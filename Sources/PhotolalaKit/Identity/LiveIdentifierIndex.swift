import Foundation
import GRDB
import Logging

/// What the engine learnt of Live Photos' content identifiers (``LiveIdentifier``), kept by the
/// MD5 of each content, so a listing pairs a still and a movie renamed apart (``FilePairing``)
/// without reading them again, and the Cloud source pairs the backed-up copies of files this
/// device read. Filled where ``PhotoFileReader`` reads a file (a thumbnail, the inspector, a
/// catalog build, a backup) and by a catalogued listing's reads of first bytes. Keeping it
/// is an optimisation, as ``PhotoDateIndex`` is: a failure is logged, and the pair is made by
/// name only until the files are read again.
///
/// ```swift
/// let identifiers = LiveIdentifierIndex(database: engine.database)
/// let known = identifiers.identifiers(ofMD5s: entries.map(\.md5))  // [String?], in their order
/// ```
public struct LiveIdentifierIndex: Sendable {
    private let database: PhotolalaDatabase
    private let logger = Logger(label: "photolala.live-identifiers")

    /// - Parameter database: The database whose `liveIdentifier` table this reads and writes.
    public init(database: PhotolalaDatabase) {
        self.database = database
    }

    /// Records the identifiers read of contents, replacing what was known of them.
    func record(_ identifiers: [LiveIdentifier]) {
        guard !identifiers.isEmpty else { return }
        do {
            try database.write { db in
                let insert = try db.cachedStatement(sql: LiveIdentifier.replaceSQL)
                for identifier in identifiers {
                    try insert.execute(arguments: identifier.replaceArguments)
                }
            }
        } catch {
            logger.warning(
                "Live Photo identifiers could not be recorded; such pairs go by name until read again.", metadata: ["error": .error(error)])
        }
    }

    /// The recorded identifiers of the contents `md5s` (lowercase hex), in their order (`nil`
    /// for a content without one, or never read), from one query whatever their number.
    func identifiers(ofMD5s md5s: [String]) -> [String?] {
        guard !md5s.isEmpty else { return [] }
        let list = PhotolalaDatabase.jsonArgument(md5s: md5s)
        do {
            return try database.read { db in
                var known = [String?](repeating: nil, count: md5s.count)
                let rows = try Row.fetchCursor(
                    db, sql: "SELECT j.key AS position, l.identifier FROM json_each(?) j JOIN liveIdentifier l ON l.md5 = j.value", arguments: [list])
                while let row = try rows.next() {
                    let position: Int = row[0]
                    guard known.indices.contains(position) else { continue }
                    known[position] = row[1]
                }
                return known
            }
        } catch {
            logger.warning("Recorded Live Photo identifiers could not be read; such pairs go by name.", metadata: ["error": .error(error)])
            return [String?](repeating: nil, count: md5s.count)
        }
    }
}
