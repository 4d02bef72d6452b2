import Foundation
import PhotolalaKit

/// An item of the search results or a timeline: the served source, folder and item a photo is,
/// as one id the page can put in a URL. Written as base64url of the source and the folder joined
/// by a NUL (no id holds one), a dot (which base64url never holds), then the item's own id,
/// which every source writes URL-safe: so any source's folder ids, slashes and all, come back
/// exactly, and the first part, the same for every photo of a folder, is made once a folder
/// rather than once a photo of a timeline of a million (``prefix(source:folder:)``).
struct SearchResultID: Sendable, Equatable {
    let source: String
    let folder: String
    let item: PhotoItem.ID

    var id: PhotoItem.ID {
        Self.prefix(source: source, folder: folder) + item
    }

    init(source: String, folder: String, item: PhotoItem.ID) {
        self.source = source
        self.folder = folder
        self.item = item
    }

    /// What the ids of every photo of `folder` of `source` start with.
    static func prefix(source: String, folder: String) -> String {
        Data((source + "\0" + folder).utf8).base64EncodedString().replacingScalars(["+": "-", "/": "_", "=": ""]) + "."
    }

    /// The photo `id` names; `nil` for an id no search result has.
    init?(_ id: PhotoItem.ID) {
        guard let dot = id.firstIndex(of: ".") else { return nil }
        var base64 = String(id[..<dot]).replacingScalars(["-": "+", "_": "/"])
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        let item = String(id[id.index(after: dot)...])
        guard parts.count == 2, !parts[0].isEmpty, !item.isEmpty else { return nil }
        self.init(source: parts[0], folder: parts[1], item: item)
    }
}
