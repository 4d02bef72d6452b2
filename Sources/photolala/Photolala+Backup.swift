import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala {
    struct Backup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Star photos for backup to S3 and upload them: originals to Deep Archive, thumbnails and metadata to Standard.",
            discussion: """
                Starred photos wait in the database until 'backup run', or until the server \
                has seen no star for 10 minutes. Where to upload comes from PHOTOLALA_S3_ENDPOINT, \
                PHOTOLALA_S3_BUCKET and the AWS credentials ('photolala cloud config' shows them).
                """,
            subcommands: [Star.self, Unstar.self, Run.self, Status.self]
        )
    }
}

/// Builds the cloud pieces a backup or cloud command needs from the flags and environment.
struct CloudContext {
    let engine: Engine
    let configuration: CloudConfiguration

    init(global: GlobalOptions) throws {
        engine = try global.makeEngine()
        configuration = try CloudConfiguration.load(
            environment: ProcessInfo.processInfo.environment, dataDirectory: engine.configuration.dataDirectory)
    }

    /// The uploader; fails with what to set when the cloud is not configured.
    func service(options: BackupService.Options = BackupService.Options()) throws -> BackupService {
        var options = options
        options.quotaBytes = configuration.quotaBytes
        return BackupService(store: try configuration.objectStore(), userID: configuration.userID, engine: engine, options: options)
    }

    /// The star queue; it uploads only when `service` is given.
    func queue(service: BackupService? = nil) -> BackupQueueManager {
        BackupQueueManager(database: engine.database, service: service)
    }
}
