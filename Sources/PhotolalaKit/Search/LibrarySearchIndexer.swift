import Foundation

/// Keeps the search index current with an Apple Photos library, from what the library's
/// database says of each asset (read-only, as ever): its name, date, kind, title, description,
/// keywords, named people, favourite, albums and place (Photos' own, or else the one of its
/// position). Photos in All Photos are
/// indexed (neither hidden nor recently deleted); an asset whose facts are as they were indexed
/// is passed over, one gone is taken out.
struct LibrarySearchIndexer: Sendable {
    let places: PlaceData
    let index: SearchIndex

    /// Indexes `library`, telling `progress` after each batch.
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when its database cannot be read,
    ///   ``PhotolalaError/databaseFailed`` when the index cannot be written.
    func index(_ library: ApplePhotosLibrary, progress: @Sendable (SearchIndexProgress) -> Void = { _ in }) throws -> SearchIndexProgress {
        var state = SearchIndexProgress()
        let ids = SearchIndex.SharedValueIDs()
        state.problems = library.problems
        let assets = try library.assets()
        let albums = try library.albumTitles()
        let facts = try library.facts()
        state.problems += facts.problems
        var known = try index.stamps(of: .photos, root: library.path)
        state.found = assets.count
        var pending: [SearchDocument] = []
        var replaced: [String] = []
        for asset in assets {
            let document = self.document(asset, albums: albums, facts: facts)
            let indexed = known.removeValue(forKey: asset.uuid)
            if indexed != document.stamp {
                pending.append(document)
                if indexed != nil { replaced.append(asset.uuid) }
            }
            state.done += 1
            if pending.count >= SearchIndex.documentsPerTransaction {
                try index.update(.photos, root: library.path, documents: pending.map(ids.prepare), removed: replaced, ids: ids)
                state.indexed += pending.count
                pending.removeAll(keepingCapacity: true)
                replaced.removeAll(keepingCapacity: true)
            }
            if state.done % FolderSearchIndexer.batchSize == 0 { progress(state) }
        }
        try index.update(.photos, root: library.path, documents: pending.map(ids.prepare), removed: replaced + known.keys, ids: ids)
        state.indexed += pending.count
        state.removed = known.count
        progress(state)
        return state
    }

    /// An asset's document; its album titles stand for its folder.
    func document(_ asset: ApplePhotosAsset, albums: [String: String], facts: ApplePhotosFacts) -> SearchDocument {
        let people = facts.people[asset.uuid] ?? []
        let caption = facts.descriptions[asset.uuid]
        let labels = facts.labels[asset.uuid] ?? []
        var description = PhotoDescription()
        description.title = asset.title
        description.caption = caption
        description.keywords = asset.keywords
        description.setPosition(latitude: asset.latitude, longitude: asset.longitude)
        description.isScreenshot = asset.isScreenshot
        description.isPanorama = asset.isPanorama
        var kinds = SearchDocument.kinds(of: asset.originalFilename, description)
        if asset.isMovie {
            kinds = [.video]
        } else if asset.isLivePhoto {
            kinds.insert(.live)
        }
        if asset.hasRAW { kinds.insert(.pair) }
        let place = facts.places[asset.uuid] ?? places.place(of: description)
        let date = asset.creationDate.map { date in
            let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
            return asset.timeZoneOffset.map { seconds + Int64($0) } ?? SearchDocument.wallClock(seconds)
        }
        let folder = Set(asset.albumUUIDs.compactMap { albums[$0] }).sorted().joined(separator: "\n")
        var document = SearchDocument(
            source: .photos, key: asset.uuid, name: asset.originalFilename, folder: folder, md5: nil, date: date, kinds: kinds,
            description: description, place: place, people: people, labels: labels, isFavorite: asset.isFavorite)
        // Every fact indexed, in a fixed order (a Set's order changes from process to process).
        let indexed: [String?] = [
            asset.originalFilename, folder, asset.title, caption, people.joined(separator: "\n"), asset.keywords.joined(separator: "\n"),
            kinds.map(\.rawValue).sorted().joined(separator: ","),
            date.map { String($0) }, description.latitude.map { "\($0)" }, description.longitude.map { "\($0)" }, asset.isFavorite ? "favorite" : "",
            labels.joined(separator: "\n"),
            facts.places[asset.uuid].map { [$0.country, $0.countryCode, $0.region ?? "", $0.city ?? ""].joined(separator: "\n") },
        ]
        document.stamp = SearchDocument.stamp(of: indexed.map { $0 ?? "-" }.joined(separator: "\u{1F}"))
        return document
    }
}
