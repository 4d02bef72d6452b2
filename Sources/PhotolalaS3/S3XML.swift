import Foundation
import PhotolalaSupport

/// A parsed S3 XML answer: an element with its text and children, namespaces ignored.
struct S3XML: Sendable {
    var name: String
    var text: String = ""
    var children: [S3XML] = []

    /// Why an answer was not read.
    enum Unreadable: Error, Equatable {
        /// It exceeds ``UntrustedDocument/Limits/listing`` or holds what is never read (a DOCTYPE
        /// with entities): the reason, in words.
        case refused(String)
        case notXML
    }

    /// Parses `bytes`, refusing them when they exceed ``UntrustedDocument/Limits/listing`` (an
    /// answer of S3 nests 4 levels; a hostile or broken endpoint's could nest thousands).
    init(_ bytes: [UInt8]) throws(Unreadable) {
        do {
            try UntrustedDocument.check(bytes, as: .xml, limits: .listing)
        } catch let refusal as UntrustedDocument.Refusal {
            throw .refused(refusal.reason)
        } catch {
            throw .notXML
        }
        // Elements nest into a tree as the reader meets them; names lose their prefix.
        var stack: [S3XML] = []
        var root: S3XML?
        do {
            var reader = try XMLReader(bytes, depthLimit: UntrustedDocument.Limits.listing.depth)
            while let event = try reader.next() {
                switch event {
                case .start(let name, _):
                    stack.append(S3XML(name: name.split(separator: ":").last.map(String.init) ?? name))
                case .text(let text):
                    if !stack.isEmpty { stack[stack.count - 1].text += text }
                case .end:
                    guard let finished = stack.popLast() else { break }
                    if stack.isEmpty {
                        root = finished
                    } else {
                        stack[stack.count - 1].children.append(finished)
                    }
                }
            }
        } catch {
            throw .notXML
        }
        guard let root else { throw .notXML }
        self = root
    }

    init(name: String) {
        self.name = name
    }

    /// The first child named `name`.
    subscript(_ name: String) -> S3XML? {
        children.first { $0.name == name }
    }

    /// Every child named `name`.
    func all(_ name: String) -> [S3XML] {
        children.filter { $0.name == name }
    }

    /// The trimmed text of the first child named `name`.
    func value(_ name: String) -> String? {
        self[name].map { $0.text.trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Escapes text for an XML body we send.
    static func escape(_ text: String) -> String {
        text.replacingScalars(["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"])
    }
}
