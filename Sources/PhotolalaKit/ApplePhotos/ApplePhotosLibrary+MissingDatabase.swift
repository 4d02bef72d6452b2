import Foundation
import GRDB

extension ApplePhotosLibrary {
    /// The last `libraryVersion` of Photos 4's `photos.db` (osxphotos's `_PHOTOS_4_VERSION` is
    /// 4025; 2622, 3301 and 4016 came before); Photos 5 and later write 6000 in the small
    /// `photos.db` they keep beside `Photos.sqlite`.
    static let firstPhotos5LibraryVersion = 6000

    /// Why the folder at `root`, which has no `database/Photos.sqlite`, cannot be read, told
    /// as osxphotos tells libraries apart: a `photos.db` whose `LiGlobals` names a library
    /// version below 6000 (or that has Photos 4's `RKVersion` table) is a Photos 2–4 library;
    /// a folder that otherwise looks like a library (its `database/`, `originals/` or
    /// `resources/`, or a `.photoslibrary` name) lacks its database, being copied still or
    /// copied in part; anything else is no Photos library.
    static func missingDatabase(in root: String) -> PhotolalaError {
        let files = FileManager.default
        let legacy = root + "/database/photos.db"
        if files.fileExists(atPath: legacy) {
            let version = legacyLibraryVersion(of: legacy)
            if let version, version < firstPhotos5LibraryVersion {
                return .unsupportedPhotosLibrary(
                    root, reason: "a Photos 2–4 library (macOS 10.14 or earlier: its photos.db is of version \(version))")
            }
            let legacyTells = version == nil ? "and its photos.db tells no Photos version" : "though its photos.db is a Photos 5+ library's"
            return .damagedPhotosLibrary(
                root, reason: "its database/Photos.sqlite is missing, \(legacyTells) (a copy still in progress, or one made only in part)")
        }
        if files.fileExists(atPath: root + "/database/Library.apdb") || files.fileExists(atPath: root + "/Database/Library.apdb") {
            return .unsupportedPhotosLibrary(root, reason: "a library of Photos 1, iPhoto or Aperture (database/Library.apdb)")
        }
        let looksLikeLibrary =
            root.hasSuffix(".photoslibrary") || ["database", "originals", "resources"].contains { files.fileExists(atPath: root + "/" + $0) }
        guard looksLikeLibrary, files.fileExists(atPath: root) else { return .notAPhotosLibrary(root) }
        return .damagedPhotosLibrary(root, reason: "its database/Photos.sqlite is missing (a copy still in progress, or one made only in part)")
    }

    /// `libraryVersion` from a `photos.db`'s `LiGlobals`, 4000 for one with Photos 4's
    /// `RKVersion` table but no version, or `nil` when it cannot be read. The file is opened
    /// immutable and read-only: nothing is written beside it, not even a lock.
    private static func legacyLibraryVersion(of path: String) -> Int? {
        guard let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "ApplePhotosLibrary.photos.db"
        do {
            let database = try DatabaseQueue(path: "file:\(encoded)?immutable=1", configuration: configuration)
            return try database.read { db -> Int? in
                let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
                var version: Int?
                if tables.contains("LiGlobals") {
                    let value = ApplePhotosRow.Computed.libraryVersion
                    try ApplePhotosRow.forEach(db, sql: "SELECT \(value.selecting("value")) FROM LiGlobals WHERE keyPath = 'libraryVersion' LIMIT 1")
                    { row in
                        version = row.int(value) ?? row.string(value).flatMap { Int($0) }
                    }
                }
                if let version {
                    return version
                }
                return tables.contains("RKVersion") ? 4000 : nil
            }
        } catch {
            return nil
        }
    }
}
