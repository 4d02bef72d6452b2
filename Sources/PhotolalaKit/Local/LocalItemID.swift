import Foundation

/// Turns a photo's path inside a folder tree into an opaque item id and back.
///
/// The id is the path relative to the source's root in URL-safe Base64, so it carries no
/// meaning a client could tamper with; decoding refuses anything that would leave the root.
enum LocalItemID {
    static func make(relativePath: String) -> String {
        Data(relativePath.utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The relative path an id stands for, or `nil` when the id is malformed or would escape
    /// the root (absolute paths, `..`, empty or NUL-bearing components).
    static func relativePath(of id: String) -> String? {
        var base64 = id.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let path = String(data: data, encoding: .utf8) else { return nil }
        guard !path.isEmpty, !path.hasPrefix("/"), !path.contains("\0") else { return nil }
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        return path
    }
}
