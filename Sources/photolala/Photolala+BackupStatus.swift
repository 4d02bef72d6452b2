import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala.Backup {
    struct Status: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show the backup queue: starred, uploading, backed up and failed photos.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print {\"queued\", \"uploading\", \"done\", \"failed\", \"bytesUploaded\", \"bytesTotal\"} as JSON.")
        var json = false

        func run() async throws {
            let queue = try CloudContext(global: global).queue()
            let status = try await queue.status()
            let entries = try await queue.entries()
            let terminal = Terminal()
            if json {
                let summary: [String: Int64] = [
                    "queued": Int64(status.queued), "uploading": Int64(status.uploading), "done": Int64(status.done),
                    "failed": Int64(status.failed), "bytesUploaded": entries.filter { $0.state == .backedUp }.reduce(0) { $0 + $1.size },
                    "bytesTotal": entries.reduce(0) { $0 + $1.size },
                ]
                try terminal.outputJSON(summary)
                return
            }
            for entry in entries {
                terminal.output("\(entry.state.badge) \(entry.md5)  \(entry.path)" + (entry.reason.map { "  (\($0))" } ?? ""))
            }
            terminal.output("\(status.queued) queued, \(status.uploading) uploading, \(status.done) backed up, \(status.failed) failed.")
        }
    }
}
