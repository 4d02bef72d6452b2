import ArgumentParser
import PhotolalaKit

extension Photolala {
    struct Move: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "mv",
            abstract: "Move photos into a folder, with their XMP sidecars, RAW+JPEG companions and Live Photo movies.",
            discussion: """
                On one filesystem a file is given its new name and its bytes are not read. Onto \
                another, it is copied as 'photolala cp' copies (flushed, read back, compared by MD5) \
                and the original removed only then: a crash or a kill at any moment leaves every \
                file whole in at least one place. A file of that name already in the folder is \
                never replaced. What is known of each photo (its MD5, so its thumbnail, stars, backup \
                state and albums) follows it. Prints a line per file moved; exits non-zero when any \
                could not be.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The photo files, then the folder to move them into.")
        var paths: [String]

        func validate() throws {
            guard paths.count >= 2 else { throw ValidationError("Name the photo files, then the folder to move them into.") }
        }

        func run() async throws {
            var terminal = Terminal()
            try await terminal.transfer(Array(paths.dropLast()), into: paths[paths.count - 1], mode: .move, engine: try global.makeEngine())
        }
    }
}
