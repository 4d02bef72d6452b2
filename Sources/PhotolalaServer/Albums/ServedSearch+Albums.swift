import Hummingbird
import PhotolalaKit

extension ServedSearch {
    /// A photo of an album as the page lists it: a copy in a served source, named by its
    /// ``SearchResultID``, or, when no served source holds one, a row of its own that says it
    /// is missing (its thumbnail is not found), never left out.
    struct AlbumEntry: Sendable {
        let md5: String
        let row: ListedPhoto
        var isMissing: Bool { SearchResultID(row.item.id) == nil }
    }

    /// What a missing photo's id starts with: no ``SearchResultID`` has a dash before its dot.
    static let missingPrefix = "missing-"

    /// The albums as they are in the data folder.
    /// - Throws: ``ServerError`` 500 saying what is wrong when the albums file is damaged.
    func albumBook() throws -> AlbumBook {
        do {
            return try albums.read()
        } catch let error as AlbumError {
            throw ServerError(.internalServerError, error.message)
        }
    }

    /// The photos of `album` in its order, each at a copy the served sources hold: the one it
    /// was added from when still there, else another with its content the index knows.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the index cannot be read.
    func entries(of album: AlbumRecord) throws -> [AlbumEntry] {
        let ordered = album.orderedPhotos
        guard !ordered.isEmpty else { return [] }
        let served = served()
        let hits = try index.search(
            SearchQuery(terms: [SearchQuery.Term(.contents(Set(ordered.map(\.md5))))]), within: served.map(\.scope.root),
            limit: max(ordered.count * 16, 1_000))
        var copies: [String: [SearchIndex.Hit]] = [:]
        for hit in hits {
            if let md5 = hit.md5 { copies[md5, default: []].append(hit) }
        }
        return ordered.map { md5, record in
            let found = copies[md5] ?? []
            let origin = record.origin
            let fromOrigin = found.first { $0.source.rawValue == origin.kind && $0.root + "/" + $0.key == origin.location }
            if let hit = fromOrigin ?? found.first,
                let entry = served.first(where: { $0.scope.kind == hit.source && $0.scope.root == hit.root }),
                let reference = entry.source.searchReference(forKey: hit.key)
            {
                let id = SearchResultID(source: entry.id, folder: reference.folder, item: reference.item)
                return AlbumEntry(
                    md5: md5,
                    row: ListedPhoto(
                        item: PhotoItem(id: id.id, displayName: hit.name), date: hit.date, size: nil, dateSource: hit.date == nil ? nil : .catalog))
            }
            // A library's asset the index has no MD5 for is found where it was added from.
            if let entry = served.first(where: { $0.scope.kind.rawValue == origin.kind && origin.location.hasPrefix($0.scope.root + "/") }),
                entry.scope.kind != .folders,
                let reference = entry.source.searchReference(forKey: String(origin.location.dropFirst(entry.scope.root.count + 1)))
            {
                let id = SearchResultID(source: entry.id, folder: reference.folder, item: reference.item)
                return AlbumEntry(
                    md5: md5, row: ListedPhoto(item: PhotoItem(id: id.id, displayName: origin.name), date: nil, size: nil, dateSource: nil))
            }
            return AlbumEntry(
                md5: md5,
                row: ListedPhoto(item: PhotoItem(id: Self.missingPrefix + md5, displayName: origin.name), date: nil, size: nil, dateSource: nil))
        }
    }
}
