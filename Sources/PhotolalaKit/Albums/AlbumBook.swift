import Foundation

/// Every album and album folder of a user: the document kept in the data folder
/// (`albums.json`) and in the bucket beside the catalog, merged between the two. Albums hold
/// photos by MD5, so a photo moved or renamed on disk stays in its albums.
///
/// A book is a state-based replicated type: ``merged(with:)`` keeps, field by field, the later
/// of each edit, and is commutative, associative and idempotent, so devices that sync in any
/// order, as often as they like, end with the same albums, and two devices editing one album at
/// once lose neither's change.
public struct AlbumBook: Sendable, Hashable, Codable {
    /// The version of this layout; a later one is refused rather than misread.
    public static let version = 1

    public private(set) var version = AlbumBook.version
    /// Every album and folder by id, deleted ones too.
    public internal(set) var albums: [String: AlbumRecord]
    /// The latest stamp of any edit in the book: the next edit's is later.
    public internal(set) var clock: Int64

    public init() {
        albums = [:]
        clock = 0
    }

    /// A stamp for an edit now: later than any edit the book holds, whatever the clock says.
    mutating func stamp(now: Date = Date(), device: String) -> AlbumStamp {
        clock = max(clock + 1, Int64((now.timeIntervalSince1970 * 1000).rounded(.down)))
        return AlbumStamp(time: clock, device: device)
    }

    /// The book with `other`'s edits joined to its own.
    public func merged(with other: AlbumBook) -> AlbumBook {
        var merged = self
        merged.albums.merge(other.albums) { $0.merged(with: $1) }
        merged.clock = max(clock, other.clock)
        return merged
    }

    /// The albums and folders not deleted, with none in a deleted folder.
    public var live: [AlbumRecord] {
        albums.values.filter { isLive($0.id) }
    }

    /// Whether the album is there: not deleted, and in no deleted folder.
    public func isLive(_ id: String) -> Bool {
        var seen: Set<String> = []
        var current: String? = id
        while let id = current {
            guard let album = albums[id], !album.deleted.value, seen.insert(id).inserted else { return false }
            current = album.parent.value
        }
        return true
    }

    /// The albums and folders directly in folder `parent` (`nil`: the top), by name.
    public func children(of parent: String?) -> [AlbumRecord] {
        live.filter { $0.parent.value == parent }.sorted { first, second in
            let order = first.name.value.localizedStandardCompare(second.name.value)
            return order == .orderedSame ? first.id < second.id : order == .orderedAscending
        }
    }

    /// The album's path: its folders' names and its own, joined by "/".
    public func path(of id: String) -> String {
        var names: [String] = []
        var seen: Set<String> = []
        var current: String? = id
        while let id = current, let album = albums[id], seen.insert(id).inserted {
            names.append(album.name.value)
            current = album.parent.value
        }
        return names.reversed().joined(separator: "/")
    }

    /// The live album or folder at `path` ("Travel/Rome").
    /// - Throws: ``AlbumError`` when none is, or two are.
    public func album(at path: String) throws(AlbumError) -> AlbumRecord {
        var parent: String?
        var found: AlbumRecord?
        for name in Self.names(in: path) {
            let matches = live.filter { $0.parent.value == parent && $0.name.value == name }
            guard let match = matches.first else { throw .notFound(path) }
            guard matches.count == 1 else { throw .ambiguous(path, count: matches.count) }
            found = match
            parent = match.id
        }
        guard let found else { throw .notFound(path) }
        return found
    }

    /// The names of a path's albums and folders.
    static func names(in path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }
}
