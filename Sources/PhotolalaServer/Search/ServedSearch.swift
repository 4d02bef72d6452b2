import Hummingbird
import PhotolalaKit

/// Search over what `photolala serve` serves, in the search index `photolala index` and
/// `photolala search` keep: only the served sources are searched, and each photo found is named
/// as its served source shows it, so only what a served source can show is answered.
struct ServedSearch: Sendable {
    let sources: ServedSources
    let index: SearchIndex
    /// The albums an `album:` term names.
    let albums: AlbumStore

    /// The photos `query` finds in the served sources, newest first, at most `limit`.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the index cannot be read.
    func search(_ query: SearchQuery, limit: Int) throws -> API.SearchResults {
        let served = served()
        let hits = try index.search(try resolved(query), within: served.map(\.scope.root), limit: limit)
        let results = hits.compactMap { hit -> API.SearchHit? in
            guard let entry = served.first(where: { $0.scope.kind == hit.source && $0.scope.root == hit.root }),
                let reference = entry.source.searchReference(forKey: hit.key)
            else { return nil }
            return API.SearchHit(
                source: entry.id, folder: reference.folder, id: reference.item, kind: hit.source.rawValue, name: hit.name, date: hit.date,
                md5: hit.md5,
                place: hit.place, keywords: hit.keywords, rating: hit.rating, colorLabel: hit.colorLabel, title: hit.title, description: hit.caption)
        }
        return API.SearchResults(count: results.count, results: results)
    }

    /// Where the geotagged photos `query` finds in the served sources were taken, newest first,
    /// at most `limit`; each named by its id in the search results, so the map opens it as the
    /// grid does.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the index cannot be read.
    func points(_ query: SearchQuery, limit: Int) throws -> API.SearchPoints {
        let served = served()
        // One more than asked: whether there were more is said, not counted.
        let found = try index.points(of: try resolved(query), within: served.map(\.scope.root), limit: limit + 1)
        let points = found.prefix(limit).compactMap { point -> (id: String, latitude: Double, longitude: Double)? in
            guard let entry = served.first(where: { $0.scope.kind == point.source && $0.scope.root == point.root }),
                let reference = entry.source.searchReference(forKey: point.key)
            else { return nil }
            let id = SearchResultID(source: entry.id, folder: reference.folder, item: reference.item).id
            return (id, point.latitude, point.longitude)
        }
        return API.SearchPoints(points: points, limit: limit, capped: found.count > limit)
    }

    /// The facets of the photos `query` finds in the served sources.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the index cannot be read.
    func facets(_ query: SearchQuery) throws -> SearchFacets {
        try index.facets(of: try resolved(query), within: served().map(\.scope.root))
    }

    /// Where the photos `query` finds in the served sources were taken: countries, regions, cities.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the index cannot be read.
    func places(_ query: SearchQuery) throws -> [PlaceCount] {
        try index.places(of: try resolved(query), within: served().map(\.scope.root))
    }

    /// The people named in the photos `query` finds in the served sources, with how many photos
    /// each is in, most first.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the index cannot be read.
    func people(_ query: SearchQuery) throws -> [SearchFacets.Value] {
        try index.facets(of: try resolved(query), within: served().map(\.scope.root), limit: Self.mostPeople).people
    }

    /// The most people the People view lists.
    static let mostPeople = 2_000

    /// Every photo beneath folder `place.folder` of the served source `place.source`, its
    /// subfolders' too, or of every served source when `place` is `nil`: newest first, handed to
    /// `body` in batches as rows named by ``SearchResultID``, with no limit.
    /// - Throws: ``ServerError`` 404 when the source is not served or indexed, or the folder is
    ///   no place of the index (an album: it is its own timeline); ``PhotolalaError/databaseFailed``
    ///   when the index cannot be read.
    func timeline(beneath place: (source: String, folder: String)?, _ body: ([ListedPhoto]) throws -> Void) throws {
        let served = served()
        let scopes = try timelineScopes(beneath: place)
        let byScope = Dictionary(served.map { ($0.scope, $0) }, uniquingKeysWith: { first, _ in first })
        // The ids' first part by source and folder: a million photos are in a few thousand folders.
        var prefixes: [String: [String: String]] = [:]
        try index.timeline(of: scopes) { photos in
            try body(
                photos.compactMap { photo in
                    guard let entry = byScope[photo.source], let reference = entry.source.searchReference(forKey: photo.key) else { return nil }
                    let prefix =
                        prefixes[entry.id]?[reference.folder]
                        ?? {
                            let prefix = SearchResultID.prefix(source: entry.id, folder: reference.folder)
                            prefixes[entry.id, default: [:]][reference.folder] = prefix
                            return prefix
                        }()
                    return ListedPhoto(
                        item: PhotoItem(id: prefix + reference.item, displayName: photo.name), date: photo.date, size: nil,
                        dateSource: photo.date == nil ? nil : .catalog)
                })
        }
    }

    /// Where the index keeps the photos of ``timeline(beneath:_:)``.
    /// - Throws: ``ServerError`` 404 when the source is not served or indexed, or the folder is
    ///   no place of the index.
    func timelineScopes(beneath place: (source: String, folder: String)?) throws -> [SearchIndex.TimelineScope] {
        let served = served()
        guard let place else { return served.map { SearchIndex.TimelineScope(source: $0.scope) } }
        guard let entry = served.first(where: { $0.id == place.source }) else {
            throw ServerError(.notFound, "No source '\(place.source)' is served and searched. Choose a folder in the sidebar.")
        }
        guard let prefix = entry.source.searchKeyPrefix(ofFolder: place.folder) else {
            throw ServerError(.notFound, "This folder of \(entry.source.summary.name) has no photos beneath it: open the folder itself.")
        }
        return [SearchIndex.TimelineScope(source: entry.scope, keyPrefix: prefix)]
    }

    /// The query with its `album:` terms made the photos of the albums they name.
    /// - Throws: ``ServerError`` 500 saying what is wrong when the albums file is damaged.
    private func resolved(_ query: SearchQuery) throws -> SearchQuery {
        guard query.namesAlbums else { return query }
        do {
            return query.resolvingAlbums(in: try albums.read())
        } catch let error as AlbumError {
            throw ServerError(.internalServerError, error.message)
        }
    }

    /// The served sources the index holds, with where it keeps each.
    func served() -> [(scope: SearchScope, id: String, source: any PhotoSource)] {
        sources.all.compactMap { entry in entry.source.searchScope.map { (scope: $0, id: entry.id, source: entry.source) } }
    }
}
