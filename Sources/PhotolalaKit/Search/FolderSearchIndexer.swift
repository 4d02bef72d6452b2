import Foundation

/// Keeps the search index current with a folder tree: walks it, passes over the photos whose
/// file and sidecar are as they were indexed, and indexes the others from what was recorded of
/// them, reading (once, through ``PhotoFileReader``) only those never read since descriptions
/// were kept; the photos gone are taken out.
public struct FolderSearchIndexer: Sendable {
    let files: PhotoFileReader
    let index: SearchIndex

    /// How many photos are indexed in one transaction.
    static let batchSize = 500

    /// Indexes the tree of `source`, telling `progress` after each batch.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the index cannot be read or written.
    func index(_ source: LocalPhotoSource, progress: @Sendable (SearchIndexProgress) -> Void = { _ in }) async throws -> SearchIndexProgress {
        let root = source.root
        var known = try index.stamps(of: .folders, root: root)
        var state = SearchIndexProgress()
        let ids = SearchIndex.SharedValueIDs()
        var pending: [(key: String, path: String, stamp: Int64, replaces: Bool)] = []
        for try await batch in source.scan(includeStatus: true) {
            state.problems += batch.problems.map(\.message)
            for photo in batch.photos {
                state.found += 1
                let path = photo.path
                let key = String(path.dropFirst(root.count + 1))
                let stamp = Self.stamp(of: photo.status, sidecar: Self.sidecarStatus(ofPhotoAt: path))
                let indexed = known.removeValue(forKey: key)
                if indexed == stamp {
                    state.done += 1
                } else {
                    pending.append((key, path, stamp, indexed != nil))
                }
                if pending.count >= Self.batchSize {
                    try indexBatch(pending, root: root, state: &state, ids: ids)
                    pending.removeAll(keepingCapacity: true)
                    progress(state)
                }
            }
        }
        try indexBatch(pending, root: root, state: &state, ids: ids)
        try index.update(.folders, root: root, documents: [], removed: Array(known.keys), ids: ids)
        state.removed = known.count
        progress(state)
        return state
    }

    /// Indexes photos found changed or new: what is recorded of them, read first for those
    /// with nothing recorded (or recorded before descriptions were kept).
    private func indexBatch(
        _ photos: [(key: String, path: String, stamp: Int64, replaces: Bool)], root: String, state: inout SearchIndexProgress,
        ids: SearchIndex.SharedValueIDs
    ) throws {
        guard !photos.isEmpty else { return }
        let paths = photos.map(\.path)
        var facts = try files.recordedFacts(forPaths: paths)
        let recordedMD5s = paths.map { facts[$0]?.identity.md5 ?? "" }
        let descriptions = files.descriptions.descriptions(ofMD5s: recordedMD5s)
        for (path, description) in zip(paths, descriptions) where description != nil {
            facts[path]?.description = description
        }
        let unread = paths.filter { path in
            guard let known = facts[path], let status = try? FileStatus(path: path) else { return true }
            return !known.complete(for: status) || known.description == nil
        }
        if !unread.isEmpty {
            let (entries, learnt) = files.catalogEntries(at: unread)
            try files.record(learnt)
            for fact in learnt {
                facts[fact.identity.path] = fact
            }
            for (path, entry) in zip(unread, entries) {
                if case .failure(let error) = entry { state.problems.append(error.message + " (\(path))") }
            }
            state.read += unread.count
        }
        let documents = photos.compactMap { photo -> SearchDocument? in
            guard let known = facts[photo.path] else { return nil }
            return document(photo.key, path: photo.path, facts: known, stamp: photo.stamp)
        }
        try index.update(.folders, root: root, documents: documents.map(ids.prepare), removed: photos.filter(\.replaces).map(\.key), ids: ids)
        state.indexed += documents.count
        state.done += photos.count
    }

    /// A photo's document: its recorded facts, its sidecar's description over its own, the
    /// place of its position.
    private func document(_ key: String, path: String, facts: PhotoFacts, stamp: Int64) -> SearchDocument {
        let name = FilePath.name(of: key)
        let folder = key.count > name.count ? String(key.dropLast(name.count + 1)) : ""
        let description = files.describedWithSidecar(facts.description ?? PhotoDescription(), ofPhotoAt: path)
        let date: Int64? =
            switch facts.date {
            case .taken(let taken): taken.seconds + Int64(taken.offset ?? 0)
            // A photo without a date of its own is dated by its file's time, on this machine's clock.
            default: SearchDocument.wallClock(facts.identity.modifiedNanoseconds / 1_000_000_000)
            }
        return SearchDocument(
            source: .folders, key: key, name: name, folder: folder, md5: facts.identity.md5, date: date,
            kinds: SearchDocument.kinds(of: name, description),
            description: description, place: files.places.place(of: description), stamp: stamp)
    }

    /// A number that changes when the file or its sidecar does: their sizes and times.
    static func stamp(of status: FileStatus?, sidecar: FileStatus?) -> Int64 {
        SearchDocument.stamp(of: [status?.size, status?.modifiedNanoseconds, sidecar?.size, sidecar?.modifiedNanoseconds])
    }

    /// The status of the photo's sidecar, when it has one.
    static func sidecarStatus(ofPhotoAt path: String) -> FileStatus? {
        XMPSidecar.candidatePaths(forPhotoAt: path).lazy.compactMap { try? FileStatus(path: $0) }.first
    }
}
