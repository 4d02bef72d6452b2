import PhotolalaSupport

/// The namespace prefixes in scope at each open element of an XML document, innermost last: a
/// prefix is only a name, so a property is known by the namespace it stands for
/// (``XMPPacket/Name``), whatever prefix a writer chose.
struct XMLNamespaceScopes {
    private var scopes: [[String: String]] = []

    /// How many elements are open.
    var depth: Int { scopes.count }

    /// Whether an attribute declares a prefix (`xmlns:dc`) or the default namespace (`xmlns`).
    static func isDeclaration(_ attribute: XMLReader.Attribute) -> Bool {
        attribute.name == "xmlns" || attribute.name.hasPrefix("xmlns:")
    }

    /// Opens an element, with the prefixes its attributes declare.
    mutating func open(_ attributes: [XMLReader.Attribute]) {
        var declared: [String: String] = [:]
        for attribute in attributes where Self.isDeclaration(attribute) {
            declared[attribute.name == "xmlns" ? "" : String(attribute.name.dropFirst(6))] = attribute.value
        }
        scopes.append(declared)
    }

    /// Closes the innermost open element.
    mutating func close() {
        scopes.removeLast()
    }

    /// A qualified name's namespace and local name; an undeclared prefix is a namespace of its own.
    func resolve(_ qualified: String) -> XMPPacket.Name {
        let parts = qualified.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let (prefix, local) = parts.count == 2 ? (String(parts[0]), String(parts[1])) : ("", qualified)
        return XMPPacket.Name(namespace: namespace(of: prefix) ?? "undeclared:" + prefix, local: local)
    }

    /// The namespace a prefix stands for here.
    func namespace(of prefix: String) -> String? {
        scopes.reversed().lazy.compactMap { $0[prefix] }.first
    }

    /// Every prefix in scope here and what it stands for, the innermost declaration of each.
    var prefixes: [String: String] {
        scopes.reduce(into: [:]) { bound, scope in bound.merge(scope) { _, inner in inner } }
    }
}
