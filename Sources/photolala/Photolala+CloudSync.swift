import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala.Cloud {
    struct Sync: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract:
                "Pull the cloud catalog (only shards whose SHA-256 changed are downloaded, each verified), and merge the albums with the bucket's.",
            discussion: "Offline, the catalog of the last sync stays usable; the error is printed and the command exits with status 1.")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Download the manifest even when its ETag is unchanged.")
        var force = false

        func run() async throws {
            let source = try CloudContext(global: global).reader()
            let drawing = StatusDrawing()
            let state = await source.sync.sync(force: force) { progress in
                drawing.show("[\(Int(progress.fraction * 100))%] \(progress.status)")
            }
            drawing.clear()
            let terminal = Terminal()
            let date = state.lastSyncDate.map { DateText.event($0) } ?? "never"
            if let error = state.error {
                throw PhotolalaCommandError("\(error) (\(state.photoCount.counting("photo")), last synced \(date))")
            }
            terminal.output(
                "\(state.photoCount.counting("photo")) in the cloud catalog; \(state.downloadedShards.count.counting("shard")) downloaded; synced \(date)"
                    + (state.albumCount.map { "; \($0.counting("album"))." } ?? ".")
            )
        }
    }
}
