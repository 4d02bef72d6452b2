import PhotolalaSupport

/// Changes a few top-level properties of an XMP packet and keeps every other byte as it was: a
/// sidecar holds what other programs wrote (darktable's history stack, Lightroom's develop
/// settings, face regions), which Photolala does not know and must not disturb.
///
/// The packet is read once by ``XMLReader`` within ``XMPPacket/limits``, noting where each
/// top-level `rdf:Description` and each of its properties lie; a change takes the property out
/// wherever it is (an attribute of any description, or an element) and writes it anew, as an
/// element, in the first description. A language alternative keeps its other languages' items.
///
/// ```swift
/// let editor = try XMPPacketEditor(bytes)
/// let edited = try editor.applying([(.basic("Rating"), .text("4")), (.dublinCore("subject"), nil)])
/// ```
struct XMPPacketEditor {
    /// A property's new value.
    enum Value: Equatable, Sendable {
        /// A simple value (`xmp:Rating`, `xmp:Label`).
        case text(String)
        /// An unordered array (`dc:subject`).
        case bag([String])
        /// An ordered array (`digiKam:TagsList`).
        case sequence([String])
        /// A language alternative's default (`dc:title`).
        case alternative(String)
    }

    /// Why a packet cannot be changed in place.
    struct Uneditable: Error, Equatable, CustomStringConvertible {
        let reason: String

        var description: String { reason }
    }

