import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala.Cloud {
    struct List: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "ls", abstract: "List the backed-up photos from the synced cloud catalog (run 'cloud sync' first), newest first.",
            discussion: "The catalog is read from this device alone, so it lists offline too, and without credentials (saying so).")

        @OptionGroup var global: GlobalOptions

        @Flag(
            help:
                "Print {\"lastSyncDate\", \"count\", \"photos\": [{\"md5\", \"filename\", \"size\", \"photoDate\", \"width\", \"height\"}]} as JSON.")
        var json = false

        /// One photo in the JSON listing; unknown dimensions are `null`.
        struct Photo: Encodable {
            var md5: String
            var filename: String
            var size: Int64
            var photoDate: Int64
            var width: Int?
            var height: Int?

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(md5, forKey: .md5)
                try container.encode(filename, forKey: .filename)
                try container.encode(size, forKey: .size)
                try container.encode(photoDate, forKey: .photoDate)
                try container.encode(width, forKey: .width)
                try container.encode(height, forKey: .height)
            }

            private enum CodingKeys: String, CodingKey {
                case md5, filename, size, photoDate, width, height
            }
        }

        /// The JSON listing; `lastSyncDate` (Unix seconds) is `null` before the first sync.
        struct Listing: Encodable {
            var lastSyncDate: Date?
            var count: Int
            var photos: [Photo]

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(lastSyncDate, forKey: .lastSyncDate)
                try container.encode(count, forKey: .count)
                try container.encode(photos, forKey: .photos)
            }

            private enum CodingKeys: String, CodingKey {
                case lastSyncDate, count, photos
            }
        }

        func run() async throws {
            let context = try CloudContext(global: global)
            let catalog = context.syncedCatalog
            let state = try catalog.state()
            var terminal = Terminal()
            // Listing needs no store: without one configured, the copy synced before is listed,
            // saying so, rather than nothing.
            if !context.isConfigured {
                guard let synced = state.lastSyncDate else { throw PhotolalaCommandError(Self.nothingToList(context.configuration)) }
                terminal.message(
                    "Offline (\(Self.missing(context.configuration))): the cloud catalog as synced on \(DateText.event(synced)); "
                        + "configure the cloud and run 'photolala cloud sync' to bring it up to date.")
            }
            let entries = try catalog.entries()
            if json {
                let listing = Listing(
                    lastSyncDate: state.lastSyncDate, count: entries.count,
                    photos: entries.map {
                        Photo(md5: $0.md5, filename: $0.filename, size: $0.size, photoDate: $0.photoDate, width: $0.width, height: $0.height)
                    })
                try terminal.outputJSON(listing)
                return
            }
            CatalogEntryTable(entries: entries).lines.forEach { terminal.output($0) }
            let synced = state.lastSyncDate.map { "synced \(DateText.event($0))" } ?? "never synced: run 'photolala cloud sync'"
            terminal.output("\(entries.count.counting("photo")) (\(synced)).")
        }

        /// What the settings lack for the store to be reached.
        static func missing(_ configuration: CloudConfiguration) -> String {
            configuration.bucket == nil ? "no S3 bucket or backup folder is configured" : "no AWS credentials were found"
        }

        /// Why there is nothing to list, and what to set.
        static func nothingToList(_ configuration: CloudConfiguration) -> String {
            "No cloud catalog has been synced on this device, and \(missing(configuration)). Set PHOTOLALA_S3_BUCKET and AWS credentials "
                + "(AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or a profile in ~/.aws), or PHOTOLALA_BACKUP_FOLDER, then run 'photolala cloud sync'."
        }
    }
}
