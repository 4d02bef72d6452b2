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

        /// One photo in the JSON listing.
        struct Photo: Encodable {
            var md5: String
            var filename: String
            var size: Int64
            var photoDate: Int64
            var width: Int?
            var height: Int?
        }

        /// The JSON listing.
        struct Listing: Encodable {
            var lastSyncDate: Date?
            var count: Int
            var photos: [Photo]
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
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                encoder.dateEncodingStrategy = .iso8601
                terminal.output(String(decoding: try encoder.encode(listing), as: UTF8.self))
                return
            }
            for entry in entries {
                let date = Date(timeIntervalSince1970: TimeInterval(entry.photoDate)).formatted(.iso8601)
                let size = entry.width.flatMap { width in entry.height.map { "\(width)×\($0)" } } ?? "-"
                terminal.output("\(entry.md5)  \(date)  \(entry.size.formatted) bytes  \(size)  \(entry.filename)")
            }
            let synced = state.lastSyncDate.map { "synced \($0.formatted(.iso8601))" } ?? "never synced: run 'photolala cloud sync'"
            terminal.output("\(entries.count.grouped) photos (\(synced)).")
        }
    }
}
