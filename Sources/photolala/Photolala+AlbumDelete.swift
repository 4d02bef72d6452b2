import ArgumentParser
import PhotolalaKit

extension Photolala.Album {
    struct Delete: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            abstract: "Delete an album, or an album folder with everything in it; the photos stay where they are.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The album's path, as 'Travel/Rome'.")
        var name: String

        func run() async throws {
            let engine = try global.makeEngine()
            let deleted = try await engine.albums.edit { book, device in
                try book.delete(name, device: device)
            }
            var terminal = Terminal()
            terminal.output(
                "Deleted '\(name.escapingControlCharacters)' (\(deleted == 1 ? "1 album" : "\(deleted) albums")); its photos stay where they are.")
        }
    }
}
