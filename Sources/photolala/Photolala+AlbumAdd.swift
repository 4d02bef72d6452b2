import ArgumentParser
import PhotolalaKit

extension Photolala.Album {
    struct Add: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add photo files to the end of an album; one in it already stays where it is.",
            discussion: """
                Each photo is added by its content (MD5, read once and recorded), so it stays in the \
                album when it is moved or renamed. The photos that could be read are added even when \
                others could not; the command then exits non-zero.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The album's path, as 'Travel/Rome'.")
        var name: String

        @Argument(help: "The photo files.")
        var photos: [String]

        func validate() throws {
            guard !photos.isEmpty else { throw ValidationError("Name the photo files to add to '\(name)'.") }
        }

        func run() async throws {
            let engine = try global.makeEngine()
            // The album first: a mistyped name is said before any photo is read.
            _ = try engine.albums.read().album(at: name)
            var found: [(md5: String, origin: AlbumPhotoOrigin)] = []
            var terminal = Terminal()
            // What could be read is done; the failures are said, then fail the command.
            var unread: (any Error)?
            do {
                try await terminal.forEachPhoto(photos, undone: "added") { photo in
                    let file = try PathArgument(photoFile: photo, linking: false)
                    found.append(try engine.albumPhoto(ofFileAt: file.path))
                    return []
                }
            } catch {
                unread = error
            }
            let added = try await engine.albums.edit { book, device in
                try book.add(found, to: name, device: device)
            }
            let already = Set(found.map(\.md5)).count - added
            terminal.output(
                "Added \(added == 1 ? "1 photo" : "\(added) photos") to '\(name.escapingControlCharacters)'"
                    + (already > 0 ? " (\(already) \(already == 1 ? "was" : "were") in it already)." : "."))
            if let unread { throw unread }
        }
    }
}
