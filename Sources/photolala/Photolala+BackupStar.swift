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
            // What names no photo file is refused here, in a sentence; the queue records the rest.
            let results = await Photolala.Backup.results(for: paths) {
                try PathArgument(photoFile: $0, linking: false).path
            } act: {
                await queue.star($0)
            }
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
            // A device or a FIFO would be hashed forever, looking for a starred photo moved there.
            let results = await Photolala.Backup.results(for: paths) { path in
                ContentHash.isMD5(path) && !FileManager.default.fileExists(atPath: path)
                    ? path : try PathArgument(photoFile: path, linking: false).path
            } act: {
                await queue.unstar($0)
            }
            try Photolala.Backup.report(results, for: paths, done: "unstarred", failed: "unstarred")
        }
    }

    /// Every path's result, in order: `act` runs on the paths `check` turns into targets, and a
    /// path the check refused keeps its error.
    static func results(
        for paths: [String], check: (String) throws -> String, act: ([String]) async -> [Result<String, any Error>]
    ) async -> [Result<String, any Error>] {
        var results = paths.map { path in Result<String, any Error> { try check(path) } }
        let accepted = results.indices.compactMap { index in (try? results[index].get()).map { (index, $0) } }
        for ((index, _), result) in zip(accepted, await act(accepted.map(\.1))) {
            results[index] = result
        }
        return results
    }

    /// Prints a line per photo (`done MD5  PATH`), the failures on standard error; every photo
    /// is tried, and the command fails at the end when any could not be `failed`.
    static func report(_ results: [Result<String, any Error>], for paths: [String], done: String, failed: String) throws {
        var terminal = Terminal()
        var failures = 0
        for (path, result) in zip(paths, results) {
            switch result {
            case .success(let md5):
                terminal.output("\(done) \(md5)  \(path.escapingControlCharacters)")
            case .failure(let error):
                failures += 1
                terminal.message("error: \(path.escapingControlCharacters): \(PhotolalaCommandError.message(for: error))")
            }
        }
        if failures > 0 {
            throw PhotolalaCommandError("\(failures) of \(paths.count) photos could not be \(failed).")
        }
    }
}
