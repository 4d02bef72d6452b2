import ArgumentParser

extension Photolala {
    struct Catalog: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "catalog",
            abstract: "Build, check and show folder catalogs (v5.1: .photolala/manifest.plist and 0.csv … f.csv).",
            discussion: """
                A catalog lists a folder's own photos with their MD5, size, dates and dimensions, \
                so the folder lists at once on the next visit. It lives in the folder's \
                .photolala/, or in the cache when the folder cannot be written.
                """,
            subcommands: [Build.self, Verify.self, Show.self, Import.self]
        )
    }
}
