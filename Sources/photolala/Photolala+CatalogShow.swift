import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala.Catalog {
    struct Show: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one folder's catalog: its manifest, shards and photos (MD5, date, size, dimensions, name).")

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The folder.")
        var directory: String

        @Flag(help: "Print one JSON object: version, photoCount, shards (index, rows, sha256) and entries.")
        var json = false

        func run() async throws {
            let catalog = try global.makeEngine().catalog(of: GlobalOptions.absolute(directory))
            let loaded = try catalog.load()
            var terminal = Terminal()
            loaded.problems.forEach { terminal.message("warning: \($0.message.escapingControlCharacters)") }
            let manifest = loaded.manifest
            if json {
                try terminal.outputJSON(CatalogReport(loaded))
                return
            }
            terminal.output("Catalog:      \(loaded.directory)")
            terminal.output("Version:      \(manifest.version)")
            terminal.output("Directory ID: \(manifest.directoryUUID)")
            terminal.output("Created:      \(DateText.event(manifest.created))")
            terminal.output("Modified:     \(DateText.event(manifest.modified))")
            terminal.output("Photos:       \(manifest.photoCount.grouped)")
            terminal.output("Shard  Rows  SHA-256")
            for shard in manifest.shards {
                terminal.output(
                    "\(String(shard.index, radix: 16).padding(toLength: 5, withPad: " ", startingAt: 0))  "
                        + "\(String(shard.rows).leftPadded(to: 4))  \(shard.sha256)")
            }
            // The photos as a folder lists them: oldest first, then by name.
            let entries = loaded.entries.sorted { ($0.photoDate, $0.filename, $0.md5) < ($1.photoDate, $1.filename, $1.md5) }
            if !entries.isEmpty {
                terminal.output("")
                CatalogEntryTable(entries: entries).lines.forEach { terminal.output($0) }
            }
            let bytes = entries.reduce(Int64(0)) { $0 + $1.size }
            terminal.output("\(entries.count.counting("photo")), \(bytes.formatted) \(bytes == 1 ? "byte" : "bytes").")
        }
    }
}

/// The JSON `photolala catalog show --json` prints; entry keys are the CSV's column names.
private struct CatalogReport: Encodable {
    struct Shard: Encodable {
        let index: Int
        let rows: Int
        let sha256: String
    }

    struct Entry: Encodable {
        let md5: String
        let filename: String
        let size: Int64
        let photodate: Int64
        let modified: Int64
        let width: Int?
        let height: Int?
        let applephotoid: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(md5, forKey: .md5)
            try container.encode(filename, forKey: .filename)
            try container.encode(size, forKey: .size)
            try container.encode(photodate, forKey: .photodate)
            try container.encode(modified, forKey: .modified)
            try container.encode(width, forKey: .width)
            try container.encode(height, forKey: .height)
            try container.encode(applephotoid, forKey: .applephotoid)
        }

        private enum CodingKeys: String, CodingKey {
            case md5, filename, size, photodate, modified, width, height, applephotoid
        }
    }

    let version: String
    let directoryUUID: String
    let location: String
    let created: Int64
    let modified: Int64
    let photoCount: Int
    let shards: [Shard]
    let entries: [Entry]
    let problems: [String]

    init(_ loaded: LoadedCatalog) {
        let manifest = loaded.manifest
        version = manifest.version
        directoryUUID = manifest.directoryUUID
        location = loaded.directory
        created = Int64(manifest.created.timeIntervalSince1970)
        modified = Int64(manifest.modified.timeIntervalSince1970)
        photoCount = manifest.photoCount
        shards = manifest.shards.map { Shard(index: $0.index, rows: $0.rows, sha256: $0.sha256) }
        entries = loaded.entries.sorted { $0.md5 < $1.md5 }.map {
            Entry(
                md5: $0.md5, filename: $0.filename, size: $0.size, photodate: $0.photoDate, modified: $0.modified,
                width: $0.width, height: $0.height, applephotoid: $0.applePhotoID)
        }
        problems = loaded.problems.map(\.message)
    }
}
