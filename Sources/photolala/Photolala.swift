import ArgumentParser

@main
struct Photolala: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "photolala",
        abstract: "Browse and back up very large photo collections.",
        discussion: """
            Photos are known by the MD5 of their content; thumbnails are cached under it, so a \
            photo is decoded once however often and wherever it is seen.
            """,
        version: "0.1.0",
        subcommands: [
            Serve.self, Scan.self, Info.self, Thumbnail.self, Thumbnails.self, Export.self, Catalog.self, Library.self, Backup.self, Cloud.self,
        ]
    )
}
