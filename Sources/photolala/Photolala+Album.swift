import ArgumentParser
import PhotolalaKit

extension Photolala {
    struct Album: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "album",
            abstract: "Make and change albums of photos from any source, in nested album folders.",
            discussion: """
                An album holds photos by content (MD5), in its own order: a photo moved or renamed \
                on disk stays in its albums, and one whose every copy is gone shows as missing. \
                Albums are named by their path of album folders, as 'Travel/Rome'. They are kept in \
                albums.json in the data folder; deleting an album leaves its photos where they are.
                """,
            subcommands: [Create.self, Rename.self, Delete.self, List.self, Show.self, Add.self, Remove.self]
        )
    }
}
