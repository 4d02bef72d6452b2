/// Reads and writes catalog shards: CSV with RFC 4180 quoting, one entry a row.
///
/// Writers always put the v5.1 header first; readers also accept v5.0 shards, which have no
/// header. Rows are sorted by MD5, so the same entries always give the same bytes (and the same
/// checksum). A malformed row is reported and skipped; the rest of the shard loads.
enum CatalogCSV {
    static let header = "md5,filename,size,photodate,modified,width,height,applephotoid"

    /// What a shard read from a folder or a bucket may hold. A real row is under 1 KB and a
    /// shard of a 1,000,000-photo folder about 10 MB; anything past these is damage or an attack.
    enum Limits {
        static let shardBytes: Int64 = 256 << 20
        /// One record, quoted line breaks included.
        static let recordBytes = 16 << 10
    }

    /// A shard refused whole, with why.
    struct Refusal: Error {
        let reason: String
    }

    /// The shard's bytes: the header, then one line per entry, each ending in `\n`.
    static func encode(_ entries: some Collection<CatalogEntry>) -> [UInt8] {
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

    /// The entries of a shard, with a problem for every row that could not be read; a shard
    /// over ``Limits`` gives the rows before the offending one and a problem for it.
    static func decode(_ bytes: [UInt8]) -> (entries: [CatalogEntry], problems: [RowProblem]) {
        var parser = Parser(bytes: bytes)
        let decoded = decode(&parser)
        guard let line = parser.oversizedRecordLine else { return decoded }
        return (decoded.entries, decoded.problems + [RowProblem(line: line, reason: oversized(line).reason + "; the rest of the shard is not read")])
    }

    /// The entries of a shard, with a problem for every row that could not be read.
    /// - Throws: ``Refusal`` when the shard exceeds ``Limits``: its rows are not to be trusted.
    static func decodeWithinLimits(_ bytes: [UInt8]) throws(Refusal) -> (entries: [CatalogEntry], problems: [RowProblem]) {
        guard bytes.count <= Limits.shardBytes else { throw Refusal(reason: "it is over the limit of \(Limits.shardBytes) bytes") }
        var parser = Parser(bytes: bytes)
        let decoded = decode(&parser)
        if let line = parser.oversizedRecordLine { throw oversized(line) }
        return decoded
    }

    private static func oversized(_ line: Int) -> Refusal {
        Refusal(reason: "the record at line \(line) is longer than \(Limits.recordBytes) bytes")
    }

    private static func decode(_ parser: inout Parser) -> (entries: [CatalogEntry], problems: [RowProblem]) {
        var entries: [CatalogEntry] = []
        var problems: [RowProblem] = []
        var fields: [Parser.Field] = []
        fields.reserveCapacity(8)
        while let line = parser.nextRecord(into: &fields) {
            if line == 1 && parser.isHeader(fields) { continue }
            if fields.count == 1 && fields[0].range.isEmpty { continue }
            switch parser.entry(from: fields) {
            case .success(let entry): entries.append(entry)
            case .failure where line == 1:
                problems.append(RowProblem(line: line, reason: "it is neither a row nor the header '\(header)'"))
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

    /// Splits RFC 4180 text into records of fields; quoted fields may hold commas, doubled
    /// quotes and line breaks. Accepts `\n` and `\r\n` line ends. Fields are ranges of the
    /// input, turned into values only as needed: a shard of 100,000 rows parses in milliseconds.
    private struct Parser {
        struct Field {
            /// The field's bytes, without surrounding quotes.
            var range: Range<Int>
            /// Quoted, with doubled quotes inside that must be undoubled.
            var hasEscapedQuotes = false
        }

        let bytes: [UInt8]
        var position = 0
        var line = 1
        private(set) var unterminatedQuoteLine: Int?
        /// The first line of a record longer than ``Limits/recordBytes``, where reading stopped.
        private(set) var oversizedRecordLine: Int?

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        /// Reads the next record into `fields`; returns its first line number, or `nil` at the end.
        mutating func nextRecord(into fields: inout [Field]) -> Int? {
            fields.removeAll(keepingCapacity: true)
            guard position < bytes.count else { return nil }
            let startLine = line
            // No scan runs past the record's limit, so a 1 GB line costs 16 KB of reading.
            let limit = min(bytes.count, position + Limits.recordBytes)
            func stop(oversized: Bool, unterminated: Int? = nil) -> Int? {
                if oversized { oversizedRecordLine = startLine } else { unterminatedQuoteLine = unterminated }
                position = bytes.count
                return nil
            }
            let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), newline: UInt8 = 10, carriageReturn: UInt8 = 13
            while true {
                if position < bytes.count && bytes[position] == quote {
                    // A quoted field runs to the next quote not followed by another.
                    let opened = line
                    var field = Field(range: position + 1..<position + 1)
                    var index = position + 1
                    var closed = false
                    while index < limit {
                        let byte = bytes[index]
                        if byte == quote {
                            if index + 1 < bytes.count && bytes[index + 1] == quote {
                                field.hasEscapedQuotes = true
                                index += 2
                                continue
                            }
                            closed = true
                            break
                        }
                        if byte == newline { line += 1 }
                        index += 1
                    }
                    guard closed else { return stop(oversized: limit < bytes.count, unterminated: opened) }
                    field.range = position + 1..<index
                    fields.append(field)
                    position = index + 1
                } else {
                    var index = position
                    while index < limit && bytes[index] != comma && bytes[index] != newline {
                        index += 1
                    }
                    if index == limit && limit < bytes.count { return stop(oversized: true) }
                    var end = index
                    if end > position && bytes[end - 1] == carriageReturn && (index == bytes.count || bytes[index] == newline) {
                        end -= 1
                    }
                    fields.append(Field(range: position..<end))
                    position = index
                }
                // After a field: a comma, a line end, or the end of the text.
                if position >= bytes.count { return startLine }
                let byte = bytes[position]
                position += 1
                if byte == comma { continue }
                if byte == carriageReturn && position < bytes.count && bytes[position] == newline { position += 1 }
                if byte == newline || byte == carriageReturn {
                    line += 1
                    return startLine
                }
                // Text after a closing quote: keep it in the field, as lenient readers do.
                fields[fields.count - 1].range = fields[fields.count - 1].range.lowerBound..<position - 1
            }
        }

        func isHeader(_ fields: [Field]) -> Bool {
            fields.map(string).joined(separator: ",") == CatalogCSV.header
        }

        func string(_ field: Field) -> String {
            guard field.hasEscapedQuotes else { return String(decoding: bytes[field.range], as: UTF8.self) }
            var unescaped: [UInt8] = []
            var index = field.range.lowerBound
            while index < field.range.upperBound {
                unescaped.append(bytes[index])
                index += bytes[index] == UInt8(ascii: "\"") ? 2 : 1
            }
            return String(decoding: unescaped, as: UTF8.self)
        }

        /// A decimal integer, or `nil` when the field holds anything else.
        func integer(_ field: Field) -> Int64? {
            var value: Int64 = 0
            var index = field.range.lowerBound
            let negative = index < field.range.upperBound && bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            guard index < field.range.upperBound, field.range.count <= 19 else { return nil }
            while index < field.range.upperBound {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
                index += 1
            }
            return negative ? -value : value
        }

        /// The row `fields` hold. A shard of 100,000 rows makes 100,000 of these, so nothing is
        /// allocated but the strings kept (an MD5 is too long to be stored inline).
        func entry(from fields: [Field]) -> Result<CatalogEntry, Malformed> {
            // v5.0 rows have seven fields (no applephotoid).
            guard fields.count == 8 || fields.count == 7 else {
                return .failure(Malformed(reason: "it has \(fields.count) fields, not 8"))
            }
            guard let md5 = md5(fields[0]) else {
                return .failure(Malformed(reason: "'\(string(fields[0]))' is not an MD5"))
            }
            guard !fields[1].range.isEmpty else { return .failure(Malformed(reason: "the filename is empty")) }
            guard let size = integer(fields[2]), size >= 0 else {
                return .failure(Malformed(reason: "size '\(string(fields[2]))' is not a number"))
            }
            guard let modified = integer(fields[4]) else {
                return .failure(Malformed(reason: "modified '\(string(fields[4]))' is not a number"))
            }
            guard let photoDate = fields[3].range.isEmpty ? modified : integer(fields[3]) else {
                return .failure(Malformed(reason: "photodate '\(string(fields[3]))' is not a number"))
            }
            let applePhotoID = fields.count == 8 && !fields[7].range.isEmpty ? string(fields[7]) : nil
            switch (dimension(fields[5], named: "width"), dimension(fields[6], named: "height")) {
            case (.failure(let problem), _), (_, .failure(let problem)):
                return .failure(problem)
            case (.success(let width), .success(let height)):
                return .success(
                    CatalogEntry(
                        md5: md5, filename: string(fields[1]), size: size, photoDate: photoDate, modified: modified,
                        width: width, height: height, applePhotoID: applePhotoID))
            }
        }

        /// 32 hex digits, in lowercase; `nil` for anything else. A million rows make a million
        /// of these, so the digits are read through a pointer, each checked and lowered at once.
        private func md5(_ field: Field) -> String? {
            guard field.range.count == 32 else { return nil }
            let start = field.range.lowerBound
            let lowercase = bytes.withUnsafeBufferPointer { source in
                String(unsafeUninitializedCapacity: 32) { buffer in
                    for place in 0..<32 {
                        let digit = source[start + place]
                        let letter = digit | 0x20  // 'A'…'F' as 'a'…'f'
                        if digit >= UInt8(ascii: "0") && digit <= UInt8(ascii: "9") {
                            buffer[place] = digit
                        } else if letter >= UInt8(ascii: "a") && letter <= UInt8(ascii: "f") {
                            buffer[place] = letter
                        } else {
                            return 0
                        }
                    }
                    return 32
                }
            }
            return lowercase.isEmpty ? nil : lowercase
        }

        /// A width or height: `nil` when empty, else a number that is not negative.
        private func dimension(_ field: Field, named name: String) -> Result<Int?, Malformed> {
            guard !field.range.isEmpty else { return .success(nil) }
            guard let value = integer(field), value >= 0 else { return .failure(Malformed(reason: "\(name) '\(string(field))' is not a number")) }
            return .success(Int(value))
        }
    }
}
