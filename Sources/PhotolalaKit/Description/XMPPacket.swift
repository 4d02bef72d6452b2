import Foundation
import PhotolalaSupport

/// The top-level properties of an XMP packet (ISO 16684-1), as text: what a photo embeds (a
/// JPEG's APP1, a TIFF's tag 700, a HEIF's or PNG's XMP) or a sidecar holds.
///
/// A property is read in all three ways RDF writes one: an attribute of `rdf:Description`
/// (`xmp:Rating="4"`), an element with text (`<xmp:Label>Red</xmp:Label>`), or an array
/// (`rdf:Bag`, `rdf:Seq`, `rdf:Alt` of `rdf:li`), whose items are kept in order, a language
/// alternative's `x-default` first, as exiftool reads them. Structures (`rdf:parseType="Resource"`,
/// nested descriptions) are skipped: nothing Photolala searches is one. The packet is read by
/// ``XMLReader`` within ``limits`` (its size, its depth, no entities of its own), so a hostile
/// one costs one pass and a refusal.
///
/// ```swift
/// let packet = try XMPPacket(bytes)
/// packet.values(.dublinCore("subject"))  // ["Italy", "wedding"]
/// ```
struct XMPPacket: Sendable, Equatable {
    /// A property's expanded name: its namespace URI and its local name.
    struct Name: Hashable, Sendable {
        let namespace: String
        let local: String

        static let rdfNamespace = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

        static func rdf(_ local: String) -> Name { Name(namespace: rdfNamespace, local: local) }
        static func dublinCore(_ local: String) -> Name { Name(namespace: "http://purl.org/dc/elements/1.1/", local: local) }
        static func basic(_ local: String) -> Name { Name(namespace: "http://ns.adobe.com/xap/1.0/", local: local) }
        static func lightroom(_ local: String) -> Name { Name(namespace: "http://ns.adobe.com/lightroom/1.0/", local: local) }
        static func exif(_ local: String) -> Name { Name(namespace: "http://ns.adobe.com/exif/1.0/", local: local) }
        static func exifEX(_ local: String) -> Name { Name(namespace: "http://cipa.jp/exif/1.0/", local: local) }
        static func auxiliary(_ local: String) -> Name { Name(namespace: "http://ns.adobe.com/exif/1.0/aux/", local: local) }
        static func tiff(_ local: String) -> Name { Name(namespace: "http://ns.adobe.com/tiff/1.0/", local: local) }
        static func digiKam(_ local: String) -> Name { Name(namespace: "http://www.digikam.org/ns/1.0/", local: local) }
        static func darktable(_ local: String) -> Name { Name(namespace: "http://darktable.sf.net/", local: local) }
        static func panorama(_ local: String) -> Name { Name(namespace: "http://ns.google.com/photos/1.0/panorama/", local: local) }
    }

    /// Why a packet was not read, as a clause that fits after "its XMP ": over the limits,
    /// holding entities of its own, or not well-formed.
    struct Unreadable: Error, Equatable, CustomStringConvertible {
        let reason: String

        var description: String { "was not read: it \(reason)" }
    }

    /// The most of a packet read: a camera's is a few KB, a Lightroom sidecar with its edit
    /// history some hundreds; a bigger one is damaged or hostile.
    static let limits = UntrustedDocument.Limits(bytes: 8 << 20, depth: 32)
    /// The most items of one array kept, and characters of one value.
    static let maximumItems = 1_000
    static let maximumLength = 4_000

    private(set) var properties: [Name: [String]] = [:]

