/// Finds, in the background, the photos of an open folder that are copies of backed-up photos
/// although this device never hashed them: an Apple Photos library's originals, or a folder
/// whose catalog is still being built. Only files as large as some backed-up photo can be
/// copies, so only those are hashed (once: the identity index remembers them), one at a time;
/// when copies turn up, `found` is told, so the folder's pages fetch their badges again.
public actor BackedUpCopyFinder {
    /// Hashes the candidates, and remembers their MD5s.
    private let identities: IdentityIndex
    private let found: @Sendable (_ sourceID: String, _ folder: String, _ candidates: Int) async -> Void
    /// The folders being searched, by "source/folder".
    private var searching: Set<String> = []

    /// - Parameters:
    ///   - identities: Hashes the candidates, and remembers their MD5s.
    ///   - found: Told of a folder where copies turned up, with how many candidates were looked at.
    public init(identities: IdentityIndex, found: @escaping @Sendable (_ sourceID: String, _ folder: String, _ candidates: Int) async -> Void) {
        self.identities = identities
        self.found = found
    }

    /// Starts looking at `candidates` of a folder unless that folder is being searched already.
    /// - Parameters:
    ///   - candidates: Items without a badge, with the size they are listed with.
    ///   - lookup: Tells whether a content is backed up.
    public func look(
        at candidates: [(id: PhotoItem.ID, size: Int64)], of source: any PhotoSource, sourceID: String, folder: String, lookup: BackupLookup
    ) {
        let key = sourceID + "/" + folder
        guard !candidates.isEmpty, searching.insert(key).inserted else { return }
        Task {
            var found = false
            for candidate in candidates where !Task.isCancelled {
                guard let path = try? await source.filePath(folder: folder, item: candidate.id),
                    (try? FileStatus(path: path))?.size == candidate.size,
                    let md5 = try? await offload({ [identities] in try identities.md5(ofFileAt: path) })
                else { continue }
                found = found || (try? lookup.isInCloud(md5: md5)) == true
            }
            if found {
                await self.found(sourceID, folder, candidates.count)
            }
            finished(key)
        }
    }

    private func finished(_ key: String) {
        searching.remove(key)
    }
}
