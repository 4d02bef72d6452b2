import Foundation

/// Keeps the search index current with a folder tree: walks it, passes over the photos whose
/// file and sidecar are as they were indexed, and indexes the others from what was recorded of
/// them, or, for those never read since descriptions were kept, from their headers
/// (``PhotoHeader``, one core each), reading a file whole (once, through ``PhotoFileReader``)
/// only when its header cannot say enough; the photos gone are taken out. A photo indexed
/// before its MD5 was known gets it when a read learns it (``PhotoFileReader/record(_:)``).
public struct FolderSearchIndexer: Sendable {
    let files: PhotoFileReader
    let index: SearchIndex

    /// How many photos are indexed in one transaction.
    static let batchSize = 500

    /// A photo found in the tree.
    private struct Found: Sendable {
        let key: String
        let path: String
        let status: FileStatus?
        let stamp: Int64
        /// Whether the index holds a row of it, which its document replaces.
        let replaces: Bool
    }

    /// Indexes the tree of `source`, telling `progress` after each batch.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the index cannot be read or written.
    func index(_ source: LocalPhotoSource, progress: @Sendable (SearchIndexProgress) -> Void = { _ in }) async throws -> SearchIndexProgress {
        let root = source.root
        var known = try index.stamps(of: .folders, root: root)
        var state = SearchIndexProgress()
        let ids = SearchIndex.SharedValueIDs()
        var pending: [Found] = []
        for try await batch in source.scan(includeStatus: true) {
            state.problems += batch.problems.map(\.message)
            for photo in batch.photos {
                state.found += 1
                let path = photo.path
                let key = String(path.dropFirst(root.count + 1))
                let stamp = Self.stamp(of: photo.status, sidecar: Self.sidecarStatus(ofPhotoAt: path))
                let indexed = known.removeValue(forKey: key)
                let found = Found(key: key, path: path, status: photo.status, stamp: stamp, replaces: indexed != nil)
                if indexed == stamp {
                    state.done += 1
                } else {
                    pending.append(found)
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

    /// Indexes photos found changed or new: from what is recorded of them, else from their
    /// headers, else from a whole read.
    private func indexBatch(_ photos: [Found], root: String, state: inout SearchIndexProgress, ids: SearchIndex.SharedValueIDs) throws {
        guard !photos.isEmpty else { return }
        let paths = photos.map(\.path)
        var facts = try files.recordedFacts(forPaths: paths)
        let recordedMD5s = paths.map { facts[$0]?.identity.md5 ?? "" }
        let descriptions = files.descriptions.descriptions(ofMD5s: recordedMD5s)
        for (path, description) in zip(paths, descriptions) where description != nil {
            facts[path]?.description = description
        }
        var documents: [SearchDocument] = []
        var unread: [Found] = []
        for photo in photos {
            if let recorded = facts[photo.path], let status = photo.status, recorded.complete(for: status), let description = recorded.description {
                documents.append(
                    document(
                        photo, md5: recorded.identity.md5, date: recorded.date, modified: recorded.identity.modifiedNanoseconds,
                        description: description))
            } else {
                unread.append(photo)
            }
        }
        let headers = inParallelRuns(unread, smallestRun: 4) { [files] run in run.map { photo in Result { try files.headerFacts(at: photo.path) } } }
        var wholeReads: [Found] = []
        for (photo, header) in zip(unread, headers) {
            switch header {
            case .success(let header?):
                // The MD5 recorded of the file as it is, when a read of it learnt one.
                let md5 = facts[photo.path].flatMap { recorded in
                    photo.status.flatMap { recorded.identity.holds(for: $0) ? recorded.identity.md5 : nil }
                }
                documents.append(
                    document(photo, md5: md5, date: header.date, modified: photo.status?.modifiedNanoseconds ?? 0, description: header.description))
            case .success(nil):
                wholeReads.append(photo)
            case .failure(let error):
                state.problems.append(((error as? PhotolalaError)?.message ?? "\(error)") + " (\(photo.path))")
            }
        }
        if !wholeReads.isEmpty {
            let (entries, learnt) = files.catalogEntries(at: wholeReads.map(\.path))
            try files.record(learnt)
            let read = Dictionary(learnt.map { ($0.identity.path, $0) }, uniquingKeysWith: { _, last in last })
            for (photo, entry) in zip(wholeReads, entries) {
                if case .failure(let error) = entry { state.problems.append(error.message + " (\(photo.path))") }
                guard let learnt = read[photo.path] else { continue }
                documents.append(
                    document(
                        photo, md5: learnt.identity.md5, date: learnt.date, modified: learnt.identity.modifiedNanoseconds,
                        description: learnt.description))
            }
        }
        state.read += unread.count
        try index.update(.folders, root: root, documents: documents.map(ids.prepare), removed: photos.filter(\.replaces).map(\.key), ids: ids)
        state.indexed += documents.count
        state.done += photos.count
    }

    /// A photo's document: its facts, its sidecar's description over its own, the place of
    /// its position.
    private func document(
        _ photo: Found, md5: String?, date recorded: PhotoDateIndex.Recorded?, modified: Int64, description: PhotoDescription?
    ) -> SearchDocument {
        let name = FilePath.name(of: photo.key)
        let folder = photo.key.count > name.count ? String(photo.key.dropLast(name.count + 1)) : ""
        let description = files.describedWithSidecar(description ?? PhotoDescription(), ofPhotoAt: photo.path)
        let date: Int64? =
            switch recorded {
            case .taken(let taken): taken.seconds + Int64(taken.offset ?? 0)
            // A photo without a date of its own is dated by its file's time, on this machine's clock.
            default: SearchDocument.wallClock(modified / 1_000_000_000)
            }
        return SearchDocument(
            source: .folders, key: photo.key, name: name, folder: folder, md5: md5, date: date,
            kinds: SearchDocument.kinds(of: name, description),
            description: description, place: files.places.place(of: description), stamp: photo.stamp)
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
