import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The v5.1 catalog of one folder's photos: `.photolala/manifest.plist` and `0.csv` … `f.csv`.
///
/// It lives in the folder itself, or, when the folder cannot be written (a read-only share, a
/// mounted backup), in the cache mirror `{cache}/catalogs/{md5 of the folder's path}/.photolala/`.
/// A shard whose SHA-256 differs from the manifest's is never trusted.
///
/// ```swift
/// let catalog = FolderCatalog(folder: "/mnt/nas/2024", cacheDirectory: cache)
/// let loaded = try catalog.load()
/// print(loaded.entries.count, "photos,", loaded.problems.count, "problems")
/// ```
public struct FolderCatalog: Sendable {
    public static let directoryName = ".photolala"
    public static let manifestName = "manifest.plist"

    /// The catalogued folder's absolute path.
    public let folder: String
    private let cacheDirectory: String
    var logger = Logger(label: "photolala.catalog")

    /// - Parameters:
    ///   - folder: Absolute path of the folder.
    ///   - cacheDirectory: Photolala's cache folder, home of the mirror for read-only folders.
    public init(folder: String, cacheDirectory: String) {
        self.folder = folder
        self.cacheDirectory = cacheDirectory
    }

    /// `.photolala` inside the folder.
    public var ownDirectory: String { folder + "/" + Self.directoryName }

    /// `.photolala` in the cache mirror, used when the folder cannot be written.
    public var mirrorDirectory: String {
        cacheDirectory + "/catalogs/" + ContentHash.md5(of: Array(folder.utf8)) + "/" + Self.directoryName
    }

    /// Where the current catalog is: the folder's own or the mirror's, whichever has the newer
    /// manifest (a folder that became read-only keeps an old catalog of its own); `nil` when
    /// neither has one.
    public var existingDirectory: String? {
        [ownDirectory, mirrorDirectory]
            .compactMap { directory in
                (try? FileStatus(path: directory + "/" + Self.manifestName)).map { (directory, $0.modifiedNanoseconds) }
            }
            .max { $0.1 < $1.1 }?.0
    }

    /// The file name of shard `index`: `0.csv` … `f.csv`.
    static func shardName(_ index: Int) -> String {
        String(index, radix: 16) + ".csv"
    }

    // MARK: - Loading

    /// The catalog's entries. Shards that fail their checksum are left out and reported, as
    /// are malformed rows, a manifest that contradicts itself and counts that disagree with it;
    /// everything else loads. ``LoadedCatalog/problems`` is empty exactly when the catalog is
    /// sound: `verify` reports them and `build` rewrites a catalog that has any.
    /// - Throws: ``PhotolalaError/noCatalog`` when there is none;
    ///   ``PhotolalaError/damagedCatalog`` when the manifest cannot be read.
    public func load() throws -> LoadedCatalog {
        guard let directory = existingDirectory else { throw PhotolalaError.noCatalog(folder) }
        let manifestPath = directory + "/" + Self.manifestName
        let manifest = try CatalogManifest(propertyList: try Self.manifestBytes(at: manifestPath), path: manifestPath)
        guard manifest.version.hasPrefix("5.") else {
            throw PhotolalaError.damagedCatalog(manifestPath, reason: "version \(manifest.version) is not one this build reads (5.x)")
        }

        var loaded = LoadedCatalog(manifest: manifest, directory: directory)
        loaded.problems = manifest.problems
        let recorded = Dictionary(manifest.shards.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        // The shards are read, checked and parsed in parallel, then put together in order.
        let shards = Mutex([ShardLoad?](repeating: nil, count: 16))
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let result = loadShard(index, in: directory, recorded: recorded[index])
            shards.withLock { $0[index] = result }
        }
        let loads = shards.withLock { $0 }
        loaded.entries.reserveCapacity(loads.reduce(0) { $0 + ($1?.entries.count ?? 0) })
        var counts = [Int](repeating: 0, count: 16)
        for (index, shard) in loads.enumerated() {
            guard let shard else { continue }
            if let rejection = shard.rejection {
                loaded.reject(index, rejection)
            }
            loaded.entries += shard.entries
            loaded.problems += shard.problems
            counts[index] = shard.entries.count
        }
        for (index, shard) in recorded.sorted(by: { $0.key < $1.key }) where (0..<16).contains(index) && !loaded.rejectedShards.contains(index) {
            if counts[index] != shard.rows {
                loaded.problems.append(
                    CatalogProblem(
                        shard: index, line: nil,
                        message: "Shard \(Self.shardName(index)) has \(counts[index]) good rows; the manifest says \(shard.rows)."))
            }
        }
        return loaded
    }

