import ArgumentParser
import PhotolalaKit

extension Photolala.Catalog {
    struct Verify: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Check every catalog in a tree against its manifest; exit 1 if any is wrong.",
            discussion: "Reports each altered or missing shard, each malformed row (with its line) and each count that disagrees."
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The folder tree.")
        var directory: String

        func run() async throws {
            let catalogs = try await global.makeEngine().catalogs(inTree: GlobalOptions.absolute(directory))
            let terminal = Terminal()
            var failed = 0
            for catalog in catalogs {
                let location = catalog.existingDirectory ?? catalog.ownDirectory
                let problems = try catalog.verify()
                if problems.isEmpty {
                    terminal.output("ok: \(location)")
                } else {
                    failed += 1
                    problems.forEach { terminal.output("error: \(location): \($0.message)") }
                }
            }
            guard failed == 0 else {
                throw PhotolalaCommandError(
                    "\(failed) of \(catalogs.count) catalogs are damaged; 'photolala catalog build \(directory)' rebuilds them.")
            }
        }
    }
}
