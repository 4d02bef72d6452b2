import PhotolalaKit

/// Search over what `photolala serve` serves, in the search index `photolala index` and
/// `photolala search` keep: only the served sources are searched, and each photo found is named
/// as its served source shows it, so only what a served source can show is answered.
struct ServedSearch: Sendable {
    let sources: ServedSources
    let index: SearchIndex

    /// The photos `query` finds in the served sources, newest first, at most `limit`.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the index cannot be read.
    func search(_ query: SearchQuery, limit: Int) throws -> API.SearchResults {
        let served = sources.all.compactMap { entry in entry.source.searchScope.map { (scope: $0, id: entry.id, source: entry.source) } }
        let hits = try index.search(query, within: served.map(\.scope.root), limit: limit)
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
}
