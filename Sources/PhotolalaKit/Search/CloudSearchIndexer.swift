/// Keeps the search index current with the synced cloud catalog: a photo a row, by MD5, with
/// its name, date and kind, and what is known of its content (camera, keywords, place…): what
/// this device read of a copy of it, or else what the backup records (``CloudFacts``), so a
/// photo another device backed up is found by its facts too. Photos no longer in the catalog
/// are taken out.
struct CloudSearchIndexer: Sendable {
    let descriptions: PhotoDescriptionIndex
    /// What the backup records of its photos, synced from the bucket.
    let backupDescriptions: PhotoDescriptionIndex
    let places: PlaceData
    let index: SearchIndex

    /// Indexes the catalog synced into `catalog`, telling `progress` after each batch. The
    /// documents of a transaction are made while the one before is written (``pipelined(make:write:)``).
    /// - Throws: ``PhotolalaError/databaseFailed`` when the catalog or the index cannot be read
    ///   or written.
    func index(_ catalog: SyncedCloudCatalog, progress: @Sendable (SearchIndexProgress) -> Void = { _ in }) throws -> SearchIndexProgress {
        var state = SearchIndexProgress()
        let entries = try catalog.entries()
        var known = try index.stamps(of: .cloud, root: catalog.name)
        state.found = entries.count
        var next = 0
        var finished = false
        let (index, root, ids) = (self.index, catalog.name, SearchIndex.SharedValueIDs())
        try pipelined(
            make: { () -> (documents: [PreparedSearchDocument], removed: [String])? in
                guard !finished else { return nil }
                var documents: [PreparedSearchDocument] = []
                // The keys of photos indexed before whose documents changed, and (in the last
                // transaction) of those the catalog no longer lists.
                var removed: [String] = []
                while documents.count < SearchIndex.documentsPerTransaction, next < entries.count {
                    let batch = entries[next..<min(entries.count, next + FolderSearchIndexer.batchSize)]
                    next += batch.count
                    let md5s = batch.map(\.md5)
                    let recorded = zip(descriptions.descriptions(ofMD5s: md5s), backupDescriptions.descriptions(ofMD5s: md5s)).map { $0 ?? $1 }
                    for (entry, description) in zip(batch, recorded) {
                        let document = self.document(entry, description: description ?? PhotoDescription())
                        let indexed = known.removeValue(forKey: entry.md5)
                        if indexed != document.stamp {
                            documents.append(ids.prepare(document))
                            if indexed != nil { removed.append(entry.md5) }
                        }
                    }
                    state.done += batch.count
                    progress(state)
                }
                if next == entries.count {
                    finished = true
                    removed += known.keys
                    state.removed = known.count
                }
                state.indexed += documents.count
                return documents.isEmpty && removed.isEmpty ? nil : (documents, removed)
            },
            write: { transaction in try index.update(.cloud, root: root, documents: transaction.documents, removed: transaction.removed, ids: ids) })
        progress(state)
        return state
    }

    /// A backed-up photo's document: what the catalog says of it, and what was recorded of its
    /// content.
    private func document(_ entry: CatalogEntry, description: PhotoDescription) -> SearchDocument {
        let place = places.place(of: description)
        // The catalog's dates are Unix seconds without the photo's offset.
        var document = SearchDocument(
            source: .cloud, key: entry.md5, name: entry.filename, folder: "", md5: entry.md5, date: SearchDocument.wallClock(entry.photoDate),
            kinds: SearchDocument.kinds(of: entry.filename, description), description: description, place: place)
        // A photo backed up from an Apple Photos library carries the people and labels it knew.
        document.people = description.people
        document.labels = description.labels
        document.stamp = SearchDocument.stamp(of: description, entry.filename, String(entry.photoDate))
        return document
    }
}
