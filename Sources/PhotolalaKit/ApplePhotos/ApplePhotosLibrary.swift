import Foundation
import GRDB
public import Logging

/// A `.photoslibrary` bundle (Photos 5 and later, macOS 10.15 to 26), read without changing it.
///
/// The Photos app owns the bundle, and nothing is ever written beside its database, which may
/// be read-only. A database with changes still waiting in its write-ahead log (Photos running,
/// or quit without a checkpoint) is copied with its `-wal` and `-shm` into a working folder
/// and the copy opened, so those changes are seen (`immutable=1` would hide them); the copy is
/// removed when the library is released, or by the next library opened after a crash. A
/// database with nothing waiting (Photos quit: the log checkpointed and gone) holds all of the
/// library in its one file, and is read where it is, immutable: a million-asset library's
/// 1.8 GB are not copied first.
///
/// ```swift
/// let library = try ApplePhotosLibrary(path: "/mnt/backup/Photos Library.photoslibrary")
/// for asset in try library.assets() {
///     print(asset.originalFilename, asset.creationDate as Any)
/// }
/// ```
public final class ApplePhotosLibrary: Sendable {
    /// The bundle's absolute path.
    public let path: String
    public let version: ApplePhotosVersion
    let schema: ApplePhotosSchema
    let database: DatabaseQueue
    /// The folder of the database's working copy; `nil` when it is read in place.
    private let workingCopy: String?
    /// Where working copies are made (of Photos' search index too).
    let workingDirectory: String
    /// What ``readAside(_:)`` opens again: the working copy's `Photos.sqlite`, or the
    /// original's immutable URI.
    private let databasePath: String
    /// Where a working copy that cannot be removed is told: it holds a copy of the database.
    let logger: Logger

    /// Opens the library at `path`.
    /// - Parameters:
    ///   - path: A `.photoslibrary` folder.
    ///   - workingDirectory: Where the database is copied to when it has changes waiting in
    ///     its write-ahead log (the engine passes its cache's `tmp/`; `nil` for the system's
    ///     temporary folder); copies left there by killed processes are removed first.
    ///   - logger: Where working copies that cannot be removed are logged.
    /// - Throws: ``PhotolalaError/notAPhotosLibrary`` when `path` is no Photos library,
    ///   ``PhotolalaError/unsupportedPhotosLibrary`` for Photos 2–4 libraries (macOS 10.14 and
    ///   earlier), ``PhotolalaError/damagedPhotosLibrary`` when its database cannot be read or
    ///   is missing (a library still being copied, or copied in part),
    ///   ``PhotolalaError/unreadableFile`` when it cannot be copied,
    ///   ``PhotolalaError/photosLibraryBusy`` when Photos kept writing while it was copied.
    public init(path: String, workingDirectory: String? = nil, logger: Logger = Logger(label: "photolala.photos")) throws {
        self.logger = logger
        let root = URL(fileURLWithPath: path).standardizedFileURL.path
        self.path = root
        let databaseFolder = root + "/database"
        let original = databaseFolder + "/Photos.sqlite"
        let files = FileManager.default
        guard files.fileExists(atPath: original) else {
            throw Self.missingDatabase(in: root)
        }

        let workingDirectory = workingDirectory ?? files.temporaryDirectory.path
        self.workingDirectory = workingDirectory
        ApplePhotosDatabaseCopy.removeStaleCopies(in: workingDirectory, logger: logger)
        if let inPlace = Self.openInPlace(original, library: root) {
            (database, version, schema) = inPlace
            databasePath = ApplePhotosDatabaseCopy.immutableURI(of: original)
            workingCopy = nil
            return
        }
        let copy = ApplePhotosDatabaseCopy.newFolder(in: workingDirectory)
        workingCopy = copy
        do {
            let copied = try ApplePhotosDatabaseCopy.make(of: original, in: copy, library: root)
            databasePath = copied
            (database, version, schema) = try Self.open(copied, readonly: false, library: root)
        } catch {
            files.removeLeftover(atPath: copy, logger: logger)
            if let error = error as? PhotolalaError { throw error }
            throw PhotolalaError.damagedPhotosLibrary(root, reason: Self.describe(error))
        }
    }

    deinit {
        if let workingCopy {
            FileManager.default.removeLeftover(atPath: workingCopy, logger: logger)
        }
    }

