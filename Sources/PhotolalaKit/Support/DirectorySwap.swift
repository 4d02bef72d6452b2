import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces the files of a directory as one, so that a kill -9 at any point leaves either the
/// old set or the new set whole: the one crash-safe swap of folder catalogs and of the cloud
/// catalog's local copy.
///
/// A set is read through its *commit file* (a catalog's manifest), which is renamed into place
/// last. Until then, each file being replaced or removed waits in `.previous/`, beside the
/// staged commit file (`.previous/.pending`): a reader holding the old commit file still finds
/// there every file it describes, and ``recover()`` at the next start puts them back. Once the
/// commit file is in place, `.pending` is gone and what is left in `.previous/` is only removed.
/// Files neither replaced nor removed are never touched, so an unchanged shard keeps its bytes.
///
/// ```swift
/// let swap = DirectorySwap(directory: catalogDirectory, logger: logger)
/// try swap.replace(files: [("a.csv", shard)], commit: ("manifest.plist", manifest))
/// ```
struct DirectorySwap: Sendable {
    /// Holds the files a swap is replacing, and the staged commit file, until the swap is done.
    static let previousDirectoryName = ".previous"
    /// The staged commit file's name in `.previous/`: there, the swap has not happened yet.
    static let pendingName = ".pending"

    let directory: String
    /// Where a leftover that cannot be removed is told.
    let logger: Logger

    var previousDirectory: String { directory + "/" + Self.previousDirectoryName }

    /// Writes `files` and then `commit` into the directory (made if missing), and removes the
    /// files named in `removing`; an interrupted earlier swap is recovered first.
    /// - Throws: ``PhotolalaError/writeFailed`` with the system's reason; the old set is then
    ///   still in place, or put back by ``recover()``.
    func replace(files: [(name: String, bytes: [UInt8])], commit: (name: String, bytes: [UInt8]), removing: [String] = []) throws {
        try AtomicFile.createFolder(directory)
        try recover()
        var staged: [(temporary: String, name: String)] = []
        do {
            for (name, bytes) in files {
                staged.append((try AtomicFile.writeTemporary(bytes, beside: path(name)), name))
            }
            try AtomicFile.createFolder(previousDirectory)
            try AtomicFile.write(commit.bytes, to: previousDirectory + "/" + Self.pendingName)
        } catch {
            staged.forEach { unlink($0.temporary) }
            throw error
        }
        for (temporary, name) in staged {
            try moveAside(name)
            try AtomicFile.commit(temporary, to: path(name))
        }
        for name in removing {
            try moveAside(name)
        }
        // The swap: from here on the new set is the directory's.
        try AtomicFile.commit(previousDirectory + "/" + Self.pendingName, to: path(commit.name))
        FileManager.default.removeLeftover(atPath: previousDirectory, logger: logger)
    }

    /// Undoes what an interrupted swap left: temporary files, and, when its commit file was not
    /// in place yet, the files it had moved aside, which go back (the old set is whole again);
    /// when it was, the old files, which go.
    /// - Throws: ``PhotolalaError/writeFailed`` when a file cannot be put back.
    func recover() throws {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: directory) {
            for name in names where name.hasPrefix(AtomicFile.temporaryPrefix) {
                unlink(path(name))
            }
        }
        guard access(previousDirectory, F_OK) == 0 else { return }
        if access(previousDirectory + "/" + Self.pendingName, F_OK) == 0 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: previousDirectory)) ?? []
            for name in names where name != Self.pendingName && !name.hasPrefix(AtomicFile.temporaryPrefix) {
                try AtomicFile.commit(previousDirectory + "/" + name, to: path(name))
            }
        }
        FileManager.default.removeLeftover(atPath: previousDirectory, logger: logger)
    }

    private func path(_ name: String) -> String {
        directory + "/" + name
    }

    /// Moves the current file `name`, if any, into `.previous/`.
    private func moveAside(_ name: String) throws {
        guard access(path(name), F_OK) == 0 else { return }
        try AtomicFile.commit(path(name), to: previousDirectory + "/" + name)
    }
}
