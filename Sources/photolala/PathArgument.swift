// libdispatch's C module declares `stat` for this target (MemberImportVisibility names it).
import CDispatch
import Foundation
import Glibc
import PhotolalaKit

/// A photo file named on the command line, checked before the engine opens it, so that a
/// folder, a device, a FIFO or an empty path gets a sentence saying what it is (the engine's
/// reads would fail on them with a Foundation error's dump, or never end).
///
/// A name that is not UTF-8 reaches the parser with U+FFFD in place of its bad bytes, which
/// name no file. Its bytes are taken from `argv` and the file is reached through a link with a
/// UTF-8 name in a private temporary folder, removed by ``release()``; ``shown`` is the name with
/// those bytes escaped.
struct PathArgument {
    /// The path the engine opens.
    let path: String
    /// The path as printed: control characters and bytes that are not UTF-8 escaped.
    let shown: String
    /// The temporary folder holding the link to a file whose name is not UTF-8.
    private let linkFolder: String?

    /// Checks `argument` as the path of one photo file.
    /// - Parameter linking: Whether a name that is not UTF-8 may be reached through a link; a
    ///   command that records the path (the backup queue) passes `false`, and such a name is refused.
    /// - Throws: ``PhotolalaCommandError`` for an empty path, a folder, anything but a regular
    ///   file, or a name that is not UTF-8 where it cannot be linked; `PhotolalaError.emptyFile`
    ///   for a file of 0 bytes. A path that names nothing is left to the engine, which says so.
    init(photoFile argument: String, linking: Bool = true) throws {
        guard !argument.isEmpty else { throw PhotolalaCommandError.emptyPath }
        let absolute = GlobalOptions.absolute(argument)
        guard let raw = Self.nonUTF8Arguments[argument] else {
            try Self.check(Array(absolute.utf8), shown: absolute)
            path = absolute
            shown = absolute.escapingControlCharacters
            linkFolder = nil
            return
        }
        var bytes = raw
        if raw.first != UInt8(ascii: "/") {
            bytes = Array(FileManager.default.currentDirectoryPath.utf8) + [UInt8(ascii: "/")] + raw
        }
        let shown = String(escapingBytes: bytes)
        guard linking else { throw PhotolalaCommandError.nonUTF8Name(shown) }
        try Self.check(bytes, shown: shown)
        let folder = FileManager.default.temporaryDirectory.path + "/photolala-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let name = String(escapingBytes: bytes.split(separator: UInt8(ascii: "/")).last ?? []).replacingOccurrences(of: "/", with: "_")
        let link = folder + "/" + name
        guard symlink(bytes.map { CChar(bitPattern: $0) } + [0], link) == 0 else {
            try? FileManager.default.removeItem(atPath: folder)
            throw PhotolalaCommandError.nonUTF8Name(shown)
        }
        self.path = link
        self.shown = shown
        self.linkFolder = folder
    }

    /// Whether the file is reached through a link, its name not being UTF-8.
    var isLinked: Bool { linkFolder != nil }

    /// Removes the link made for a name that is not UTF-8.
    func release() {
        if let linkFolder {
            try? FileManager.default.removeItem(atPath: linkFolder)
        }
    }

    /// Refuses what is no photo file by what `stat` says of it; a path `stat` cannot follow is
    /// left to the engine, whose message names the reason.
    private static func check(_ bytes: [UInt8], shown: String) throws {
        var info = stat()
        guard stat(bytes.map { CChar(bitPattern: $0) } + [0], &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard info.st_size > 0 else { throw PhotolalaError.emptyFile(shown) }
        case S_IFDIR:
            throw PhotolalaCommandError.folderGiven(shown)
        default:
            throw PhotolalaCommandError.notRegularFile(shown)
        }
    }

    /// The bytes of each argument that is not UTF-8, by the text the parser made of it.
    static let nonUTF8Arguments: [String: [UInt8]] = {
        var found: [String: [UInt8]] = [:]
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument)))
            if String(validating: bytes, as: UTF8.self) == nil {
                found[String(decoding: bytes, as: UTF8.self)] = bytes
            }
        }
        return found
    }()
}
