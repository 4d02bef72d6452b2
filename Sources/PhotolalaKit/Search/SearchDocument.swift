import Foundation

/// One photo as the search index holds it: where it is served from, how a result names it, and
/// every fact a query can ask of it. Made by a source's indexer from what was recorded of the
/// photo (its identity, date and ``PhotoDescription``, a sidecar's, its place, what Apple Photos
/// knows), never from a read of its own.
struct SearchDocument: Sendable, Equatable {
    /// The source it is served from, and its key there: the path below a folder tree's root,
    /// an Apple Photos asset's uuid, a backed-up photo's MD5.
    var source: SearchQuery.SourceKind
    var key: String
    var name: String
    /// The folder it is in, below the source's root ("" at the root); an album's name for Photos.
    var folder: String
    var md5: String?
    /// When it was taken, on its own clock (``SearchDateRange``'s wall-clock seconds).
    var date: Int64?
    var kinds: Set<SearchQuery.Kind>
    var description: PhotoDescription
    var place: Place?
    var people: [String] = []
    var labels: [String] = []
    var isFavorite = false
    /// What the indexer compares to tell the photo changed: its file's size and time, its
    /// sidecar's, mixed; `0` when the source has no such thing.
    var stamp: Int64 = 0
}

extension SearchDocument {
    /// What a photo is, from its name and what it says of itself.
    static func kinds(of name: String, _ description: PhotoDescription) -> Set<SearchQuery.Kind> {
        var kinds: Set<SearchQuery.Kind> = []
        let format = ImageFormat(name: name)
        if format?.kind == .video {
            kinds.insert(.video)
        } else {
            kinds.insert(.photo)
            if format?.isCameraRAW == true { kinds.insert(.raw) }
        }
        if description.isScreenshot || name.lowercased().hasPrefix("screenshot") || name.hasPrefix("Screen Shot") { kinds.insert(.screenshot) }
        if description.isPanorama { kinds.insert(.panorama) }
        return kinds
    }

    /// Unix seconds as this machine's clock showed them: the date of a photo whose own clock
    /// is not known.
    static func wallClock(_ seconds: Int64) -> Int64 {
        seconds + Int64(TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))))
    }

    /// A number that changes when any of `parts` does (FNV-1a over them), the same in every
    /// process, unlike Swift's `Hasher`, which is seeded anew in each.
    static func stamp(of parts: [Int64?]) -> Int64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            value = (value ^ UInt64(bitPattern: part ?? -1)) &* 0x0000_0100_0000_01B3
        }
        return Int64(bitPattern: value)
    }

    /// A number that changes when `text` does.
    static func stamp(of text: String) -> Int64 {
        stamp(of: text.utf8.map { Int64($0) })
    }
}
