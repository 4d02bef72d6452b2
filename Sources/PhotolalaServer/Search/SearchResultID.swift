import Foundation
import PhotolalaKit

/// An item of the search results: the served source, folder and item a photo found is, as one
/// id the page can put in a URL. Written as base64url of the three joined by NULs (no id holds
/// one), so any source's ids, slashes and all, come back exactly.
struct SearchResultID: Sendable, Equatable {
    let source: String
    let folder: String
    let item: PhotoItem.ID

    var id: PhotoItem.ID {
        Data([source, folder, item].joined(separator: "\0").utf8).base64EncodedString()
            .replacingScalars(["+": "-", "/": "_", "=": ""])
    }

    init(source: String, folder: String, item: PhotoItem.ID) {
        self.source = source
        self.folder = folder
        self.item = item
    }

    /// The photo `id` names; `nil` for an id no search result has.
    init?(_ id: PhotoItem.ID) {
        var base64 = id.replacingScalars(["-": "+", "_": "/"])
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts[0].isEmpty, !parts[2].isEmpty else { return nil }
        self.init(source: parts[0], folder: parts[1], item: parts[2])
    }
}
