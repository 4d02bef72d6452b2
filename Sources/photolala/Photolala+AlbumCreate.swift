import ArgumentParser
import PhotolalaKit

extension Photolala.Album {
    struct Create: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make an album, or with --folder an album folder; the folders of its path are made when missing.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The album's path, as 'Travel/Rome'.")
        var name: String

        @Flag(help: "Make an album folder, which holds albums and folders.")
        var folder = false

        func run() async throws {
            let engine = try global.makeEngine()
            try await engine.albums.edit { book, device in
                try book.create(name, isFolder: folder, device: device)
            }
            var terminal = Terminal()
            terminal.output("Made the album \(folder ? "folder " : "")'\(name.escapingControlCharacters)'.")
        }
    }
}