    /// The bytes of the packet a sidecar starts as: an empty description, which a change fills.
    static let emptyPacket = Array(
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Photolala">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""/>
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>

        """.utf8)

    /// The prefixes written for namespaces a packet does not declare yet, as exiftool writes them.
    private static let preferredPrefixes = [
        XMPPacket.Name.basic("").namespace: "xmp", XMPPacket.Name.dublinCore("").namespace: "dc",
        XMPPacket.Name.lightroom("").namespace: "lr", XMPPacket.Name.digiKam("").namespace: "digiKam",
        XMPPacket.Name.darktable("").namespace: "darktable",
    ]

    private struct Property {
        let name: XMPPacket.Name
        /// Its start tag through its end tag.
        let range: Range<Int>
        /// The items of a language alternative in languages other than the default.
        var otherLanguages: [Range<Int>] = []
    }

    private struct Description {
        /// Its name as written (`rdf:Description`).
        let qualifiedName: String
        let startTag: Range<Int>
        /// Empty, after the start tag, when the element is empty (`<rdf:Description …/>`).
        var endTag: Range<Int>
        /// The prefixes in scope within its start tag, its own declarations included.
        let prefixes: [String: String]
        let attributes: [(name: XMPPacket.Name, range: Range<Int>)]
        var properties: [Property] = []
    }

    private let bytes: [UInt8]
    private let descriptions: [Description]

    /// Reads where the packet's descriptions and properties lie.
    /// - Throws: ``XMPPacket/Unreadable`` when it is no XMP within the limits, ``Uneditable``
    ///   when it has no `rdf:RDF` element with a description.
    init(_ bytes: [UInt8]) throws {
        guard bytes.count <= XMPPacket.limits.bytes else {
            throw XMPPacket.Unreadable(reason: "is \(bytes.count) bytes, over the limit of \(XMPPacket.limits.bytes) bytes")
        }
        self.bytes = bytes
        var scopes = XMLNamespaceScopes()
        var descriptions: [Description] = []
        var rdfDepth: Int?
        var property: (name: XMPPacket.Name, start: Int, otherLanguages: [Range<Int>])?
        var item: (start: Int, isOtherLanguage: Bool)?
        do {
            var reader = try XMLReader(bytes, depthLimit: XMPPacket.limits.depth)
            reading: while let event = try reader.next() {
                switch event {
                case .start(let qualified, let attributes):
                    scopes.open(attributes)
                    let name = scopes.resolve(qualified)
                    let depth = scopes.depth
                    if rdfDepth == nil, name == .rdf("RDF") {
                        rdfDepth = depth
                    } else if let rdfDepth, depth == rdfDepth + 1, name == .rdf("Description") {
                        let named = zip(attributes, reader.attributeRanges).filter { attribute, _ in
                            !XMLNamespaceScopes.isDeclaration(attribute) && !attribute.name.hasPrefix("xml:")
                        }
                        descriptions.append(
                            Description(
                                qualifiedName: qualified, startTag: reader.eventRange,
                                endTag: reader.eventRange.upperBound..<reader.eventRange.upperBound,
                                prefixes: scopes.prefixes, attributes: named.map { (scopes.resolve($0.name), $1) }))
                    } else if let rdfDepth, !descriptions.isEmpty, depth == rdfDepth + 2 {
                        property = (name, reader.eventRange.lowerBound, [])
                    } else if let rdfDepth, property != nil, depth == rdfDepth + 4, name == .rdf("li") {
                        let language = attributes.first { $0.name == "xml:lang" }?.value
                        item = (reader.eventRange.lowerBound, language != nil && language != "x-default")
                    }
                case .end:
                    let depth = scopes.depth
                    scopes.close()
                    guard let rdfDepth else { continue }
                    if depth == rdfDepth {
                        break reading
                    } else if depth == rdfDepth + 1, !descriptions.isEmpty {
                        descriptions[descriptions.count - 1].endTag = reader.eventRange
                    } else if depth == rdfDepth + 2, let open = property {
                        let range = open.start..<reader.eventRange.upperBound
                        descriptions[descriptions.count - 1].properties.append(
                            Property(name: open.name, range: range, otherLanguages: open.otherLanguages))
                        property = nil
                    } else if depth == rdfDepth + 4, let open = item {
                        if open.isOtherLanguage { property?.otherLanguages.append(open.start..<reader.eventRange.upperBound) }
                        item = nil
                    }
                case .text:
                    break
                }
            }
        } catch {
            throw XMPPacket.Unreadable(reason: error.reason)
        }
        guard !descriptions.isEmpty else { throw Uneditable(reason: "has no rdf:RDF element with an rdf:Description to hold the properties") }
        self.descriptions = descriptions
    }
}

extension XMPPacketEditor {
    /// The packet with each property of `changes` taken out wherever it is, and written anew
    /// where a value is given; every other byte as it was.
    func applying(_ changes: [(name: XMPPacket.Name, value: Value?)]) -> [UInt8] {
        var splices: [(range: Range<Int>, bytes: [UInt8])] = []
        var kept: [XMPPacket.Name: [Range<Int>]] = [:]
        for description in descriptions {
            for (name, range) in description.attributes where changes.contains(where: { $0.name == name }) {
                splices.append((withSpaceBefore(range), []))
            }
            for property in description.properties where changes.contains(where: { $0.name == property.name }) {
                splices.append((withLine(property.range), []))
                kept[property.name, default: []] += property.otherLanguages
            }
        }
        let first = descriptions[0]
        var prefixes = first.prefixes
        var declarations = ""
        func prefix(of namespace: String) -> String {
            if let bound = prefixes.first(where: { $0.value == namespace && !$0.key.isEmpty })?.key { return bound }
            let preferred = Self.preferredPrefixes[namespace] ?? "ns"
            var candidate = preferred
            var number = 1
            while prefixes[candidate] != nil {
                number += 1
                candidate = preferred + String(number)
            }
            prefixes[candidate] = namespace
            declarations += " xmlns:\(candidate)=\"\(Self.escaped(namespace))\""
            return candidate
        }
        let indent = indentation(at: first.startTag.lowerBound)
        let childIndent = first.properties.first.map { indentation(at: $0.range.lowerBound) } ?? indent + "  "
        var elements = ""
        for (name, value) in changes {
            guard let value else { continue }
            let rdf = prefix(of: XMPPacket.Name.rdfNamespace)
            let qualified = prefix(of: name.namespace) + ":" + name.local
            elements += childIndent + "<\(qualified)>"
            switch value {
            case .text(let text):
                elements += Self.escaped(text)
            case .bag(let items), .sequence(let items):
                let array = if case .bag = value { "Bag" } else { "Seq" }
                elements += "\n\(childIndent) <\(rdf):\(array)>\n"
                for item in items { elements += "\(childIndent)  <\(rdf):li>\(Self.escaped(item))</\(rdf):li>\n" }
                elements += "\(childIndent) </\(rdf):\(array)>\n\(childIndent)"
            case .alternative(let text):
                elements += "\n\(childIndent) <\(rdf):Alt>\n\(childIndent)  <\(rdf):li xml:lang=\"x-default\">\(Self.escaped(text))</\(rdf):li>\n"
                for item in kept[name] ?? [] { elements += "\(childIndent)  " + String(decoding: bytes[item], as: UTF8.self) + "\n" }
                elements += "\(childIndent) </\(rdf):Alt>\n\(childIndent)"
            }
            elements += "</\(qualified)>\n"
        }
        if first.endTag.isEmpty {
            // `<rdf:Description …/>` opens to hold its properties.
            let close = first.startTag.upperBound - 2..<first.startTag.upperBound
            let opened = elements.isEmpty ? declarations + "/>" : declarations + ">\n" + elements + indent + "</\(first.qualifiedName)>"
            splices.append((close, Array(opened.utf8)))
        } else {
            if !declarations.isEmpty { splices.append((first.startTag.upperBound - 1..<first.startTag.upperBound - 1, Array(declarations.utf8))) }
            let lineStart = startOfLine(first.endTag.lowerBound)
            let position = lineStart ?? first.endTag.lowerBound
            if !elements.isEmpty { splices.append((position..<position, Array(((lineStart == nil ? "\n" : "") + elements).utf8))) }
        }
        var edited = bytes
        for splice in splices.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) > ($1.range.lowerBound, $1.range.upperBound) }) {
            edited.replaceSubrange(splice.range, with: splice.bytes)
        }
        return edited
    }

    /// Where the line holding `position` starts, when only spaces and tabs come before it on that line.
    private func startOfLine(_ position: Int) -> Int? {
        var start = position
        while start > 0, bytes[start - 1] == 0x20 || bytes[start - 1] == 0x09 { start -= 1 }
        return start == 0 || bytes[start - 1] == 0x0A ? start : nil
    }

    /// The spaces and tabs that indent the line of `position`, when nothing else comes before it.
    private func indentation(at position: Int) -> String {
        startOfLine(position).map { String(decoding: bytes[$0..<position], as: UTF8.self) } ?? ""
    }

    /// `range` with its whole line, when nothing else is on it: taking a property out leaves no blank line.
    private func withLine(_ range: Range<Int>) -> Range<Int> {
        guard let start = startOfLine(range.lowerBound) else { return range }
        var end = range.upperBound
        while end < bytes.count, bytes[end] == 0x20 || bytes[end] == 0x09 || bytes[end] == 0x0D { end += 1 }
        guard end < bytes.count, bytes[end] == 0x0A else { return range }
        return start..<end + 1
    }

    /// An attribute's range with the white space that parts it from the one before.
    private func withSpaceBefore(_ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        while start > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start - 1]) { start -= 1 }
        return start..<range.upperBound
    }

    /// Text as XML character data or an attribute value: markup characters escaped, and the
    /// control characters XML 1.0 does not allow left out.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "\t", "\n": escaped.unicodeScalars.append(scalar)
            case "\r": escaped += "&#13;"
            default:
                guard scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF else { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
