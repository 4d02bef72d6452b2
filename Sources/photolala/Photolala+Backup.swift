import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala {
    struct Backup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Star photos for backup to S3 and upload them: originals to Deep Archive, thumbnails and metadata to Standard.",
            discussion: """
                Starred photos wait in the database until 'backup run', or until the server \
                has seen no star for 10 minutes. Where to upload comes from PHOTOLALA_S3_ENDPOINT, \
                PHOTOLALA_S3_BUCKET (or the settings file's "cloud" object) and the AWS credentials \
                ('photolala cloud config' shows them).
                """,
            subcommands: [Star.self, Unstar.self, Run.self, Status.self, Verify.self]
        )
    }
}

extension CloudContext {
    /// The context for the engine and cloud settings that the flags, the environment and the
    /// settings file name.
    init(global: GlobalOptions) throws {
        let file = try global.configurationFile()
        let engine = try Engine(configuration: global.engineConfiguration(file: file))
        self.init(
            engine: engine,
            configuration: try CloudConfiguration.load(
                environment: ProcessInfo.processInfo.environment, dataDirectory: engine.configuration.dataDirectory, configurationFile: file))
    }
}
