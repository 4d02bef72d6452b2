import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala.Library {
    struct Albums: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "albums",
            abstract: "List a library's albums and folders as a tree: user, smart and shared albums, projects.")

        @Argument(help: "The .photoslibrary folder.")
        var library: String

        @Flag(help: "Print one JSON object: albums (uuid, title, kind, parent, sortOrder, count), in sidebar order.")
        var json = false

        func run() async throws {
            let albums = try Photolala.Library.open(library).albums()
            let terminal = Terminal()
            if json {
                let report = AlbumsJSON(albums: albums.map(AlbumsJSON.Album.init))
                try terminal.outputJSON(report)
                return
            }
            let children = Dictionary(grouping: albums, by: \.parentUUID)
            func show(_ parent: String?, depth: Int) {
                for album in children[parent] ?? [] {
                    let detail = album.kind == .folder ? "folder" : "\(album.kind.rawValue), \(album.assetCount.counting("item"))"
                    terminal.output(String(repeating: "  ", count: depth) + "\(album.title)  (\(detail))  \(album.uuid)")
                    show(album.uuid, depth: depth + 1)
                }
            }
            show(nil, depth: 0)
        }
    }
}

/// The JSON `photolala library albums --json` prints.
private struct AlbumsJSON: Encodable {
    struct Album: Encodable {
        let uuid: String
        let title: String
        let kind: String
        /// The uuid of the folder holding it; `null` at the top level.
        let parent: String?
        let sortOrder: String
        let count: Int

        init(_ album: ApplePhotosAlbum) {
            uuid = album.uuid
            title = album.title
            kind = album.kind.rawValue
            parent = album.parentUUID
            sortOrder = album.sortOrder.rawValue
            count = album.assetCount
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(uuid, forKey: .uuid)
            try container.encode(title, forKey: .title)
            try container.encode(kind, forKey: .kind)
            try container.encode(parent, forKey: .parent)
            try container.encode(sortOrder, forKey: .sortOrder)
            try container.encode(count, forKey: .count)
        }

        private enum CodingKeys: String, CodingKey {
            case uuid, title, kind, parent, sortOrder, count
        }
    }

    let albums: [Album]
}
