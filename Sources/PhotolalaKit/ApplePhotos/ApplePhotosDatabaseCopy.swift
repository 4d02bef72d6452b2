import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A library's database files (`Photos.sqlite` with its `-wal` and `-shm`) copied together,
/// so the copy opens with the write-ahead log's pending changes and never modifies the bundle.
///
/// Photos may write while the files are copied; a copy whose files changed meanwhile would mix
/// two states of the database (a torn copy), so the sizes and times of all three are compared
/// before and after, and the copy is taken again until they agree.
enum ApplePhotosDatabaseCopy {
    /// The files SQLite keeps a database in.
    static let suffixes = ["", "-wal", "-shm"]
    /// How many times a copy is taken before giving up on a database that keeps changing.
    static let attempts = 5

    /// The start of a working copy's folder name, `photolala-photos-<pid>-<uuid>`: the pid
    /// tells a copy left behind by a process that was killed.
    static let folderPrefix = "photolala-photos-"

    /// A new working copy's folder in `directory`, named after this process.
    static func newFolder(in directory: String) -> String {
        "\(directory)/\(folderPrefix)\(getpid())-\(UUID().uuidString)"
    }

    /// Removes the working copies in `directory` whose process is gone (killed before it could
    /// remove them).
    static func removeStaleCopies(in directory: String, logger: Logger) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        for name in names where name.hasPrefix(folderPrefix) {
            guard let pid = name.dropFirst(folderPrefix.count).split(separator: "-").first.flatMap({ pid_t($0) }),
                pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            FileManager.default.removeLeftover(atPath: directory + "/" + name, logger: logger)
        }
    }

    /// Size and modification time of each database file (`nil` for an absent one).
    static func stamp(of database: String) -> [FileStatus?] {
        suffixes.map { try? FileStatus(path: database + $0) }
    }

    /// Whether the database file holds all of the library: no frames wait in a write-ahead log
    /// (absent, or emptied by a checkpoint) and no rollback journal is left to replay. Its
    /// `-shm` then holds nothing that reading needs.
    static func hasNothingPending(_ database: String) -> Bool {
        ["-wal", "-journal"].allSatisfy { suffix in ((try? FileStatus(path: database + suffix))?.size ?? 0) == 0 }
    }

    /// The SQLite URI that reads `database` where it is without locking it or writing a `-shm`
    /// beside it (`immutable=1`, read-only).
    static func immutableURI(of database: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (database.addingPercentEncoding(withAllowedCharacters: allowed) ?? database) + "?mode=ro&immutable=1"
    }

    /// Copies `database` and its companions (`-wal` and `-shm`) into `folder` (made if missing)
    /// under their own names, and returns the copy's path. The copies are new files, writable
    /// whatever the originals' modes (a read-only share's 0444): SQLite writes the `-shm`.
    /// - Throws: ``PhotolalaError/unreadableFile`` or ``PhotolalaError/writeFailed`` when a file
    ///   cannot be copied, ``PhotolalaError/photosLibraryBusy`` when the files changed during
    ///   every attempt.
    /// - Parameter afterCopy: Runs after each attempt's files are copied, before they are
    ///   compared; tests write to the database there, as Photos might.
    static func make(of database: String, in folder: String, library: String, afterCopy: () -> Void = {}) throws -> String {
        let copy = folder + "/" + URL(fileURLWithPath: database).lastPathComponent
        for attempt in 1...attempts {
            let before = stamp(of: database)
            for (suffix, status) in zip(suffixes, before) {
                if status != nil {
                    try AtomicFile.copy(database + suffix, to: copy + suffix)
                } else {
                    unlink(copy + suffix)
                }
            }
            afterCopy()
            if stamp(of: database) == before { return copy }
            // Photos is writing: give it a moment longer each time.
            usleep(useconds_t(attempt * 100_000))
        }
        throw PhotolalaError.photosLibraryBusy(library)
    }
}
