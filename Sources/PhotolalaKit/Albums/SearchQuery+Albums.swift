import Foundation

extension SearchQuery {
    /// Whether the query has an `album:` term: only then are the albums read.
    public var namesAlbums: Bool {
        terms.contains { term in
            if case .field(.album, _) = term.condition { true } else { false }
        }
    }

    /// The query with each `album:NAME` term made the photos of the albums NAME names
    /// (``AlbumBook/albums(matching:)``), which the search index compares by MD5, so a photo is
    /// found in whichever source holds a copy.
    public func resolvingAlbums(in book: AlbumBook) -> SearchQuery {
        SearchQuery(
            terms: terms.map { term in
                guard case .field(.album, let value) = term.condition else { return term }
                let md5s = book.albums(matching: value).flatMap { $0.orderedPhotos.map(\.md5) }
                return Term(.contents(Set(md5s)), isExcluded: term.isExcluded)
            })
    }
}

extension AlbumBook {
    /// The albums `value` names: each of its words starts a word of the album's path (its
    /// folders' names and its own), case and accents aside, so `album:rome` finds "Travel/Rome
    /// 2024" and `album:travel` every album in the folder Travel.
    public func albums(matching value: String) -> [AlbumRecord] {
        let wanted = Self.words(of: value)
        guard !wanted.isEmpty else { return [] }
        return live.filter { album in
            guard !album.isFolder else { return false }
            let words = Self.words(of: path(of: album.id))
            return wanted.allSatisfy { word in words.contains { $0.hasPrefix(word) } }
        }
    }

    /// A name's words, folded as the search index folds them.
    private static func words(of text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !$0.isLetter && !$0.isNumber }.map(String.init)
    }
}

extension Engine {
    /// The query with its `album:` terms made the photos of this device's albums; the albums
    /// are read only when it has such a term.
    /// - Throws: ``AlbumError`` when the albums file is damaged.
    public func resolvingAlbums(in query: SearchQuery) throws -> SearchQuery {
        query.namesAlbums ? query.resolvingAlbums(in: try albums.read()) : query
    }
}
