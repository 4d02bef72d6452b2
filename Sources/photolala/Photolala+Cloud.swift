import ArgumentParser
import PhotolalaKit

extension Photolala {
    struct Cloud: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cloud",
            abstract: "Sync, list and restore the cloud backup; show its settings and storage.",
            subcommands: [Config.self, Usage.self, Sync.self, List.self, Restore.self, RestoreStatusCommand.self, Get.self]
        )
    }
}

extension Photolala.Cloud {
    struct Config: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "config",
            abstract: "Show the endpoint, bucket, region, user id, quota and access key id (never the secret).")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            Terminal().output("\(try CloudContext(global: global).configuration)")
        }
    }

    struct Usage: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "usage", abstract: "Show the bytes your backup occupies in the bucket, and the quota.")

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let context = try CloudContext(global: global)
            let used = try await context.service().usage()
            let quota = context.configuration.quotaBytes.map { " of \($0.formatted) bytes (quota)" } ?? " (no quota)"
            Terminal().output("\(used.formatted) bytes used\(quota).")
        }
    }
}

extension Int64 {
    /// The number with thousands separators.
    var formatted: String { Int(self).grouped }
}
