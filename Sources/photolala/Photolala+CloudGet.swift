import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala.Cloud {
    struct Get: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "get",
            abstract: "Download a restored (or never archived) original; into a folder it gets the extension of its format.")

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp("The photo's MD5.", valueName: "md5"))
        var md5: String

        @Option(name: .short, help: ArgumentHelp("A folder, or the file to write.", valueName: "path"))
        var output: String

        func run() async throws {
            let restores = try CloudContext(global: global).restores()
            let path = try await restores.download(md5, to: GlobalOptions.absolute(output))
            Terminal().output(path)
        }
    }
}
