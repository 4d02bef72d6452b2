import Foundation
import GRDB
import Logging

extension ApplePhotosLibrary {
    /// Photos' own scene labels of each asset ("Child", "Bride", "Palm Tree"), sorted, each
    /// once, by asset uuid, read as osxphotos reads them from the search index Photos keeps
    /// beside its database: `database/search/psi.sqlite` (labels are category 2024 of its
    /// `groups`, 1500 from Photos 8 on) or, from macOS 27 on, `leo.sqlite` (category 4000 of
    /// its `lexicon`). A library copied without its search index, or not yet analysed, has none.
    /// - Returns: The labels, and a problem when an index is there but cannot be read.
    func labels() -> (labels: [String: [String]], problem: String?) {
        let folder = path + "/database/search"
        let psi = folder + "/psi.sqlite", leo = folder + "/leo.sqlite"
        let found = [psi, leo].first { ((try? FileStatus(path: $0))?.size ?? 0) > 0 }
        guard let found else { return ([:], nil) }
        do {
            let labels = try readSearchIndex(found) { db in
                found == psi ? try Self.psiLabels(db, category: version.modelVersion >= 16000 ? 1500 : 2024) : try Self.leoLabels(db)
            }
            return (labels.mapValues { Array(Set($0)).sorted() }, nil)
        } catch {
            logger.warning("Photos' search index cannot be read; photos show no labels.", metadata: ["index": "\(found)", "error": "\(error)"])
            return (
                [:], "Photos' search index (database/search/\(URL(fileURLWithPath: found).lastPathComponent)) cannot be read: photos show no labels"
            )
        }
    }

    /// Reads the search index at `index` where it is when nothing waits in its write-ahead log,
    /// else from a working copy, as the library's own database is read.
    private func readSearchIndex<T>(_ index: String, _ body: (Database) throws -> T) throws -> T {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "ApplePhotosSearchIndex"
        if ApplePhotosDatabaseCopy.hasNothingPending(index) {
            return try DatabaseQueue(path: ApplePhotosDatabaseCopy.immutableURI(of: index), configuration: configuration).read(body)
        }
        let folder = ApplePhotosDatabaseCopy.newFolder(in: workingDirectory)
        defer { FileManager.default.removeLeftover(atPath: folder, logger: logger) }
        configuration.readonly = false
        return try DatabaseQueue(path: try ApplePhotosDatabaseCopy.make(of: index, in: folder, library: path), configuration: configuration).read(
            body)
    }

    /// Labels of `psi.sqlite`: `ga` joins assets (a uuid as two little-endian 64-bit integers)
    /// to groups, whose text ends in a NUL.
    private static func psiLabels(_ db: Database, category: Int) throws -> [String: [String]] {
        let sql = """
            SELECT assets.uuid_0, assets.uuid_1, substr(groups.content_string, 1, \(ApplePhotosRow.textLimit)) \
            FROM ga JOIN groups ON groups.rowid = ga.groupid JOIN assets ON assets.rowid = ga.assetid \
            WHERE groups.category = ?
            """
        var labels: [String: [String]] = [:]
        let rows = try Row.fetchCursor(db, sql: sql, arguments: [category])
        while let row = try rows.next() {
            guard case .int64(let first) = (row[0] as DatabaseValue).storage, case .int64(let second) = (row[1] as DatabaseValue).storage,
                let label = label(row[2] as DatabaseValue)
            else { continue }
            labels[uuid(first, second), default: []].append(label)
        }
        return labels
    }

    /// Labels of `leo.sqlite`: each item (an asset, by its uuid) lists its lexemes as
    /// little-endian 32-bit numbers.
    private static func leoLabels(_ db: Database) throws -> [String: [String]] {
        var names: [UInt32: String] = [:]
        let lexemes = try Row.fetchCursor(
            db, sql: "SELECT lexeme_id, substr(content, 1, \(ApplePhotosRow.textLimit)) FROM lexicon WHERE category = 4000 AND type = 1")
        while let row = try lexemes.next() {
            guard case .int64(let id) = (row[0] as DatabaseValue).storage, let number = UInt32(exactly: id),
                let label = label(row[1] as DatabaseValue)
            else { continue }
            names[number] = label
        }
        var labels: [String: [String]] = [:]
        let items = try Row.fetchCursor(db, sql: "SELECT identifier, lexeme_ids FROM items WHERE type = 1")
        while let row = try items.next() {
            guard case .string(let identifier) = (row[0] as DatabaseValue).storage, !identifier.isEmpty,
                case .blob(let ids) = (row[1] as DatabaseValue).storage
            else { continue }
            let bytes = Array(ids)
            var found: [String] = []
            for start in stride(from: 0, to: bytes.count - bytes.count % 4, by: 4) {
                let id = bytes[start..<start + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                if let name = names[id] { found.append(name) }
            }
            if !found.isEmpty { labels[identifier.uppercased(), default: []] += found }
        }
        return labels
    }

    /// A label's text without the NUL Photos ends it with, in NFC; `nil` for none, and for
    /// Photos' internal keys (`PGPlaceParkSearchableText`), which no one sees.
    private static func label(_ value: DatabaseValue) -> String? {
        guard case .string(let raw) = value.storage else { return nil }
        let text = ApplePhotosRow.composed(raw.replacingScalars(["\u{0}": ""]))
        return text.isEmpty || isInternalKey(text) ? nil : text
    }

    /// Whether `text` is `PG…SearchableText` with letters and digits between.
    private static func isInternalKey(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard scalars.count > 16, text.hasPrefix("PG"), text.hasSuffix("SearchableText") else { return false }
        return scalars.dropFirst(2).dropLast(14).allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
        }
    }

    /// The uuid psi.sqlite keeps as two signed 64-bit integers, their bytes little-endian.
    private static func uuid(_ first: Int64, _ second: Int64) -> String {
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: first >> (8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: second >> (8 * index))
        }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            )
        ).uuidString
    }
}
