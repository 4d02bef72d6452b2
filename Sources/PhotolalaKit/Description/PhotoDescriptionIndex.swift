import Foundation
import GRDB
import Logging

/// What the engine read of each photo content's description (``PhotoDescription``), kept by
/// its MD5 in `photoDescription`, so search indexes a folder without opening its files again.
/// Filled where ``PhotoFileReader`` reads a file (a thumbnail, the inspector, a catalog build, a
/// backup). Every content read as an image has a row, an empty one when it says nothing, so a
/// missing row means "never read since descriptions were kept". Keeping it is an
/// optimisation, as ``PhotoDateIndex`` is: a failure is logged, and costs another read.
///
/// ```swift
/// let descriptions = PhotoDescriptionIndex(database: engine.database)
/// let known = descriptions.descriptions(ofMD5s: md5s)  // [PhotoDescription?], in their order
/// ```
public struct PhotoDescriptionIndex: Sendable {
    /// Whose reading of the contents an index keeps.
    public enum Origin: String, Sendable {
        /// What this device read of the files: `photoDescription`.
        case read = "photoDescription"
        /// What the cloud backup records of its photos (``CloudFacts``, or the metadata plists
        /// of photos backed up before facts were kept), synced from the bucket:
        /// `backupDescription`. Kept apart from what was read here, as it holds a sidecar's
        /// values too, and a row here must not spare a local file its read.
        case backup = "backupDescription"
    }

    private let database: PhotolalaDatabase
    let origin: Origin
    private let logger = Logger(label: "photolala.descriptions")

    /// - Parameters:
    ///   - database: The database whose table this reads and writes.
    ///   - origin: Which reading: this device's (the default) or the backup's.
    public init(database: PhotolalaDatabase, origin: Origin = .read) {
        self.database = database
        self.origin = origin
    }

    /// Records the descriptions read of contents, replacing what was known of them.
    func record(_ descriptions: [(md5: String, description: PhotoDescription)]) {
        guard !descriptions.isEmpty else { return }
        do {
            try database.write { db in
                let insert = try db.cachedStatement(sql: PhotoDescriptionRecord.replaceSQL(into: origin.rawValue))
                for (md5, description) in descriptions {
                    try insert.execute(arguments: PhotoDescriptionRecord(md5: md5, description).replaceArguments)
                }
            }
        } catch {
            logger.warning("Photo descriptions could not be recorded; they are read again next time.", metadata: ["error": .error(error)])
        }
    }

    /// The recorded descriptions of the contents `md5s` (lowercase hex), in their order (`nil`
    /// for a content never read), from one query whatever their number.
    func descriptions(ofMD5s md5s: [String]) -> [PhotoDescription?] {
        guard !md5s.isEmpty else { return [] }
        let list = PhotolalaDatabase.jsonArgument(md5s: md5s)
        do {
            return try database.read { db in
                var known = [PhotoDescription?](repeating: nil, count: md5s.count)
                let columns = PhotoDescriptionRecord.describingColumns.map { "d." + $0 }.joined(separator: ", ")
                let select = try db.cachedStatement(
                    sql: "SELECT j.key, \(columns) FROM json_each(?) j JOIN \(origin.rawValue) d ON d.md5 = j.value")
                let rows = try Row.fetchCursor(select, arguments: [list])
                while let row = try rows.next() {
                    let position: Int = row[0]
                    guard known.indices.contains(position) else { continue }
                    known[position] = try PhotoDescriptionRecord.description(from: row, startingAt: 1)
                }
                return known
            }
        } catch {
            logger.warning("Recorded photo descriptions could not be read; the photos are read again.", metadata: ["error": .error(error)])
            return [PhotoDescription?](repeating: nil, count: md5s.count)
        }
    }
}
