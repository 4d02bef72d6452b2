import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala {
    struct Library: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "library",
            abstract: "Read an Apple Photos library (.photoslibrary, macOS 10.15 to 26): info, photos, albums, export.",
            discussion: """
                The library is never modified: its database is copied to the cache's tmp/ \
                folder and the copy is read. Photos 2–4 libraries (macOS 10.14 and earlier) are not \
                supported.
                """,
            subcommands: [Info.self, List.self, Albums.self, Export.self]
        )
    }
}

extension Photolala.Library {
    /// Opens the library at `path`, its database copied into the cache's `tmp/`, warning on
    /// standard error about what it could not make sense of (albums or keywords that will show
    /// empty).
    /// - Throws: ``PhotolalaError`` when `path` is no readable Photos 5+ library.
    static func open(_ path: String) throws -> ApplePhotosLibrary {
        let cache = EngineConfiguration.standard(environment: ProcessInfo.processInfo.environment)
        let library = try ApplePhotosLibrary(path: GlobalOptions.absolute(path), workingDirectory: cache.temporaryDirectory)
        var terminal = Terminal()
        for problem in library.problems {
            terminal.message("warning: \(problem)")
        }
        return library
    }
}
