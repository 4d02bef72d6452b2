import ArgumentParser
import PhotolalaKit

extension Photolala.Album {
    struct Show: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            abstract: "List an album's photos in its order, each with its MD5, name and where its copies are now.",
            discussion: """
                Copies are found by content: the files of folder trees Photolala has read that still \
                hold the photo, and the Apple Photos assets and backed-up originals the search index \
                holds ('photolala index'). A photo with no copy found is listed as missing.
                """)

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The album's path, as 'Travel/Rome'.")
        var name: String

        @Flag(help: "Print one JSON object: the album's id, path and photos, each with md5, name, where (its copies) and missing.")
        var json = false

        /// A copy of a photo as `--json` prints it: a file's path, or the root and key of a
        /// library's asset or a backed-up original.
        struct Place: Encodable {
            let source: String
            let path: String?
            let root: String?
            let key: String?
        }

        struct Photo: Encodable {
            let md5: String
            let name: String
            let addedFrom: String
            let `where`: [Place]
            let missing: Bool
        }

        struct Shown: Encodable {
            let id: String
            let path: String
            let photos: [Photo]
        }

        func run() async throws {
            let engine = try global.makeEngine()
            let book = try engine.albums.read()
            let album = try book.album(at: name)
            guard !album.isFolder else {
                throw PhotolalaCommandError("'\(name)' is an album folder: 'photolala album list' shows what is in it.")
            }
            let photos = try engine.photos(of: album).map { photo in
                Photo(
                    md5: photo.md5, name: photo.origin.name, addedFrom: photo.origin.location,
                    where: photo.files.map { Place(source: "folders", path: $0, root: nil, key: nil) }
                        + photo.elsewhere.map { Place(source: $0.source.rawValue, path: nil, root: $0.root, key: $0.key) },
                    missing: photo.isMissing)
            }
            var terminal = Terminal()
            if json { return try terminal.outputJSON(Shown(id: album.id, path: book.path(of: album.id), photos: photos)) }
            terminal.output("\(book.path(of: album.id).escapingControlCharacters): \(photos.count == 1 ? "1 photo" : "\(photos.count) photos")")
            for photo in photos {
                let places = photo.where.map { $0.path ?? "\($0.source) \($0.root ?? "") \($0.key ?? "")" }
                let whereText = places.isEmpty ? "missing (added from \(photo.addedFrom))" : places.joined(separator: ", ")
                terminal.output("\(photo.md5)  \(photo.name.escapingControlCharacters)  \(whereText.escapingControlCharacters)")
            }
        }
    }
}
