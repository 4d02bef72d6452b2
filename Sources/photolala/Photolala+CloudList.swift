import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala.Cloud {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ls", abstract: "List the backed-up photos from the synced cloud catalog (run 'cloud sync' first), newest first.")

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
            let source = try CloudContext(global: global).source()
            let entries = try source.entries()
            let state = try source.sync.state()
            let terminal = Terminal()
            if json {
                let listing = Listing(
                    lastSyncDate: state.lastSyncDate, count: entries.count,
                    photos: entries.map {
                        Photo(md5: $0.md5, filename: $0.filename, size: $0.size, photoDate: $0.photoDate, width: $0.width, height: $0.height)
                    })
                try terminal.outputJSON(listing)
                return
            }
            for entry in entries {
                let date = Date(timeIntervalSince1970: TimeInterval(entry.photoDate)).formatted(.iso8601)
                let size = entry.width.flatMap { width in entry.height.map { "\(width)×\($0)" } } ?? "-"
                terminal.output("\(entry.md5)  \(date)  \(entry.size.formatted) bytes  \(size)  \(entry.filename)")
            }
            let synced = state.lastSyncDate.map { "synced \($0.formatted(.iso8601))" } ?? "never synced: run 'photolala cloud sync'"
            terminal.output("\(entries.count.counting("photo")) (\(synced)).")
        }
    }
}