    /// The database at `original`, read where it is, when nothing waits in its write-ahead log
    /// or rollback journal and its files stay unchanged while its version and schema are read
    /// (Photos did not start writing meanwhile); `nil` otherwise, or when it cannot be opened
    /// so (the copy then says why).
    private static func openInPlace(_ original: String, library root: String) -> (DatabaseQueue, ApplePhotosVersion, ApplePhotosSchema)? {
        let before = ApplePhotosDatabaseCopy.stamp(of: original)
        guard ApplePhotosDatabaseCopy.hasNothingPending(original),
            let opened = try? open(ApplePhotosDatabaseCopy.immutableURI(of: original), readonly: true, library: root),
            ApplePhotosDatabaseCopy.stamp(of: original) == before
        else { return nil }
        return opened
    }

    /// Opens the database at `path` (a file or an SQLite URI) and reads its version and schema.
    /// - Throws: ``PhotolalaError/unsupportedPhotosLibrary`` for a database older than Photos 5;
    ///   ``PhotolalaError/damagedPhotosLibrary`` or SQLite's error when it cannot be read.
    private static func open(_ path: String, readonly: Bool, library root: String) throws -> (DatabaseQueue, ApplePhotosVersion, ApplePhotosSchema) {
        var configuration = Configuration()
        configuration.label = "ApplePhotosLibrary"
        configuration.readonly = readonly
        let database = try DatabaseQueue(path: path, configuration: configuration)
        // The version first: an older Photos's database lacks the tables the schema needs,
        // and is unsupported rather than damaged.
        let version = ApplePhotosVersion(modelVersion: try database.read { try modelVersion($0, path: root) })
        guard version.modelVersion >= ApplePhotosVersion.firstSupportedModel else {
            throw PhotolalaError.unsupportedPhotosLibrary(
                root, reason: "a Photos library of model version \(version.modelVersion), older than Photos 5 (macOS 10.15)")
        }
        let model = version.modelVersion
        return (database, version, try database.read { try ApplePhotosSchema($0, path: root, modelVersion: model) })
    }

    /// What the reader could not make sense of in this library, e.g. a column or join table of
    /// a Photos release it does not know, with what the user will miss (albums showing empty,
    /// every photo treated as hidden).
    public var problems: [String] { schema.problems }

    /// The library's version and counts of assets and albums.
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the database cannot be read.
    public func info() throws -> ApplePhotosLibraryInfo {
        ApplePhotosLibraryInfo(path: path, version: version, assets: try fetchAssets(restrictedTo: nil), albums: try albums(), problems: problems)
    }

    /// Runs a read on the database, turning SQLite errors into a damaged-library error.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try database.read(body)
        } catch let error as PhotolalaError {
            throw error
        } catch {
            throw PhotolalaError.damagedPhotosLibrary(path, reason: Self.describe(error))
        }
    }

    /// Runs a read on a connection of its own to the database, beside ``read(_:)`` (a listing of
    /// the whole library, in runs on every core, while lookups go on), turning SQLite errors into
    /// a damaged-library error.
    func readAside<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            var configuration = Configuration()
            configuration.label = "ApplePhotosLibrary aside"
            configuration.readonly = true
            return try DatabaseQueue(path: databasePath, configuration: configuration).read(body)
        } catch let error as PhotolalaError {
            throw error
        } catch {
            throw PhotolalaError.damagedPhotosLibrary(path, reason: Self.describe(error))
        }
    }

    /// `PLModelVersion` from the binary property list in `Z_METADATA`'s newest row.
    private static func modelVersion(_ db: Database, path: String) throws -> Int {
        guard let plist = try Data.fetchOne(db, sql: "SELECT Z_PLIST FROM Z_METADATA ORDER BY Z_VERSION DESC LIMIT 1"),
            let dictionary = try UntrustedDocument.propertyList(from: Array(plist)) as? [String: Any]
        else {
            throw PhotolalaError.damagedPhotosLibrary(path, reason: "Z_METADATA holds no model version")
        }
        if let number = dictionary["PLModelVersion"] as? Int { return number }
        if let number = dictionary["PLModelVersion"] as? NSNumber { return number.intValue }
        throw PhotolalaError.damagedPhotosLibrary(path, reason: "Z_METADATA holds no PLModelVersion")
    }

    /// SQLite's own message ("database disk image is malformed"); for anything else (a
    /// property list Foundation could not parse), no dump of the error value.
    private static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError {
            return error.message ?? "SQLite error \(error.resultCode)"
        }
        return "its database holds a value that cannot be read"
    }
}
