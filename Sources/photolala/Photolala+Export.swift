import ArgumentParser
import PhotolalaKit

extension Photolala {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Copy photos out of a folder into another, under their own names.",
            discussion: """
                Each file is written to a temporary name and renamed, so the folder never holds \
                a half-written copy; a taken name gets a number, as in 'IMG_0042 (2).HEIC'. Only \
                photos are exported (recognised by their bytes, as a listing shows them); for an \
                Apple Photos library, use 'photolala library export'.
                """
        )

        @Argument(help: ArgumentHelp("The photos to export.", valueName: "photo"))
        var photos: [String] = []

        @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write into; made if missing.", valueName: "dir"))
        var output: String

        func validate() throws {
            guard !photos.isEmpty else { throw ValidationError("Name at least one photo to export.") }
        }

        func run() async throws {
            let folder = GlobalOptions.absolute(output)
            var terminal = Terminal()
            try await terminal.forEachPhoto(photos, undone: "exported") { photo in
                let file = try PathArgument(photoFile: photo)
                defer { file.release() }
                return [try FolderExport.exportPhoto(at: file.path, into: folder).escapingControlCharacters]
            }
        }
    }
}
