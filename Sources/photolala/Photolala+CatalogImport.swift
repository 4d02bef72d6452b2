import ArgumentParser
import PhotolalaKit

extension Photolala.Catalog {
    struct Import: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Load the catalogs of a tree into the database, each shard replacing what the database had.",
            discussion: "Shards that fail their checksum and malformed rows are reported and left out."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The folder tree.")
        var directory: String

        func run() async throws {
            let engine = try global.makeEngine()
            let store = CatalogStore(database: engine.database)
            var terminal = Terminal()
            var photos = 0
            let catalogs = try await engine.catalogs(inTree: GlobalOptions.absolute(directory))
            for catalog in catalogs {
                let loaded = try catalog.load()
                loaded.problems.forEach { terminal.message("warning: \(catalog.folder): \($0.message)") }
                try store.importCatalog(loaded, folder: catalog.folder)
                photos += loaded.entries.count
                terminal.output("imported: \(catalog.folder) (\(loaded.entries.count.counting("photo")))")
            }
            let imported = catalogs.count
            terminal.message("\(imported.counting("catalog")), \(photos.counting("photo")) imported.")
        }
    }
}
