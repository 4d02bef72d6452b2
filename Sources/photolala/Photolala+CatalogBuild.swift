import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala.Catalog {
    struct Build: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "build",
            abstract: "Build or update the catalog of every folder in a tree.",
            discussion: """
                Only photos that are new, or whose size or modification time changed, are read; \
                the rest keep their rows, and photos read before as they are now (by 'thumbnails', \
                say) get theirs from what that read recorded. Shards that fail their checksum are \
                rebuilt.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The folder tree.")
        var directory: String

        @OptionGroup var parallelism: JobOptions

        func run() async throws {
            let engine = try global.makeEngine()
            let source = try engine.localSource(root: GlobalOptions.absolute(directory))
            var terminal = Terminal()
            var meter = ProgressMeter()
            var hashed = 0
            var written = 0
            var current = 0
            var problems = 0
            for try await event in engine.catalogBuilder(jobs: parallelism.jobs).build(tree: source) {
                switch event {
                case .found(let count, let finished):
                    meter.total = count
                    meter.totalIsFinal = finished
                case .photoDone(let wasHashed, _):
                    meter.done += 1
                    hashed += wasHashed ? 1 : 0
                case .folderDone(let report):
                    if report.directory == nil { current += 1 } else { written += 1 }
                case .problem(let message):
                    problems += 1
                    terminal.message("warning: \(message)")
                }
                terminal.status(meter.statusLine)
            }
            terminal.clearStatus()
            terminal.message(
                meter.summary("photos") + ": \(hashed.grouped) read, \((meter.done - hashed).grouped) unchanged; "
                    + "\(written.counting("catalog")) written, \(current.grouped) already current, \(problems.counting("problem")).")
        }
    }
}
