/// Reads an XML document as a sequence of events (an element's start with its attributes, its
/// end, text), for the documents Photolala reads from files and the network: XMP packets and
/// sidecars, S3's answers.
///
/// Foundation's `XMLParser` on Linux is libxml2 behind global state: it is not safe on several
/// threads at once, and it traps, rather than failing, on some malformed input (an element name
/// that is not UTF-8). Photos are read on every core at once, and their XMP is whatever the file
/// holds, so this reader is plain Swift over the bytes: no DTD (a document type with an internal
/// subset is refused, so no entity is ever expanded), the five predefined entities and character
/// references only, a depth limit, and every end tag checked against its start. Names are
/// qualified names as written (`dc:subject`); a caller that needs namespaces resolves the
/// prefixes from the `xmlns` attributes it is handed.
///
/// ```swift
/// var reader = try XMLReader(bytes, depthLimit: 32)
/// while let event = try reader.next() { … }
/// ```
package struct XMLReader {
    /// What the reader met next.
    package enum Event: Equatable, Sendable {
        /// An element's start, with its attributes in the order written (`xmlns` ones included).
        case start(name: String, attributes: [Attribute])
        /// An element's end (an empty element's start is followed by its end at once).
        case end(name: String)
        /// Character data, entities replaced, CDATA sections included as they are.
        case text(String)
    }

    package struct Attribute: Equatable, Sendable {
        package let name: String
        package let value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// Why a document was not read, as a clause that fits after "it ".
    package struct Malformed: Error, Equatable, Sendable, CustomStringConvertible {
        package let reason: String
        package var description: String { reason }
    }

    /// Where the last event lies in the bytes given: its tag or its text (an empty element's
    /// end is the empty range after its tag), so an editor can change a document in place and
    /// keep every other byte as it was.
    package private(set) var eventRange: Range<Int> = 0..<0
    /// Where each attribute of the last start tag lies, from its name to its closing quote, in
    /// the order of its attributes.
    package private(set) var attributeRanges: [Range<Int>] = []

    private let bytes: [UInt8]
    /// How many bytes of the given ones come before `bytes` (a byte order mark).
    private let skipped: Int
    private let depthLimit: Int
    private var index = 0
    private var open: [String] = []
    private var pendingEnd: String?
    private var sawRoot = false

    /// - Throws: ``Malformed`` when the bytes are not UTF-8.
    package init(_ bytes: [UInt8], depthLimit: Int) throws(Malformed) {
        guard String(validating: bytes, as: UTF8.self) != nil else { throw Malformed(reason: "is not UTF-8 text") }
        // A byte order mark is no part of the document.
        skipped = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.bytes = Array(bytes.dropFirst(skipped))
        self.depthLimit = depthLimit
    }

    /// The next event; `nil` once the root element has ended and nothing but comments,
    /// processing instructions and white space follows.
    /// - Throws: ``Malformed`` with the reason.
    package mutating func next() throws(Malformed) -> Event? {
        if let name = pendingEnd {
            pendingEnd = nil
            eventRange = skipped + index..<skipped + index
            return try close(name)
        }
        while index < bytes.count {
            let start = index
            defer { eventRange = skipped + start..<skipped + index }
            guard bytes[index] == UInt8(ascii: "<") else {
                let text = try readText()
                guard !open.isEmpty else {
                    guard text.allSatisfy(\.isWhitespace) else { throw Malformed(reason: "has text outside its root element") }
                    continue
                }
                return .text(text)
            }
            if starts("<?") {
                try skip(past: "?>")
            } else if starts("<!--") {
                try skip(past: "-->")
            } else if starts("<![CDATA[") {
                guard !open.isEmpty else { throw Malformed(reason: "has a CDATA section outside its root element") }
                index += 9
                let start = index
                try skip(past: "]]>")
                return .text(String(decoding: bytes[start..<index - 3], as: UTF8.self))
            } else if starts("<!DOCTYPE") {
                guard !sawRoot else { throw Malformed(reason: "declares its document type after its root element") }
                let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
                guard !bytes[index..<end].contains(UInt8(ascii: "[")) else {
                    throw Malformed(reason: "declares its own entities (a DOCTYPE with an internal subset), which are not accepted")
                }
                index = min(end + 1, bytes.count)
            } else if starts("</") {
                index += 2
                let name = readName()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw Malformed(reason: "has an end tag that is not closed") }
                index += 1
                return try close(name)
            } else {
                return try readStart()
            }
        }
        guard open.isEmpty, sawRoot else { throw Malformed(reason: sawRoot ? "ends before its elements do" : "has no element") }
        return nil
    }

    private mutating func close(_ name: String) throws(Malformed) -> Event {
        guard open.last == name else { throw Malformed(reason: "ends an element (\(name.prefix(64))) that is not the one open") }
        open.removeLast()
        return .end(name: name)
    }

    private mutating func readStart() throws(Malformed) -> Event {
        guard !(sawRoot && open.isEmpty) else { throw Malformed(reason: "has a second root element") }
        index += 1
        let name = readName()
        guard !name.isEmpty else { throw Malformed(reason: "has a '<' that starts no element") }
        var attributes: [Attribute] = []
        attributeRanges = []
        while true {
            skipSpace()
            guard index < bytes.count else { throw Malformed(reason: "ends inside a tag") }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            if starts("/>") {
                index += 2
                pendingEnd = name
                break
            }
            let attributeStart = index
            let attribute = readName()
            skipSpace()
            guard !attribute.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw Malformed(reason: "has an attribute without a value")
            }
            index += 1
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw Malformed(reason: "has an attribute value without quotes")
            }
            let quote = bytes[index]
            index += 1
            guard let end = bytes[index...].firstIndex(of: quote) else { throw Malformed(reason: "ends inside an attribute value") }
            let value = try Self.decodeEntities(bytes[index..<end])
            index = end + 1
            attributes.append(Attribute(name: attribute, value: value))
            attributeRanges.append(skipped + attributeStart..<skipped + index)
        }
        guard open.count < depthLimit else { throw Malformed(reason: "nests more than \(depthLimit) levels deep") }
        open.append(name)
        sawRoot = true
        return .start(name: name, attributes: attributes)
    }

    private mutating func readText() throws(Malformed) -> String {
        let start = index
        index = bytes[index...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
        return try Self.decodeEntities(bytes[start..<index])
    }

    private mutating func readName() -> String {
        let start = index
        while index < bytes.count, !Self.endsName(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
            || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private func starts(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { pattern in bytes[index..<index + count].elementsEqual(pattern) }
    }

    private mutating func skip(past terminator: StaticString) throws(Malformed) {
        let count = terminator.utf8CodeUnitCount
        while index + count <= bytes.count {
            if starts(terminator) {
                index += count
                return
            }
            index += 1
        }
        throw Malformed(reason: "ends inside a comment, a processing instruction or a CDATA section")
    }

    private static let predefinedEntities = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]

    /// Text with the predefined entities and character references replaced; any other `&` is an error.
    static func decodeEntities(_ raw: ArraySlice<UInt8>) throws(Malformed) -> String {
        guard raw.contains(UInt8(ascii: "&")) else { return String(decoding: raw, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            guard raw[index] == UInt8(ascii: "&") else {
                decoded.append(raw[index])
                index += 1
                continue
            }
            guard let semicolon = raw[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
                throw Malformed(reason: "has an '&' that starts no entity")
            }
            let entity = String(decoding: raw[index + 1..<semicolon], as: UTF8.self)
            if let text = predefinedEntities[entity] {
                decoded += text.utf8
            } else if entity.hasPrefix("#"), let scalar = characterReference(entity.dropFirst()) {
                decoded += String(Character(scalar)).utf8
            } else {
                throw Malformed(reason: "uses an entity (&\(entity.prefix(16));) that is not one of XML's own")
            }
            index = semicolon + 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func characterReference(_ digits: Substring) -> Unicode.Scalar? {
        let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        guard let value, value != 0 else { return nil }
        return Unicode.Scalar(value)
    }
}
