/// Reads and writes catalog shards: CSV with RFC 4180 quoting, one entry a row.
///
/// Writers always put the v5.1 header first; readers also accept v5.0 shards, which have no
/// header. Rows are sorted by MD5, so the same entries always give the same bytes (and the same
/// checksum). A malformed row is reported and skipped; the rest of the shard loads.
enum CatalogCSV {
    static let header = "md5,filename,size,photodate,modified,width,height,applephotoid"

    /// The shard's bytes: the header, then one line per entry, each ending in `\n`.
    static func encode(_ entries: [CatalogEntry]) -> [UInt8] {
        var output = Array((header + "\n").utf8)
        output.reserveCapacity(64 + entries.count * 80)
        for entry in entries.sorted(by: { $0.md5 < $1.md5 }) {
            output += entry.md5.utf8
            output.append(UInt8(ascii: ","))
            appendField(entry.filename, to: &output)
            output += ",\(entry.size),\(entry.photoDate),\(entry.modified),".utf8
            output += (entry.width.map(String.init) ?? "").utf8
            output.append(UInt8(ascii: ","))
            output += (entry.height.map(String.init) ?? "").utf8
            output.append(UInt8(ascii: ","))
            appendField(entry.applePhotoID ?? "", to: &output)
            output.append(UInt8(ascii: "\n"))
        }
        return output
    }

    /// A malformed row: its line number (from 1) and what is wrong with it.
    struct RowProblem: Equatable {
        let line: Int
        let reason: String
    }

    /// The entries of a shard, with a problem for every row that could not be read.
    static func decode(_ bytes: [UInt8]) -> (entries: [CatalogEntry], problems: [RowProblem]) {
        var entries: [CatalogEntry] = []
        var problems: [RowProblem] = []
        var parser = Parser(bytes: bytes)
        while let (line, fields) = parser.nextRecord() {
            if line == 1 && fields.joined(separator: ",") == header { continue }
            if fields.count == 1 && fields[0].isEmpty { continue }
            switch entry(from: fields) {
            case .success(let entry): entries.append(entry)
            case .failure(let problem): problems.append(RowProblem(line: line, reason: problem.reason))
            }
        }
        if let unterminated = parser.unterminatedQuoteLine {
            problems.append(RowProblem(line: unterminated, reason: "a quoted field is never closed"))
        }
        return (entries, problems)
    }

    // MARK: - Fields

    private static func appendField(_ value: String, to output: inout [UInt8]) {
        let needsQuotes = value.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        guard needsQuotes else {
            output += value.utf8
            return
        }
        output.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            if byte == UInt8(ascii: "\"") { output.append(byte) }
            output.append(byte)
        }
        output.append(UInt8(ascii: "\""))
    }

    private struct Malformed: Error {
        let reason: String
    }

    private static func entry(from fields: [String]) -> Result<CatalogEntry, Malformed> {
        // v5.0 rows have seven fields (no applephotoid).
        guard fields.count == 8 || fields.count == 7 else {
            return .failure(Malformed(reason: "it has \(fields.count) fields, not 8"))
        }
        let md5 = fields[0].lowercased()
        guard md5.utf8.count == 32, md5.utf8.allSatisfy({ CatalogEntry.hexValue($0) != nil }) else {
            return .failure(Malformed(reason: "'\(fields[0])' is not an MD5"))
        }
        guard !fields[1].isEmpty else { return .failure(Malformed(reason: "the filename is empty")) }
        guard let size = Int64(fields[2]), size >= 0 else { return .failure(Malformed(reason: "size '\(fields[2])' is not a number")) }
        guard let modified = Int64(fields[4]) else { return .failure(Malformed(reason: "modified '\(fields[4])' is not a number")) }
        let photoDate = fields[3].isEmpty ? modified : Int64(fields[3])
        guard let photoDate else { return .failure(Malformed(reason: "photodate '\(fields[3])' is not a number")) }
        func optionalInt(_ text: String, _ name: String) -> Result<Int?, Malformed> {
            if text.isEmpty { return .success(nil) }
            guard let value = Int(text), value >= 0 else { return .failure(Malformed(reason: "\(name) '\(text)' is not a number")) }
            return .success(value)
        }
        let width: Int?
        let height: Int?
        switch (optionalInt(fields[5], "width"), optionalInt(fields[6], "height")) {
        case (.success(let w), .success(let h)):
            width = w
            height = h
        case (.failure(let problem), _), (_, .failure(let problem)):
            return .failure(problem)
        }
        let applePhotoID = fields.count == 8 && !fields[7].isEmpty ? fields[7] : nil
        return .success(
            CatalogEntry(
                md5: md5, filename: fields[1], size: size, photoDate: photoDate, modified: modified,
                width: width, height: height, applePhotoID: applePhotoID))
    }

    /// Splits RFC 4180 text into records of fields; quoted fields may hold commas, doubled
    /// quotes and line breaks. Accepts `\n` and `\r\n` line ends.
    private struct Parser {
        let bytes: [UInt8]
        var position = 0
        var line = 1
        private(set) var unterminatedQuoteLine: Int?

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        mutating func nextRecord() -> (line: Int, fields: [String])? {
            guard position < bytes.count else { return nil }
            let startLine = line
            var fields: [String] = []
            var field: [UInt8] = []
            var quoted = false
            var quoteOpenedOnLine = 0
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                if quoted {
                    if byte == UInt8(ascii: "\"") {
                        if position < bytes.count && bytes[position] == UInt8(ascii: "\"") {
                            field.append(byte)
                            position += 1
                        } else {
                            quoted = false
                        }
                    } else {
                        if byte == 10 { line += 1 }
                        field.append(byte)
                    }
                } else if byte == UInt8(ascii: "\"") && field.isEmpty {
                    quoted = true
                    quoteOpenedOnLine = line
                } else if byte == UInt8(ascii: ",") {
                    fields.append(String(decoding: field, as: UTF8.self))
                    field.removeAll(keepingCapacity: true)
                } else if byte == 10 {
                    line += 1
                    if field.last == 13 { field.removeLast() }
                    fields.append(String(decoding: field, as: UTF8.self))
                    return (startLine, fields)
                } else {
                    field.append(byte)
                }
            }
            if quoted {
                unterminatedQuoteLine = quoteOpenedOnLine
                return nil
            }
            if field.last == 13 { field.removeLast() }
            fields.append(String(decoding: field, as: UTF8.self))
            return (startLine, fields)
        }
    }
}
