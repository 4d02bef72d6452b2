import ArgumentParser
import PhotolalaKit

extension Photolala.Catalog {
    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check every catalog in a tree against its manifest; exit 1 if any is wrong.",
            discussion: "Reports each altered or missing shard, each malformed row (with its line) and each count that disagrees."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The folder tree.")
        var directory: String

        func run() async throws {
            let engine = try global.makeEngine()
            let source = try engine.localSource(root: GlobalOptions.absolute(directory))
            let terminal = Terminal()
            var folders = [source.root]
            for try await batch in source.scan(includeStatus: false) {
                folders += batch.folders.map(\.path)
            }
            var checked = 0
            var failed = 0
            for folder in folders {
                let catalog = engine.catalog(of: folder)
                guard let location = catalog.existingDirectory else { continue }
                checked += 1
                let problems = try catalog.verify()
                if problems.isEmpty {
                    terminal.output("ok: \(location)")
                } else {
                    failed += 1
                    problems.forEach { terminal.output("error: \(location): \($0.message)") }
                }
            }
            guard checked > 0 else {
                throw PhotolalaCommandError("No catalog in '\(source.root)'. Run 'photolala catalog build \(directory)' first.")
            }
            guard failed == 0 else {
                throw PhotolalaCommandError("\(failed) of \(checked) catalogs are damaged; 'photolala catalog build \(directory)' rebuilds them.")
            }
        }
    }
}
