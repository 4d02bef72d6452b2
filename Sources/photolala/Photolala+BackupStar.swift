import ArgumentParser
import PhotolalaKit

extension Photolala.Backup {
    struct Star: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add photos to the backup queue (their MD5 is computed now).")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "Photo files.")
        var paths: [String]

        func run() async throws {
            let queue = try CloudContext(global: global).queue()
            let terminal = Terminal()
            for path in paths {
                let md5 = try await queue.star(GlobalOptions.absolute(path))
                terminal.output("\(BackupState.starred.badge) \(md5)  \(path)")
            }
        }
    }

    struct Unstar: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Take photos off the backup queue; copies already in the cloud stay.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "Photo files.")
        var paths: [String]

        func run() async throws {
            let queue = try CloudContext(global: global).queue()
            let terminal = Terminal()
            for path in paths {
                let md5 = try await queue.unstar(GlobalOptions.absolute(path))
                terminal.output("unstarred \(md5)  \(path)")
            }
        }
    }
}