    /// The manifest's bytes, within the size limit of untrusted documents.
    /// - Throws: ``PhotolalaError/damagedCatalog`` for an empty or oversized manifest, or one
    ///   that is no regular file.
    private static func manifestBytes(at path: String) throws -> [UInt8] {
        let limit = UntrustedDocument.Limits.small.bytes
        do {
            return try FileContents(path: path, sizeLimit: Int64(limit)).bytes
        } catch let error as PhotolalaError where error.code == .emptyFile {
            throw PhotolalaError.damagedCatalog(path, reason: "the manifest is empty (0 bytes)")
        } catch let error as PhotolalaError where error.code == .fileTooLarge {
            throw PhotolalaError.damagedCatalog(path, reason: "the manifest is over the limit of \(limit) bytes")
        } catch let error as PhotolalaError where error.code == .notRegularFile {
            throw PhotolalaError.damagedCatalog(path, reason: "the manifest is not a regular file (a pipe or a device is never read)")
        }
    }

    /// What reading one shard gave: its rows, or why it was rejected, and its row problems.
    private struct ShardLoad: Sendable {
        var entries: [CatalogEntry] = []
        var problems: [CatalogProblem] = []
        var rejection: String?
    }

    private func loadShard(_ index: Int, in directory: String, recorded: CatalogManifest.Shard?) -> ShardLoad {
        var result = ShardLoad()
        if let status = try? FileStatus(path: directory + "/" + Self.shardName(index)), status.size > CatalogCSV.Limits.shardBytes {
            result.rejection = "Shard \(Self.shardName(index)) is over the limit of \(CatalogCSV.Limits.shardBytes) bytes; its rows are not trusted."
            return result
        }
        let (bytes, matches) = shardBytes(index, in: directory, expected: recorded?.sha256)
        // A shard file the manifest does not describe has no checksum to be trusted by.
        if bytes != nil, recorded == nil {
            result.rejection = "Shard \(Self.shardName(index)) is not in the manifest; its rows are not trusted."
            return result
        }
        guard let bytes else {
            if let recorded, recorded.rows > 0 {
                result.rejection = "Shard \(Self.shardName(index)) is missing; the manifest lists \(recorded.rows) rows in it."
            }
            return result
        }
        guard matches else {
            result.rejection = "Shard \(Self.shardName(index)) does not match its checksum in the manifest; its rows are not trusted."
            return result
        }
        let decoded: (entries: [CatalogEntry], problems: [CatalogCSV.RowProblem])
        do {
            decoded = try CatalogCSV.decodeWithinLimits(bytes)
        } catch {
            result.rejection = "Shard \(Self.shardName(index)) is refused: \(error.reason); its rows are not trusted."
            return result
        }
        let (entries, rowProblems) = decoded
        result.problems = rowProblems.map { problem in
            CatalogProblem(
                shard: index, line: problem.line, message: "\(Self.shardName(index)) line \(problem.line): \(problem.reason); the row is skipped.")
        }
        // Kept as parsed, not copied row by row, unless a row is in the wrong shard.
        result.entries = entries
        if entries.contains(where: { $0.shard != index }) {
            result.entries.removeAll { $0.shard != index }
            for entry in entries where entry.shard != index {
                result.problems.append(
                    CatalogProblem(
                        shard: index, line: nil,
                        message: "\(Self.shardName(index)) holds \(entry.md5), which belongs in \(Self.shardName(entry.shard)); skipped."))
            }
        }
        return result
    }

    /// A shard's bytes and whether they match the manifest's checksum. When a build was killed
    /// while renaming shards into place, the shard the manifest describes is still in
    /// `.previous/`, and is used from there.
    private func shardBytes(_ index: Int, in directory: String, expected: String?) -> (bytes: [UInt8]?, matches: Bool) {
        let current = try? FileContents(path: directory + "/" + Self.shardName(index), sizeLimit: CatalogCSV.Limits.shardBytes).bytes
        guard let expected else { return (current, true) }
        if let current, ContentHash.sha256(of: current) == expected { return (current, true) }
        let previousPath = directory + "/" + DirectorySwap.previousDirectoryName + "/" + Self.shardName(index)
        if let previous = try? FileContents(path: previousPath, sizeLimit: CatalogCSV.Limits.shardBytes).bytes,
            ContentHash.sha256(of: previous) == expected
        {
            return (previous, true)
        }
        return (current, false)
    }

