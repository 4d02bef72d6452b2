import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala.Backup {
    struct Status: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "status", abstract: "Show the backup queue: starred, uploading, backed up and failed photos.")

        @OptionGroup var global: GlobalOptions

        @Flag(
            help: """
                Print {"queued", "uploading", "done", "failed", "bytesUploaded", "bytesTotal"} as JSON: photos per state, \
                the size of the originals in the queue and of those backed up.
                """)
        var json = false

        func run() async throws {
            let queue = try CloudContext(global: global).queue()
            let status = try await queue.status()
            let terminal = Terminal()
            if json {
                // The queue's figures, as /api/backup/status has them (without a run's bytes in flight).
                let summary: [String: Int64] = [
                    "queued": Int64(status.queued), "uploading": Int64(status.uploading), "done": Int64(status.done),
                    "failed": Int64(status.failed), "bytesUploaded": status.bytesUploaded, "bytesTotal": status.bytesTotal,
                ]
                try terminal.outputJSON(summary)
                return
            }
            for entry in try await queue.entries() {
                // What the store holds of a photo not yet backed up (a run killed mid-way, parts sent).
                let stored =
                    entry.state != .backedUp && entry.storedBytes > 0
                    ? "  [\(Run.megabytes(min(entry.storedBytes, entry.size)))/\(Run.megabytes(entry.size)) MB stored]" : ""
                terminal.output("\(entry.state.badge) \(entry.md5)  \(entry.path)" + stored + (entry.reason.map { "  (\($0))" } ?? ""))
            }
            terminal.output("\(Run.megabytes(status.bytesUploaded)) of \(Run.megabytes(status.bytesTotal)) MB stored.")
            terminal.output("\(status.queued) queued, \(status.uploading) uploading, \(status.done) backed up, \(status.failed) failed.")
        }
    }
}
