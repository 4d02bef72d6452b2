import ArgumentParser
import PhotolalaKit

extension Photolala.Album {
    struct Rename: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            abstract: "Rename an album or album folder; a new path of other folders moves it there.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The album's path, as 'Travel/Rome'.")
        var name: String

        @Argument(help: "Its new name, or a new path, as 'Italy/Rome'.")
        var newName: String

        func run() async throws {
            let engine = try global.makeEngine()
            try await engine.albums.edit { book, device in
                try book.rename(name, to: newName, device: device)
            }
            var terminal = Terminal()
            terminal.output("Renamed '\(name.escapingControlCharacters)' to '\(newName.escapingControlCharacters)'.")
        }
    }
}