    /// Everything wrong with the catalog: a damaged manifest, missing or altered shards,
    /// malformed rows, and counts that disagree with the manifest (``load()``'s problems, the
    /// list `catalog build` also goes by). Empty when it is sound.
    /// - Throws: ``PhotolalaError/noCatalog`` when there is none.
    public func verify() throws -> [CatalogProblem] {
        do {
            return try load().problems
        } catch let error as PhotolalaError where error.code == .damagedCatalog {
            return [CatalogProblem(shard: nil, line: nil, message: error.message)]
        }
    }

    // MARK: - Writing

    /// Writes a complete catalog of `entries`, keeping the directory UUID and creation date of
    /// `previous`. Every shard is written to a temporary file first, then all are renamed into
    /// place, unchanged shards are left alone, and the manifest goes last: a build killed
    /// part-way leaves the previous catalog as it was.
    /// - Returns: The new manifest and the directory it was written to (the mirror when the
    ///   folder cannot be written).
    /// - Throws: ``PhotolalaError/writeFailed`` when neither place can be written.
    @discardableResult
    public func write(_ entries: [CatalogEntry], previous: CatalogManifest? = nil) throws -> (manifest: CatalogManifest, directory: String) {
        let (encoded, manifest) = Self.render(entries, previous: previous)
        do {
            try write(encoded, manifest: manifest, to: ownDirectory)
            return (manifest, ownDirectory)
        } catch let error as PhotolalaError where error.code == .writeFailed {
            try write(encoded, manifest: manifest, to: mirrorDirectory)
            return (manifest, mirrorDirectory)
        }
    }

    /// The 16 shard files and the manifest describing them, keeping the directory UUID and
    /// creation date of `previous`: the same bytes for a folder and for the cloud catalog.
    static func render(_ entries: [CatalogEntry], previous: CatalogManifest?) -> (shards: [[UInt8]], manifest: CatalogManifest) {
        // Positions, not copies: a million rows are 100 MB, their positions 8.
        var byShard = [[Int]](repeating: [], count: 16)
        for index in entries.indices {
            byShard[entries[index].shard].append(index)
        }
        let encoded = byShard.map { shard in CatalogCSV.encode(shard.lazy.map { entries[$0] }) }
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        let manifest = CatalogManifest(
            version: CatalogManifest.currentVersion,
            directoryUUID: previous?.directoryUUID ?? UUID().uuidString,
            created: previous?.created ?? now,
            modified: now,
            photoCount: entries.count,
            shards: encoded.enumerated().map { index, bytes in
                CatalogManifest.Shard(index: index, sha256: ContentHash.sha256(of: bytes), rows: byShard[index].count)
            }
        )
        return (encoded, manifest)
    }

    /// Writes the changed shards and then the manifest through ``DirectorySwap``: a shard
    /// whose file already holds exactly the new bytes is left alone.
    private func write(_ shards: [[UInt8]], manifest: CatalogManifest, to directory: String) throws {
        // First the repair, so that a shard a killed build left is not taken for an unchanged one.
        try recoverInterruptedWrite(in: directory)
        let unchanged = Set(
            manifest.shards.filter { shard in
                let current = try? FileContents(path: directory + "/" + Self.shardName(shard.index), sizeLimit: CatalogCSV.Limits.shardBytes).bytes
                return current.map { ContentHash.sha256(of: $0) == shard.sha256 } ?? false
            }.map(\.index))
        let changed = shards.enumerated().filter { !unchanged.contains($0.offset) }.map { (name: Self.shardName($0.offset), bytes: $0.element) }
        try DirectorySwap(directory: directory, logger: logger).replace(files: changed, commit: (Self.manifestName, try manifest.propertyList()))
    }

    /// Undoes what a killed build left (see ``DirectorySwap/recover()``). A build that finds its
    /// catalog current calls it too, for a build killed after its manifest went into place but
    /// before it removed `.previous/`.
    func recoverInterruptedWrite(in directory: String) throws {
        try DirectorySwap(directory: directory, logger: logger).recover()
    }
}

/// A catalog as loaded: its manifest, the entries of every trusted shard, and what was wrong.
public struct LoadedCatalog: Sendable {
    public let manifest: CatalogManifest
    /// The `.photolala` folder it was read from.
    public let directory: String
    public var entries: [CatalogEntry] = []
    /// Everything `verify` reports; empty exactly when the catalog is sound.
    public var problems: [CatalogProblem] = []
    /// Shards left out because they were missing or failed their checksum.
    public var rejectedShards: Set<Int> = []

    init(manifest: CatalogManifest, directory: String) {
        self.manifest = manifest
        self.directory = directory
    }

    mutating func reject(_ shard: Int, _ message: String) {
        rejectedShards.insert(shard)
        problems.append(CatalogProblem(shard: shard, line: nil, message: message))
    }
}
