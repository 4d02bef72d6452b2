import Foundation

extension BackupVerifier {
    /// Uploads again, from this device's files, the objects of photos with problems; a photo
    /// whose file is not here (or no longer has its MD5) stays unrepaired.
    func repair(_ problems: [Problem], entries: [CatalogEntry]) async throws -> [Problem] {
        let layout = service.layout
        let byMD5 = Dictionary(entries.map { ($0.md5, $0) }, uniquingKeysWith: { first, _ in first })
        var repaired = problems
        let broken = Dictionary(grouping: problems.indices.filter { problems[$0].md5 != nil }, by: { problems[$0].md5 ?? "" })
        let originals = AsyncSemaphore(limit: 1)
        let tracker = BackupProgressTracker(report: { _ in })
        for (md5, indices) in broken {
            guard let entry = byMD5[md5], let path = try await localFile(md5: md5) else {
                for index in indices { repaired[index].reason += "; not repaired: this device has no file with this content" }
                continue
            }
            let keys = Set(indices.map { problems[$0].key })
            let item = BackupItem(path: path, md5: md5, size: entry.size, filename: entry.filename, applePhotoID: entry.applePhotoID)
            let plan = BackupService.Plan(
                item: item, needsPhoto: keys.contains(layout.photo(md5)), needsThumbnail: keys.contains(layout.thumbnail(md5)),
                needsMetadata: keys.contains(layout.metadata(md5)))
            do {
                _ = try await service.upload(plan, originals: originals, tracker: tracker)
                for index in indices { repaired[index].repaired = true }
            } catch {
                for index in indices { repaired[index].reason += "; not repaired: \(error)" }
            }
        }
        return repaired
    }

    /// A file on this device with that content: the backup queue's, then the identity index's,
    /// whose MD5 the identity index confirms for the file as it is now (hashing it again when it
    /// changed), so a file edited since is never uploaded under the old MD5.
    private func localFile(md5: String) async throws -> String? {
        try await lookup.recordedPaths(md5: md5).first { (try? lookup.identities.md5(ofFileAt: $0)) == md5 }
    }
}
