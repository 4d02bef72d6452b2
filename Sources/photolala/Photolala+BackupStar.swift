import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala.Backup {
    struct Star: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(commandName: "star", abstract: "Add photos to the backup queue (their MD5 is computed now).")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "Photo files.")
        var paths: [String]

        func run() async throws {
            let queue = try CloudContext(global: global).queue()
            let results = await queue.star(paths.map(GlobalOptions.absolute))
            try Photolala.Backup.report(results, for: paths, done: "\(BackupState.starred.badge)", failed: "starred")
        }
    }

    struct Unstar: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "unstar",
            abstract: "Take photos off the backup queue; copies already in the cloud stay.",
            discussion: """
                A photo is found by the path it was starred under, so an edited or deleted file \
                can be unstarred too; an MD5 that 'backup status' lists works as well.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "Photo files, or MD5s of starred photos.")
        var paths: [String]

        func run() async throws {
            let queue = try CloudContext(global: global).queue()
            let targets = paths.map { ContentHash.isMD5($0) && !FileManager.default.fileExists(atPath: $0) ? $0 : GlobalOptions.absolute($0) }
            let results = await queue.unstar(targets)
            try Photolala.Backup.report(results, for: paths, done: "unstarred", failed: "unstarred")
        }
    }

    /// Prints a line per photo (`done MD5  PATH`), the failures on standard error; every photo
    /// is tried, and the command fails at the end when any could not be `failed`.
    static func report(_ results: [Result<String, any Error>], for paths: [String], done: String, failed: String) throws {
        var terminal = Terminal()
        var failures = 0
        for (path, result) in zip(paths, results) {
            switch result {
            case .success(let md5):
                terminal.output("\(done) \(md5)  \(path)")
            case .failure(let error):
                failures += 1
                terminal.message("error: \(path): \(error)")
            }
        }
        if failures > 0 {
            throw PhotolalaCommandError("\(failures) of \(paths.count) photos could not be \(failed).")
        }
    }
}
