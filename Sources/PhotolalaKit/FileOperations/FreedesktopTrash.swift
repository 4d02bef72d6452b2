import Foundation
import PhotolalaSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The desktop's Trash, laid out as the freedesktop.org Trash specification (1.0) says, so the
/// file manager lists what Photolala put there and its "Restore" brings it back (as do `gio
/// trash` and trash-cli): nothing is ever deleted for good.
///
/// A file is moved by a rename, never copied: into the home Trash (`$XDG_DATA_HOME/Trash`) when
/// it lies on the same filesystem, else into its volume's (`$topdir/.Trash/$uid` when the
/// administrator made a sticky, real `.Trash`, else `$topdir/.Trash-$uid`). Its `.trashinfo`
/// is written first, created exclusively, which reserves the name; the file follows.
///
/// ```swift
/// let trash = FreedesktopTrash(environment: ProcessInfo.processInfo.environment)
/// let trashed = try trash.trash("/home/ann/Pictures/IMG_1.jpg")
/// try trash.restore(trashed)   // Undo
/// ```
public struct FreedesktopTrash: Sendable {
    /// A file in the Trash, and where it came from.
    public struct Trashed: Sendable, Equatable, Codable {
        public let originalPath: String
        /// The file in the Trash's `files/`.
        public let path: String
        /// Its `.trashinfo` in the Trash's `info/`.
        public let infoPath: String
    }

    /// The home Trash: `$XDG_DATA_HOME/Trash`, else `~/.local/share/Trash`.
    public let homeTrash: String
    private let userID: uid_t

    public init(environment: [String: String]) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        homeTrash = data + "/Trash"
        userID = getuid()
    }

    /// Moves the file at `path` into the Trash of its filesystem.
    /// - Throws: ``PhotolalaError/unreadableFile`` when it is not there,
    ///   ``PhotolalaError/writeFailed`` when no Trash can be made or written on its volume, or
    ///   the rename fails; nothing is moved then.
    public func trash(_ path: String) throws -> Trashed {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw PhotolalaError.unreadableFile(path, errno: errno) }
        let (trash, topDirectory) = try trashDirectory(forFileOn: info.st_dev, at: path)
        for folder in [trash, trash + "/files", trash + "/info"] where mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw PhotolalaError.writeFailed(folder, errno: errno)
        }
        // The home Trash names the file by its absolute path, a volume's relative to its top.
        let recorded = topDirectory.map { String(path.dropFirst($0 == "/" ? 1 : $0.count + 1)) } ?? path
        let contents = "[Trash Info]\nPath=\(Self.escaped(recorded))\nDeletionDate=\(Self.deletionDate(Date()))\n"
        let (name, infoPath) = try reserveName(for: FilePath.name(of: path), in: trash, info: Array(contents.utf8))
        let trashedPath = trash + "/files/" + name
        guard rename(path, trashedPath) == 0 else {
            let code = errno
            unlink(infoPath)
            throw PhotolalaError.writeFailed(trashedPath, errno: code)
        }
        return Trashed(originalPath: path, path: trashedPath, infoPath: infoPath)
    }

    /// Puts a trashed file back where it was, as the file manager's Restore does.
    /// - Throws: ``PhotolalaError/writeFailed`` with `EEXIST` when a file is there again, or
    ///   when the rename fails; the file stays in the Trash then.
    public func restore(_ trashed: Trashed) throws {
        var info = stat()
        guard lstat(trashed.originalPath, &info) != 0 else { throw PhotolalaError.writeFailed(trashed.originalPath, errno: EEXIST) }
        guard rename(trashed.path, trashed.originalPath) == 0 else { throw PhotolalaError.writeFailed(trashed.originalPath, errno: errno) }
        unlink(trashed.infoPath)
    }

    /// The Trash for a file on device `device`, and the top of its volume when it is not the
    /// home Trash.
    private func trashDirectory(forFileOn device: dev_t, at path: String) throws -> (String, String?) {
        let homeData = String(homeTrash.dropLast("/Trash".count))
        // Made when missing; where it cannot be, the stat below fails and a volume's Trash is used.
        try? FileManager.default.createDirectory(atPath: homeData, withIntermediateDirectories: true)
        var info = stat()
        if stat(homeData, &info) == 0, info.st_dev == device { return (homeTrash, nil) }
        let top = Self.topDirectory(of: path, device: device)
        let shared = (top == "/" ? "" : top) + "/.Trash"
        // A shared `.Trash` counts only when the administrator made it: a real folder with the sticky bit.
        if lstat(shared, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_mode & S_ISVTX != 0 {
            return (shared + "/\(userID)", top)
        }
        return ((top == "/" ? "" : top) + "/.Trash-\(userID)", top)
    }

    /// The top folder of the volume holding `path`: the last ancestor on the same device.
    private static func topDirectory(of path: String, device: dev_t) -> String {
        var top = FilePath.parent(of: path)
        var info = stat()
        while top != "/" {
            let parent = FilePath.parent(of: top)
            guard stat(parent, &info) == 0, info.st_dev == device else { break }
            top = parent
        }
        return top
    }

    /// A name free in the Trash's `info/` (`IMG_1.jpg`, `IMG_1.2.jpg`, …), taken by creating its
    /// `.trashinfo` exclusively with `contents`.
    private func reserveName(for name: String, in trash: String, info contents: [UInt8]) throws -> (String, String) {
        let stem = FilePairing.baseName(of: name)
        let suffix = name.dropFirst(stem.count)
        for number in 1...10_000 {
            let candidate = number == 1 ? name : stem.isEmpty ? name + ".\(number)" : "\(stem).\(number)\(suffix)"
            let infoPath = trash + "/info/" + candidate + ".trashinfo"
            let descriptor = open(infoPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                if errno == EEXIST { continue }
                throw PhotolalaError.writeFailed(infoPath, errno: errno)
            }
            let written = contents.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            let code = errno
            close(descriptor)
            guard written == contents.count else {
                unlink(infoPath)
                throw PhotolalaError.writeFailed(infoPath, errno: code)
            }
            return (candidate, infoPath)
        }
        throw PhotolalaError.writeFailed(trash + "/info/" + name + ".trashinfo", errno: EEXIST)
    }

    /// A path as the specification writes it: URL-escaped bytes, `/` kept.
    static func escaped(_ path: String) -> String {
        let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~/".utf8)
        return path.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
    }

    /// `YYYY-MM-DDThh:mm:ss` in local time, as the specification asks.
    static func deletionDate(_ date: Date) -> String {
        var components = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        components.calendar = nil
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", components.year ?? 0, components.month ?? 0, components.day ?? 0, components.hour ?? 0,
            components.minute ?? 0, components.second ?? 0)
    }
}
