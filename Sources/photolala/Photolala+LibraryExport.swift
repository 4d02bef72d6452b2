import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala.Library {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Copy photos' originals out of a library under their original filenames.",
            discussion: """
                Each file is written to a temporary name and renamed, so the folder never holds \
                a half-written copy; a taken name gets a number, as in 'IMG_0042 (2).HEIC'. An \
                original that is only in iCloud cannot be exported: download it in Photos first.
                """
        )

        @Argument(help: "The .photoslibrary folder.")
        var library: String

        @Option(
            name: .customLong("uuid"), parsing: .upToNextOption,
            help: ArgumentHelp("The photos to export (see 'photolala library list').", valueName: "uuid"))
        var uuids: [String] = []

        @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write into; made if missing.", valueName: "dir"))
        var output: String

        func validate() throws {
            guard !uuids.isEmpty else { throw ValidationError("Name at least one photo with --uuid.") }
        }

        func run() async throws {
            let photos = try Photolala.Library.open(library)
            let folder = GlobalOptions.absolute(output)
            var terminal = Terminal()
            var failures = 0
            for uuid in uuids {
                do {
                    let written = try photos.exportOriginal(of: try photos.asset(uuid: uuid), to: folder)
                    terminal.output(written)
                } catch let error as PhotolalaError {
                    failures += 1
                    terminal.message("Error: \(error.message)")
                }
            }
            if failures > 0 {
                throw PhotolalaCommandError("\(failures) of \(uuids.count) photos could not be exported.")
            }
        }
    }
}
