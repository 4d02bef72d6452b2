public import Foundation

/// Copies originals out into a folder: each under its own name (`name (2).ext` when taken, see
/// ``ExportName``), a megabyte at a time through a temporary file and a rename, so the folder
/// never holds a half-written copy.
public enum FolderExport {
    /// Copies the photo at `path` into `folder` (made if missing) and returns the path written.
    /// - Throws: ``PhotolalaError/notAnImage`` for a file that is no photo by its bytes (a
    ///   folder's export takes what its listing shows); ``PhotolalaError/unreadableFile`` or
    ///   ``PhotolalaError/writeFailed`` with the system's reason when the copy fails.
    public static func exportPhoto(at path: String, into folder: String) throws -> String {
        let status = try FileStatus(path: path)
        guard !status.isDirectory else { throw PhotolalaError.unreadableFile(path, errno: EISDIR) }
        guard status.size > 0 else { throw PhotolalaError.emptyFile(path) }
        guard ImageFormat(sniffing: try PhotoFileReader.head(of: path)) != nil else { throw PhotolalaError.notAnImage(path) }
        return try copy(path, named: FilePath.name(of: path), fallback: "Photo", into: folder)
    }

    /// Copies `source` into `folder` under `name`, or a free variant of it.
    static func copy(_ source: String, named name: String, fallback: String, into folder: String) throws -> String {
        try AtomicFile.createFolder(folder)
        let destination = folder + "/" + ExportName.free(for: name, fallback: fallback) { FileManager.default.fileExists(atPath: folder + "/" + $0) }
        try AtomicFile.copy(source, to: destination)
        return destination
    }
}
