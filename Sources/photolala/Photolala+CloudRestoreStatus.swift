import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala.Cloud {
    struct RestoreStatusCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore-status", abstract: "Show the state of the restores asked for from this device (archived, restoring, restored).")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print {\"restores\": [{\"md5\", \"state\", \"tier\", \"days\", \"requested\", \"expiry\", \"checked\"}]} as JSON.")
        var json = false

        /// The JSON document.
        struct Report: Encodable {
            var restores: [RestoreStatus]
        }

        func run() async throws {
            let restores = try CloudContext(global: global).restores()
            var terminal = Terminal()
            let statuses: [RestoreStatus]
            do {
                statuses = try await restores.refresh()
            } catch {
                terminal.message("warning: the store could not be asked (\(error)); showing the states last checked.")
                statuses = try restores.savedStatuses()
            }
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                encoder.dateEncodingStrategy = .iso8601
                terminal.output(String(decoding: try encoder.encode(Report(restores: statuses)), as: UTF8.self))
                return
            }
            for status in statuses {
                let tier = status.tier.map { " \($0.rawValue)" } ?? ""
                let expiry = status.expiry.map { " until \($0.formatted(.iso8601))" } ?? ""
                terminal.output("\(status.state.badge) \(status.md5)  \(status.state.rawValue)\(expiry)\(tier)")
            }
            terminal.output("\(statuses.count) restores.")
        }
    }
}