    /// Parses a packet, with or without its `<?xpacket?>` wrapper and `x:xmpmeta` element.
    /// - Throws: ``Unreadable``.
    init(_ bytes: [UInt8]) throws(Unreadable) {
        // Writers pad a packet with spaces and some end it with a NUL; XML allows neither after the root.
        let end = bytes.lastIndex { $0 != 0 && $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }.map { $0 + 1 } ?? 0
        guard end <= Self.limits.bytes else { throw Unreadable(reason: "is \(end) bytes, over the limit of \(Self.limits.bytes) bytes") }
        var builder = Builder()
        do {
            var reader = try XMLReader(Array(bytes[..<end]), depthLimit: Self.limits.depth)
            while let event = try reader.next() {
                builder.read(event)
            }
        } catch {
            throw Unreadable(reason: error.reason)
        }
        properties = builder.properties
    }

    /// The values of a property: one for a simple value, an array's items in order.
    func values(_ name: Name) -> [String] {
        properties[name] ?? []
    }

    /// The first value of a property, trimmed, when it is not empty.
    func value(_ name: Name) -> String? {
        values(name).lazy.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.first { !$0.isEmpty }
    }
}

extension XMPPacket {
    /// Where in `rdf:Description` → property → array → item the reader is, and the namespaces
    /// in scope.
    private struct Builder {
        var properties: [Name: [String]] = [:]
        private var scopes = XMLNamespaceScopes()
        /// How deep the open top-level `rdf:Description` is, when one is open.
        private var descriptionDepth: Int?
        /// The property being read, its items so far, and the text of the one being read.
        private var property: Name?
        private var items: [(text: String, isDefault: Bool)] = []
        private var text = ""
        private var isDefaultItem = false
        /// Whether the property is a structure (or holds one), which is skipped.
        private var isStructure = false

        mutating func read(_ event: XMLReader.Event) {
            switch event {
            case .start(let qualified, let attributes):
                scopes.open(attributes)
                start(scopes.resolve(qualified), attributes: attributes.filter { !XMLNamespaceScopes.isDeclaration($0) })
            case .end:
                end()
                scopes.close()
            case .text(let string):
                guard property != nil, !isStructure, text.utf8.count < XMPPacket.maximumLength else { return }
                text += string
            }
        }

        private mutating func start(_ name: Name, attributes: [XMLReader.Attribute]) {
            let depth = scopes.depth
            guard let descriptionDepth else {
                if name == .rdf("Description") {
                    descriptionDepth = depth
                    for attribute in attributes {
                        let property = scopes.resolve(attribute.name)
                        guard property.namespace != Name.rdfNamespace, !attribute.name.hasPrefix("xml:") else { continue }
                        properties[property, default: []].append(String(attribute.value.prefix(XMPPacket.maximumLength)))
                    }
                }
                return
            }
            // `rdf:resource`, `rdf:parseType` and qualifiers as attributes make a value no simple one.
            let hasFields = attributes.contains { $0.name != "xml:lang" }
            switch depth - descriptionDepth {
            case 1:
                property = name
                items = []
                text = ""
                isStructure = hasFields
            case 2:
                isStructure = isStructure || !(name.namespace == Name.rdfNamespace && ["Bag", "Seq", "Alt"].contains(name.local))
            case 3 where name == .rdf("li"):
                text = ""
                isDefaultItem = attributes.contains { $0.name == "xml:lang" && $0.value == "x-default" }
                isStructure = isStructure || hasFields
            default:
                isStructure = true
            }
        }

        private mutating func end() {
            let depth = scopes.depth
            guard let descriptionDepth else { return }
            switch depth - descriptionDepth {
            case 0:
                self.descriptionDepth = nil
            case 1:
                if let property, !isStructure {
                    let value = String(text.prefix(XMPPacket.maximumLength))
                    // A language alternative's default comes first, whatever its place.
                    let values = items.isEmpty ? [value] : items.filter(\.isDefault).map(\.text) + items.filter { !$0.isDefault }.map(\.text)
                    properties[property, default: []].append(contentsOf: values)
                }
                property = nil
            case 3 where !isStructure && items.count < XMPPacket.maximumItems:
                items.append((String(text.prefix(XMPPacket.maximumLength)), isDefaultItem))
                text = ""
            default:
                break
            }
        }
    }
}
