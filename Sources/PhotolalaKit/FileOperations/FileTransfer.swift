import Crypto
import Foundation
import PhotolalaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies or moves one file into a folder so that a crash, a full disk or a kill at any moment
/// leaves it whole in at least one place, and never replaces a file already there.
///
/// A move within one filesystem is a new name for the same file (`link`, which refuses a name
/// taken, then `unlink` of the old one): its bytes are never read. Across filesystems, and for
/// a copy, the bytes go to a hidden temporary file in the folder (`.tmp-…`, which listings skip),
/// which is flushed to the disk (`fsync`), read back and compared by MD5 with what was read of
/// the original, then given its name; only then, for a move, is the original removed. The
/// copy keeps the original's modification time and permissions.
public enum FileTransfer {
    /// Copy, or move.
    public enum Mode: Sendable {
        case copy
        case move
    }

    /// What was done: the new path, and the MD5 when the bytes were read (a copy, or a move
    /// across filesystems).
    struct Done: Sendable, Equatable {
        let path: String
        let md5: String?
    }

    /// Copies or moves the regular file at `source` into `folder`, under its own name.
    /// - Throws: ``PhotolalaError/transferRefused`` when the name is taken there, the file is
    ///   no regular file (a link is never followed), or it would go onto itself;
    ///   ``PhotolalaError/unreadableFile`` or ``PhotolalaError/writeFailed`` with the system's
    ///   reason (a full disk, a read-only folder). The original is where it was then, whole,
    ///   and no part of a copy is left.
    static func transfer(_ source: String, into folder: String, mode: Mode) throws -> Done {
        let destination = (folder.hasSuffix("/") ? folder : folder + "/") + FilePath.name(of: source)
        var info = stat()
        guard lstat(source, &info) == 0 else { throw PhotolalaError.unreadableFile(source, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw PhotolalaError.transferRefused(source, reason: "it is not a regular file (a link, a folder or a device)")
        }
        var target = stat()
        if lstat(destination, &target) == 0 {
            let reason =
                target.st_dev == info.st_dev && target.st_ino == info.st_ino
                ? "it is in that folder already" : "a file named '\(FilePath.name(of: source))' is in '\(folder)' already"
            throw PhotolalaError.transferRefused(source, reason: reason)
        }
        if mode == .move {
            if link(source, destination) == 0 {
                syncFolder(of: destination)
                try removeOriginal(source)
                return Done(path: destination, md5: nil)
            }
            // Another filesystem, or one without links (FAT): the bytes are copied.
            guard [EXDEV, EPERM, ENOTSUP, EOPNOTSUPP, EMLINK].contains(errno) else {
                if errno == EEXIST {
                    throw PhotolalaError.transferRefused(source, reason: "a file named '\(FilePath.name(of: source))' is in '\(folder)' already")
                }
                throw PhotolalaError.writeFailed(destination, errno: errno)
            }
        }
        let md5 = try copyVerified(source, to: destination, status: info)
        if mode == .move { try removeOriginal(source) }
        return Done(path: destination, md5: md5)
    }

    /// The MD5 of `original` when the regular file at `copy` is another file with the same
    /// bytes (a move a crash stopped after its copy was made); `nil` otherwise.
    static func md5(ofCopy copy: String, status copyStatus: stat, of original: String, status: stat) throws -> String? {
        guard copyStatus.st_mode & S_IFMT == S_IFREG, copyStatus.st_size == status.st_size,
            copyStatus.st_dev != status.st_dev || copyStatus.st_ino != status.st_ino
        else { return nil }
        let md5 = try ContentHash.md5(ofFileAt: original)
        return try ContentHash.md5(ofFileAt: copy) == md5 ? md5 : nil
    }

    /// Removes the original of a file now whole in its new place, and makes that last.
    static func removeOriginal(_ source: String) throws {
        guard unlink(source) == 0 else { throw PhotolalaError.writeFailed(source, errno: errno) }
        syncFolder(of: source)
    }

    /// Removes what copies killed before their end left in `folder`: temporary files
    /// (``AtomicFile/temporaryPrefix``) of processes that are gone.
    static func removeLeftovers(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(AtomicFile.temporaryPrefix) {
            let fields = name.dropFirst(AtomicFile.temporaryPrefix.count).split(separator: "-", maxSplits: 1)
            guard let pid = fields.first.flatMap({ pid_t($0) }), pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink((folder.hasSuffix("/") ? folder : folder + "/") + name)
        }
    }

    /// Copies `source` to the free name `destination` through a temporary file flushed to the
    /// disk and read back; returns the MD5 both have.
    private static func copyVerified(_ source: String, to destination: String, status: stat) throws -> String {
        let input = try RegularFile(path: source)
        let (temporary, output) = try AtomicFile.createTemporary(beside: destination, permissions: status.st_mode & 0o7777)
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        var hasher = Insecure.MD5()
        do {
            defer { close(output) }
            try input.forEachChunk { chunk in
                hasher.update(bufferPointer: chunk)
                let failure = writeAll(chunk, to: output)
                if failure != 0 { throw PhotolalaError.writeFailed(destination, errno: failure) }
            }
            var times = [status.st_atim, status.st_mtim]
            guard futimens(output, &times) == 0, fsync(output) == 0 else { throw PhotolalaError.writeFailed(destination, errno: errno) }
        }
        let md5 = ContentHash.hex(hasher.finalize())
        guard try ContentHash.md5(ofFileAt: temporary) == md5 else {
            throw PhotolalaError.transferRefused(source, reason: "its copy did not read back the same (the disk or its connection is failing)")
        }
        // A name, not a rename: a file given the name meanwhile is never replaced.
        guard link(temporary, destination) == 0 else {
            if errno == EEXIST {
                throw PhotolalaError.transferRefused(source, reason: "a file named '\(FilePath.name(of: source))' came into the folder meanwhile")
            }
            guard [EPERM, ENOTSUP, EOPNOTSUPP, EMLINK].contains(errno), access(destination, F_OK) != 0, rename(temporary, destination) == 0 else {
                throw PhotolalaError.writeFailed(destination, errno: errno)
            }
            committed = true
            syncFolder(of: destination)
            return md5
        }
        committed = true
        unlink(temporary)
        syncFolder(of: destination)
        return md5
    }

    /// Flushes a folder's entries to the disk, so a new name outlives a crash.
    private static func syncFolder(of path: String) {
        let folder = open(FilePath.parent(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return }
        fsync(folder)
        close(folder)
    }
}
