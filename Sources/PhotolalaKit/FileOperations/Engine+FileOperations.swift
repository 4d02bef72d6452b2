import Logging
import PhotolalaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Engine {
    /// A file copied or moved, with where it was.
    public struct TransferredFile: Sendable, Equatable {
        public let source: String
        public let destination: String
    }

    /// Copies or moves the photo at `path` into `folder` with the files that go with it
    /// (``PhotoFiles``: its sidecars, and the other files of a RAW+JPEG pair or Live Photo), each
    /// one safely (``FileTransfer``): a kill at any moment leaves every file whole in at least
    /// one place. What is known of a file follows it without its being read again: the identity
    /// index and the search index learn its MD5 at its new path, so its thumbnail, stars,
    /// backup state and albums, which go by MD5, are its own there.
    /// - Returns: The files copied or moved, the photo first.
    /// A move a crash stopped is finished: a file whose copy is in `folder` already is removed.
    /// Temporary files that copies killed before their end left in `folder` are removed.
    /// - Throws: ``PhotolalaError/transferRefused`` before anything is done when `folder` is no
    ///   folder, is the photo's own, or has a file of one of the names; what ``FileTransfer``
    ///   throws for a file, after the files before it were copied or moved (each whole).
    public func transfer(photoAt path: String, into folder: String, mode: FileTransfer.Mode) throws -> [TransferredFile] {
        var info = stat()
        guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw PhotolalaError.transferRefused(path, reason: "'\(folder)' is not a folder")
        }
        let files = PhotoFiles.of(path)
        let target = folder.hasSuffix("/") ? folder : folder + "/"
        if FilePath.canonical(FilePath.parent(of: path)) == FilePath.canonical(folder) {
            throw PhotolalaError.transferRefused(path, reason: "it is in '\(folder)' already")
        }
        // The files whose copy a stopped move made, by their MD5: only their originals are removed.
        var copied: [String: String] = [:]
        for file in files {
            var there = stat()
            var here = stat()
            guard lstat(target + FilePath.name(of: file), &there) == 0 else { continue }
            if mode == .move, lstat(file, &here) == 0,
                let md5 = try FileTransfer.md5(ofCopy: target + FilePath.name(of: file), status: there, of: file, status: here)
            {
                copied[file] = md5
                continue
            }
            throw PhotolalaError.transferRefused(file, reason: "a file named '\(FilePath.name(of: file))' is in '\(folder)' already")
        }
        FileTransfer.removeLeftovers(in: folder)
        let known = (try? identities.identities(forPaths: files)) ?? [:]
        var done: [TransferredFile] = []
        var learnt: [FileIdentity] = []
        for file in files {
            let moved: FileTransfer.Done
            if let md5 = copied[file] {
                try FileTransfer.removeOriginal(file)
                moved = FileTransfer.Done(path: target + FilePath.name(of: file), md5: md5)
            } else {
                moved = try FileTransfer.transfer(file, into: folder, mode: mode)
            }
            done.append(TransferredFile(source: file, destination: moved.path))
            guard let md5 = moved.md5 ?? known[file]?.md5, let status = try? FileStatus(path: moved.path) else { continue }
            learnt.append(FileIdentity(path: moved.path, status: status, md5: md5, headMD5: known[file]?.headMD5))
        }
        do {
            try identities.record(learnt)
            try searchIndex.recordMD5s(ofFiles: learnt.map { ($0.path, $0.md5) })
        } catch {
            // The files are where they were asked to go; what was learnt is learnt again when read.
            logger.warning("What is known of files copied or moved could not be recorded.", metadata: ["error": "\(error)"])
        }
        return done
    }
}
