import ArgumentParser
import Foundation
import PhotolalaKit
import PhotolalaS3

extension Photolala.Cloud {
    struct RestoreStatusCommand: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore-status", abstract: "Show the state of the restores asked for from this device (archived, restoring, restored).")

        @OptionGroup var global: GlobalOptions

        @Flag(help: "Print {\"restores\": [{\"md5\", \"state\", \"tier\", \"days\", \"requested\", \"expiry\", \"checked\"}]} as JSON.")
        var json = false

        /// The JSON document: every key of each restore, `null` when unknown, dates in Unix seconds.
        struct Report: Encodable {
            var restores: [Restore]
        }

        /// One restore in the JSON document.
        struct Restore: Encodable {
            let status: RestoreStatus

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(status.md5, forKey: .md5)
                try container.encode(status.state, forKey: .state)
                try container.encode(status.tier, forKey: .tier)
                try container.encode(status.days, forKey: .days)
                try container.encode(status.requested, forKey: .requested)
                try container.encode(status.expiry, forKey: .expiry)
                try container.encode(status.checked, forKey: .checked)
            }

            private enum CodingKeys: String, CodingKey {
                case md5, state, tier, days, requested, expiry, checked
            }
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
                try terminal.outputJSON(Report(restores: statuses.map(Restore.init)))
                return
            }
            for status in statuses {
                let tier = status.tier.map { " \($0.rawValue)" } ?? ""
                terminal.output("\(status.state.badge) \(status.md5)  \(status.state.rawValue)\(status.expiryNote)\(tier)")
            }
            terminal.output("\(statuses.count.counting("restore")).")
        }
    }
}

extension RestoreStatus {
    /// " until DATE" for a restored original, when the store said until when; else nothing.
    var expiryNote: String {
        guard state == .restored, let expiry else { return "" }
        return " until \(DateText.event(expiry))"
    }
}
