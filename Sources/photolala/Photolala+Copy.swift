import ArgumentParser
import PhotolalaKit

extension Photolala {
    struct Copy: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "cp",
            abstract: "Copy photos into a folder, with their XMP sidecars, RAW+JPEG companions and Live Photo movies.",
            discussion: """
                Each file is written to a hidden temporary file in the folder, flushed to the disk, \
                read back and compared by MD5 with the original, and only then given its name; a \
                file of that name already in the folder is never replaced. What is known of each \
                photo (its MD5, so its thumbnail, stars and albums) follows it without its being \
                read again. Prints a line per file copied; exits non-zero when any could not be.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The photo files, then the folder to copy them into.")
        var paths: [String]

        func validate() throws {
            guard paths.count >= 2 else { throw ValidationError("Name the photo files, then the folder to copy them into.") }
        }

        func run() async throws {
            var terminal = Terminal()
            try await terminal.transfer(Array(paths.dropLast()), into: paths[paths.count - 1], mode: .copy, engine: try global.makeEngine())
        }
    }
}
