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
        var stamp = Stamp()
        for part in parts { stamp.add(part) }
        return stamp.value
    }

    /// A number that changes when `text` does.
    static func stamp(of text: String) -> Int64 {
        var stamp = Stamp()
        stamp.add(text)
        return stamp.value
    }

    /// A number that changes when anything of `description` does, or `parts`: each field fed
    /// in turn, where encoding it as JSON for its bytes took a fifth of indexing a synced
    /// catalog. A field added to ``PhotoDescription`` is added here (a test counts them).
    static func stamp(of description: PhotoDescription, _ parts: String...) -> Int64 {
        var stamp = Stamp()
        for part in parts { stamp.add(part) }
        for text in [description.cameraMake, description.cameraModel, description.lensModel, description.title, description.caption] {
            stamp.add(text)
        }
        stamp.add(description.latitude.map { Int64(bitPattern: $0.bitPattern) })
        stamp.add(description.longitude.map { Int64(bitPattern: $0.bitPattern) })
        stamp.add(description.rating.map(Int64.init))
        stamp.add(description.colorLabel)
        stamp.add(Int64((description.isScreenshot ? 1 : 0) | (description.isPanorama ? 2 : 0)))
        for values in [description.keywords, description.people, description.labels] {
            stamp.add(Int64(values.count))
            for value in values { stamp.add(value) }
        }
        return stamp.value
    }

    /// FNV-1a, fed numbers whole and text by its bytes, each text ended by a byte no UTF-8
    /// holds, so that "ab", "c" and "a", "bc" differ.
    private struct Stamp {
        private var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        private static let prime: UInt64 = 0x0000_0100_0000_01B3

        var value: Int64 { Int64(bitPattern: hash) }

        /// `nil` is -1.
        mutating func add(_ part: Int64?) {
            hash = (hash ^ UInt64(bitPattern: part ?? -1)) &* Self.prime
        }

        /// `nil` is -2, which no text is.
        mutating func add(_ text: String?) {
            guard let text else { return add(-2) }
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* Self.prime }
            hash = (hash ^ 0xFF) &* Self.prime
        }
    }
}
