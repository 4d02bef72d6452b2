import ArgumentParser
import PhotolalaKit

extension Photolala.Catalog {
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Load the catalogs of a tree into the database, each shard replacing what the database had.",
            discussion: "Shards that fail their checksum and malformed rows are reported and left out."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The folder tree.")
        var directory: String

        func run() async throws {
            let engine = try global.makeEngine()
            let source = try engine.localSource(root: GlobalOptions.absolute(directory))
            let store = CatalogStore(database: engine.database)
            var terminal = Terminal()
            var folders = [source.root]
            for try await batch in source.scan(includeStatus: false) {
                folders += batch.folders.map(\.path)
            }
            var imported = 0
            var photos = 0
            for folder in folders {
                let catalog = engine.catalog(of: folder)
                guard catalog.existingDirectory != nil else { continue }
                let loaded = try catalog.load()
                loaded.problems.forEach { terminal.message("warning: \(folder): \($0.message)") }
                try store.importCatalog(loaded, folder: folder)
                imported += 1
                photos += loaded.entries.count
                terminal.output("imported: \(folder) (\(loaded.entries.count.grouped) photos)")
            }
            guard imported > 0 else {
                throw PhotolalaCommandError("No catalog in '\(source.root)'. Run 'photolala catalog build \(directory)' first.")
            }
            terminal.message("\(imported.grouped) catalogs, \(photos.grouped) photos imported.")
        }
    }
}
