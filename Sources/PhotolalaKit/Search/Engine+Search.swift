import Logging

extension Engine {
    /// The search index of every source this engine serves.
    public var searchIndex: SearchIndex { SearchIndex(database: database) }

    /// Brings the search index up to date with the folder tree of `source`: photos changed or
    /// new since it was last indexed are indexed from what is recorded of them (read once when
    /// nothing is), photos gone are taken out.
    /// - Parameter progress: Told after each batch of photos indexed.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the index cannot be read or written.
    public func index(_ source: LocalPhotoSource, progress: @Sendable (SearchIndexProgress) -> Void = { _ in }) async throws -> SearchIndexProgress {
        let run: Result<SearchIndexProgress, any Error>
        do {
            run = .success(try await FolderSearchIndexer(files: fileReader, index: searchIndex).index(source, progress: progress))
        } catch {
            run = .failure(error)
        }
        return try finished(run)
    }

    /// Brings the search index up to date with an Apple Photos library's All Photos.
    /// - Throws: ``PhotolalaError/damagedPhotosLibrary`` when the library cannot be read,
    ///   ``PhotolalaError/databaseFailed`` when the index cannot be written.
    public func index(_ library: ApplePhotosLibrary, progress: @Sendable (SearchIndexProgress) -> Void = { _ in }) throws -> SearchIndexProgress {
        try finished(Result { try LibrarySearchIndexer(places: fileReader.places, index: searchIndex).index(library, progress: progress) })
    }

    /// Brings the search index up to date with the cloud catalog as last synced.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the catalog or the index cannot be read
    ///   or written.
    public func index(_ catalog: SyncedCloudCatalog, progress: @Sendable (SearchIndexProgress) -> Void = { _ in }) throws -> SearchIndexProgress {
        try finished(
            Result {
                try CloudSearchIndexer(
                    descriptions: fileReader.descriptions, backupDescriptions: PhotoDescriptionIndex(database: database, origin: .backup),
                    places: fileReader.places, index: searchIndex
                ).index(catalog, progress: progress)
            })
    }

    /// What an indexing run did, once it is finished (``SearchIndex/finishRun(indexed:)``): a
    /// run that failed is finished too, so the writer gets its settings back, and its error is
    /// thrown (a failure to finish it is logged).
    private func finished(_ run: Result<SearchIndexProgress, any Error>) throws -> SearchIndexProgress {
        switch run {
        case .success(let done):
            try searchIndex.finishRun(indexed: done.indexed)
            return done
        case .failure(let error):
            do {
                try searchIndex.finishRun(indexed: 0)
            } catch let finishing {
                logger.warning("An indexing run that failed could not be finished.", metadata: ["error": .error(finishing)])
            }
            throw error
        }
    }
}

extension Engine {
    /// Brings the search index up to date with any source it indexes: a folder tree, an Apple
    /// Photos library, the cloud backup as last synced.
    /// - Returns: What was done, or `nil` for a source the index does not hold.
    /// - Throws: What indexing that kind of source throws.
    public func index(source: any PhotoSource, progress: @Sendable (SearchIndexProgress) -> Void = { _ in }) async throws -> SearchIndexProgress? {
        switch source {
        case let folders as LocalPhotoSource: try await index(folders, progress: progress)
        case let photos as ApplePhotosLibrarySource: try index(photos.library, progress: progress)
        case let cloud as CloudBackupSource: try index(cloud.photos.sync.copy, progress: progress)
        default: nil
        }
    }
}
