import Foundation

/// The one gate for property lists, XML and JSON read from files or the network: a size limit
/// and a nesting-depth limit checked on the raw bytes before Foundation's parsers see them.
///
/// Foundation's property list parser recurses once per nesting level, so a 150 KB manifest of
/// 10,000 nested `<array>`s overflows the stack and kills the process. The checks here walk the
/// bytes without recursion (a binary property list's object graph too, with each object
/// visited once), so a hostile document costs one linear pass and a clear refusal.
///
/// ```swift
/// let manifest = try UntrustedDocument.decodePropertyList(CatalogManifest.self, from: bytes)
/// ```
package enum UntrustedDocument {
    /// How large and how deeply nested a document may be.
    package struct Limits: Sendable {
        package var bytes: Int
        package var depth: Int

        /// Manifests, metadata plists, sidecars and settings files: a few KB in practice.
        package static let small = Limits(bytes: 1 << 20, depth: 64)
        /// S3 listings: 1,000 keys with their details are about 400 KB.
        package static let listing = Limits(bytes: 16 << 20, depth: 64)

        package init(bytes: Int, depth: Int) {
            self.bytes = bytes
            self.depth = depth
        }
    }

    /// Why a document was refused, as a clause that fits after "the file is damaged: ".
    package struct Refusal: Error, Sendable, CustomStringConvertible {
        package let reason: String

        package var description: String { reason }
    }

    /// The kinds of document the gate knows.
    package enum Kind: Sendable {
        /// An XML (`<?xml …`) or binary (`bplist00`) property list; OpenStep text is refused.
        case propertyList
        case xml
        case json
    }

    // MARK: - Decoding

    /// Decodes a property list after checking it.
    /// - Throws: ``Refusal`` with a readable reason, never a dump of Foundation's error.
    package static func decodePropertyList<T: Decodable>(_ type: T.Type, from bytes: [UInt8], limits: Limits = .small) throws -> T {
        try check(bytes, as: .propertyList, limits: limits)
        do {
            return try PropertyListDecoder().decode(type, from: Data(bytes))
        } catch {
            throw Refusal(reason: reason(for: error, kind: "property list"))
        }
    }

    /// Parses a property list into Foundation values after checking it.
    /// - Throws: ``Refusal`` with a readable reason.
    package static func propertyList(from bytes: [UInt8], limits: Limits = .small) throws -> Any {
        try check(bytes, as: .propertyList, limits: limits)
        do {
            return try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
        } catch {
            throw Refusal(reason: "it is not a well-formed property list")
        }
    }

    /// A binary property list's values, references included (``PropertyListValue``), for what
    /// Foundation's parser cannot hand back whole: a keyed archive (``KeyedArchive``).
    /// - Throws: ``Refusal`` for bytes over the limits, or not a binary property list.
    package static func binaryPropertyListValue(from bytes: [UInt8], limits: Limits = .small) throws -> PropertyListValue {
        try checkSize(bytes, limits: limits)
        guard bytes.starts(with: BinaryPropertyList.magic) else { throw Refusal(reason: "it is not a binary property list") }
        // Checks the graph, as `check` does for a binary property list, then reads it.
        return try BinaryPropertyList(bytes).topValue(depthLimit: limits.depth, nodeLimit: limits.bytes)
    }

    /// Decodes JSON after checking it.
    /// - Throws: ``Refusal`` with a readable reason.
    package static func decodeJSON<T: Decodable>(_ type: T.Type, from bytes: [UInt8], limits: Limits = .small) throws -> T {
        try check(bytes, as: .json, limits: limits)
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch {
            throw Refusal(reason: reason(for: error, kind: "JSON document"))
        }
    }

    /// What a decoding error means, in words: the key path and what is wrong with it.
    private static func reason(for error: any Error, kind: String) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let context)?:
            return "'\(path(context.codingPath + [key]))' is missing"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return context.codingPath.isEmpty ? "it is not the expected \(kind)" : "'\(path(context.codingPath))' has the wrong type"
        case .dataCorrupted(let context)?:
            return context.codingPath.isEmpty ? "it is not a well-formed \(kind)" : "'\(path(context.codingPath))' is not valid"
        default:
            return "it is not a well-formed \(kind)"
        }
    }

    // MARK: - Checking

    /// Refuses `bytes` when they exceed `limits` or are not of `kind` at all.
    /// - Throws: ``Refusal``.
    package static func check(_ bytes: [UInt8], as kind: Kind, limits: Limits) throws {
        try checkSize(bytes, limits: limits)
        switch kind {
        case .propertyList:
            if bytes.starts(with: BinaryPropertyList.magic) {
                try BinaryPropertyList(bytes).checkGraph(depthLimit: limits.depth, nodeLimit: limits.bytes)
            } else {
                guard firstSignificantByte(bytes) == UInt8(ascii: "<") else {
                    throw Refusal(reason: "it is not an XML or binary property list")
                }
                try checkMarkup(bytes, depthLimit: limits.depth)
            }
        case .xml:
            try checkMarkup(bytes, depthLimit: limits.depth)
        case .json:
            try checkJSON(bytes, depthLimit: limits.depth)
        }
    }

    private static func checkSize(_ bytes: [UInt8], limits: Limits) throws {
        guard bytes.count <= limits.bytes else {
            throw Refusal(reason: "it is \(bytes.count) bytes, over the limit of \(limits.bytes) bytes")
        }
    }

    /// The first byte after a UTF-8 byte order mark and white space.
    private static func firstSignificantByte(_ bytes: [UInt8]) -> UInt8? {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return bytes[start...].first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    }

    private static func tooDeep(_ limit: Int) -> Refusal {
        Refusal(reason: "it nests more than \(limit) levels deep")
    }

    /// Counts element nesting in XML. Comments, CDATA and processing instructions are skipped;
    /// a DOCTYPE with an internal subset is refused, as its entities could expand to anything.
    private static func checkMarkup(_ bytes: [UInt8], depthLimit: Int) throws {
        let open = UInt8(ascii: "<"), close = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
        func starts(_ text: String, at index: Int) -> Bool {
            let pattern = Array(text.utf8)
            return index + pattern.count <= bytes.count && bytes[index..<index + pattern.count].elementsEqual(pattern)
        }
        /// The index just past the next `terminator` from `index`, or the end.
        func skip(past terminator: String, from index: Int) -> Int {
            let pattern = Array(terminator.utf8)
            var position = index
            while position + pattern.count <= bytes.count {
                if bytes[position] == pattern[0] && bytes[position..<position + pattern.count].elementsEqual(pattern) {
                    return position + pattern.count
                }
                position += 1
            }
            return bytes.count
        }
        var depth = 0
        var index = 0
        while let start = bytes[index...].firstIndex(of: open) {
            if starts("<!--", at: start) {
                index = skip(past: "-->", from: start + 4)
            } else if starts("<![CDATA[", at: start) {
                index = skip(past: "]]>", from: start + 9)
            } else if starts("<?", at: start) {
                index = skip(past: "?>", from: start + 2)
            } else if starts("<!", at: start) {
                let end = bytes[start...].firstIndex(of: close) ?? bytes.count
                if bytes[start..<end].contains(UInt8(ascii: "[")) {
                    throw Refusal(reason: "it declares its own entities (a DOCTYPE with an internal subset), which are not accepted")
                }
                index = min(end + 1, bytes.count)
            } else if starts("</", at: start) {
                depth -= 1
                index = skip(past: ">", from: start + 2)
            } else {
                depth += 1
                guard depth <= depthLimit else { throw tooDeep(depthLimit) }
                // The tag runs to the first `>` outside a quoted attribute value.
                var position = start + 1
                var quote: UInt8?
                while position < bytes.count {
                    let byte = bytes[position]
                    if let opened = quote {
                        if byte == opened { quote = nil }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == close {
                        break
                    }
                    position += 1
                }
                if position < bytes.count && bytes[position - 1] == slash { depth -= 1 }
                index = min(position + 1, bytes.count)
            }
            guard index < bytes.count else { break }
        }
    }

    /// Counts `[` and `{` nesting in JSON, skipping strings.
    private static func checkJSON(_ bytes: [UInt8], depthLimit: Int) throws {
        var depth = 0
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                guard depth <= depthLimit else { throw tooDeep(depthLimit) }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
            default:
                break
            }
            index += 1
        }
    }
}
