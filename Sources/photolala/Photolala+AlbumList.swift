import ArgumentParser
import PhotolalaKit

extension Photolala.Album {
    struct List: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the albums and album folders, each folder's within it, with how many photos each album holds.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print one JSON array: each album's id, path, name, whether it is a folder, its photo count and cover's MD5.")
        var json = false

        /// An album as `--json` prints it.
        struct Listed: Encodable {
            let id: String
            let path: String
            let name: String
            let folder: Bool
            let photos: Int
            let cover: String?
        }

        func run() async throws {
            let book = try global.makeEngine().albums.read()
            var listed: [(depth: Int, album: Listed)] = []
            func list(in parent: String?, depth: Int) {
                for album in book.children(of: parent) {
                    listed.append(
                        (
                            depth,
                            Listed(
                                id: album.id, path: book.path(of: album.id), name: album.name.value, folder: album.isFolder,
                                photos: album.orderedPhotos.count, cover: album.coverMD5)
                        ))
                    if album.isFolder { list(in: album.id, depth: depth + 1) }
                }
            }
            list(in: nil, depth: 0)
            var terminal = Terminal()
            if json { return try terminal.outputJSON(listed.map(\.album)) }
            if listed.isEmpty { return terminal.output("No albums yet: 'photolala album create NAME' makes one.") }
            for (depth, album) in listed {
                let name = String(repeating: "  ", count: depth) + album.name.escapingControlCharacters
                terminal.output(album.folder ? "\(name)/" : "\(name)  \(album.photos == 1 ? "1 photo" : "\(album.photos) photos")")
            }
        }
    }
}
