import PhotolalaKit

/// Finds, in the background, the photos of an open folder that are copies of backed-up photos
/// although this device never hashed them: an Apple Photos library's originals, or a folder
/// whose catalog is still being built. Only files as large as some backed-up photo can be
/// copies, so only those are hashed (once: the identity index remembers them), one at a time;
/// when copies turn up, the folder's pages are told by a `badges` event to fetch their badges.
actor BackedUpCopyFinder {
    /// Hashes the candidates through the identity index, which remembers their MD5s.
    private let engine: Engine
    private let events: EventHub
    /// The folders being searched, by "source/folder".
    private var searching: Set<String> = []

    init(engine: Engine, events: EventHub) {
        self.engine = engine
        self.events = events
    }

    /// Starts looking at `candidates` of a folder unless that folder is being searched already.
    /// - Parameters:
    ///   - candidates: Items without a badge, with the size they are listed with.
    ///   - lookup: Tells whether a content is backed up.
    func look(
        at candidates: [(id: PhotoItem.ID, size: Int64)], of source: any ServedSource, sourceID: String, folder: String, lookup: BackupLookup
    ) {
        let key = sourceID + "/" + folder
        guard !candidates.isEmpty, searching.insert(key).inserted else { return }
        Task {
            var found = false
            for candidate in candidates where !Task.isCancelled {
                guard let path = try? await source.filePath(folder: folder, item: candidate.id),
                    (try? FileStatus(path: path))?.size == candidate.size,
                    let md5 = try? await offload({ [identities = engine.identities] in try identities.md5(ofFileAt: path) })
                else { continue }
                found = found || (try? lookup.isInCloud(md5: md5)) == true
            }
            if found {
                await events.publish("badges", API.Listing(source: sourceID, folder: folder, count: candidates.count, complete: true))
            }
            finished(key)
        }
    }

    private func finished(_ key: String) {
        searching.remove(key)
    }
}
