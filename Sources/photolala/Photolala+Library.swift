import ArgumentParser

extension Photolala {
    struct Library: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read an Apple Photos library (.photoslibrary, macOS 10.15 to 26): info, photos, albums, export.",
            discussion: """
                The library is never modified: its database is copied to a temporary folder \
                and the copy is read. Photos 2–4 libraries (macOS 10.14 and earlier) are not \
                supported.
                """,
            subcommands: [Info.self, List.self, Albums.self, Export.self]
        )
    }
}
