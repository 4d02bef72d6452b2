import ArgumentParser
import Foundation
import Logging

/// Every command names itself (`commandName`): the argument parser otherwise makes each name
/// from its type's with `String(describing:)`, a search of the binary's protocol conformances
/// per type that took a third of a short command's start.
@main
struct Photolala: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photolala",
        abstract: "Browse and back up very large photo collections.",
        discussion: """
            Photos are known by the MD5 of their content; thumbnails are cached under it, so a \
            photo is decoded once however often and wherever it is seen.
            """,
        version: PhotolalaVersion.current,
        subcommands: [
            Serve.self, Scan.self, Info.self, Search.self, Places.self, Index.self, Thumbnail.self, Thumbnails.self, Export.self, Tag.self,
            Copy.self, Move.self, Trash.self, Album.self,
            Catalog.self,
            Library.self, Backup.self, Cloud.self,
        ]
    )

    /// Parses the command line, sends log messages to standard error at the level asked
    /// (`--log-level`, else `PHOTOLALA_LOG_LEVEL`), then runs the command.
    static func main() async {
        do {
            var command = try parseAsRoot()
            let flag = (command as? any GlobalOptionsCommand)?.global.logLevel
            let level = try GlobalOptions.logLevel(flag: flag, environment: ProcessInfo.processInfo.environment)
            LoggingSystem.bootstrap { label in StandardErrorLogHandler(label: label, level: level) }
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: PhotolalaCommandError.presentable(error))
        }
    }
}
