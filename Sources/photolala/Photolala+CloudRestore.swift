import ArgumentParser
import Foundation
import PhotolalaKit
import PhotolalaS3

extension Photolala.Cloud {
    struct Restore: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Restore originals from Deep Archive for a number of days, after showing the cost.",
            discussion: "Standard takes about 12 hours, Bulk about 48 hours at a lower price; Deep Archive has no Expedited tier.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("MD5s of the photos to restore (see 'photolala cloud ls').", valueName: "md5"))
        var md5s: [String]

        @Option(help: ArgumentHelp("Standard (~12 h) or Bulk (~48 h).", valueName: "tier"))
        var tier: String

        @Option(help: ArgumentHelp("Days the restored copy stays readable (1 to 30).", valueName: "n"))
        var days: Int

        @Flag(help: "Do not ask before requesting.")
        var yes = false

        func validate() throws {
            guard !md5s.isEmpty else { throw ValidationError("Name at least one MD5.") }
            for md5 in md5s where md5.count != 32 || !md5.allSatisfy(\.isHexDigit) {
                throw ValidationError("'\(md5)' is not an MD5 (32 hex digits).")
            }
            guard (1...30).contains(days) else { throw ValidationError("--days must be between 1 and 30.") }
            do {
                _ = try RestoreTier(parsing: tier)
            } catch let error as CloudError {
                throw ValidationError(error.message)
            }
        }

        func run() async throws {
            let tier = try RestoreTier(parsing: tier)
            let restores = try CloudContext(global: global).restores()
            let estimate = try await restores.estimate(md5s, tier: tier)
            let terminal = Terminal()
            terminal.output("Estimated cost: \(estimate.summary).")
            if !yes {
                FileHandle.standardOutput.write(Data("Request this restore? [y/N] ".utf8))
                guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                    throw PhotolalaCommandError("Not requested: nothing was restored.")
                }
            }
            for status in try await restores.request(md5s, tier: tier, days: days) {
                terminal.output("\(status.state.badge) \(status.md5)  \(status.state.rawValue)\(status.expiryNote)")
            }
        }
    }
}
