import ArgumentParser
import PhotolalaKit

extension Photolala.Album {
    struct Remove: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take photos out of an album, named by their files or MD5s; they stay where they are.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The album's path, as 'Travel/Rome'.")
        var name: String

        @Argument(help: "The photo files, or the MD5s 'photolala album show' lists (a missing photo has no file).")
        var photos: [String]

        func validate() throws {
            guard !photos.isEmpty else { throw ValidationError("Name the photos to take out of '\(name)'.") }
        }

        func run() async throws {
            let engine = try global.makeEngine()
            let album = try engine.albums.read().album(at: name)
            var md5s: [String] = []
            var terminal = Terminal()
            // What could be read is done; the failures are said, then fail the command.
            var unread: (any Error)?
            do {
                try await terminal.forEachPhoto(photos, undone: "taken out") { photo in
                    let md5 = photo.lowercased()
                    if album.photos[md5] != nil, md5.count == 32, md5.allSatisfy(\.isHexDigit) {
                        md5s.append(md5)
                    } else {
                        let file = try PathArgument(photoFile: photo, linking: false)
                        md5s.append(try engine.identities.md5(ofFileAt: file.path))
                    }
                    return []
                }
            } catch {
                unread = error
            }
            let removed = try await engine.albums.edit { book, device in
                try book.remove(md5s, from: name, device: device)
            }
            terminal.output(
                "Took \(removed == 1 ? "1 photo" : "\(removed) photos") out of '\(name.escapingControlCharacters)'; they stay where they are.")
            if let unread { throw unread }
        }
    }
}
