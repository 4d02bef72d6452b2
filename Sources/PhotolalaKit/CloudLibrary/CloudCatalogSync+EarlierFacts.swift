import Foundation
import Logging
import PhotolalaS3
import PhotolalaSupport

extension CloudCatalogSync {
    /// Photos whose metadata plists are read at once, and recorded together.
    static let earlierFactsBatch = 256

    /// Gives the photos of the synced catalog that the bucket's facts (``CloudFacts``) do not
    /// cover, backed up before facts were kept, their facts from their metadata plists: once
    /// per photo, since a photo is recorded even when its plist is gone or unreadable (with no
    /// facts), with progress. A store that fails part-way leaves the rest for the next sync,
    /// which is told in the log; the catalog itself is synced all the same.
    func readEarlierFacts(progress: @escaping @Sendable (CloudSyncProgress) -> Void) async {
        let missing: [String]
        do {
            guard let record = try record() else { return }
            missing = try catalogs.md5s(listedIn: record, undescribedIn: .backup)
        } catch {
            logger.warning("The photos still without facts could not be listed; the next sync tries again.", metadata: ["error": "\(error)"])
            return
        }
        guard !missing.isEmpty else { return }
        var done = 0
        progress(CloudSyncProgress(fraction: 0.9, status: "Reading what \(missing.count) earlier backups recorded…"))
        for start in stride(from: 0, to: missing.count, by: Self.earlierFactsBatch) {
            let batch = Array(missing[start..<min(missing.count, start + Self.earlierFactsBatch)])
            do {
                let read = try await concurrently(batch, limit: 16) { md5 in (md5, try await self.facts(ofBackedUp: md5)) }
                backupDescriptions.record(read)
            } catch {
                logger.warning(
                    "The metadata of earlier backups could not all be read; the next sync reads the rest.",
                    metadata: ["left": "\(missing.count - done)", "error": "\(error)"])
                return
            }
            done += batch.count
            progress(
                CloudSyncProgress(
                    fraction: 0.9 + 0.1 * Double(done) / Double(missing.count),
                    status: "Read what \(done) of \(missing.count) earlier backups recorded"))
        }
    }

    /// A backed-up photo's facts from its metadata plist; none when the plist is gone or
    /// cannot be read (logged).
    /// - Throws: ``ObjectStoreError`` when the store fails.
    private func facts(ofBackedUp md5: String) async throws -> PhotoDescription {
        let key = layout.metadata(md5)
        guard let plist = try await store.get(key) else { return PhotoDescription() }
        do {
            return CloudFacts.facts(of: try UntrustedDocument.decodePropertyList(PhotoMetadata.self, from: plist))
        } catch {
            logger.warning(
                "A backed-up photo's metadata plist cannot be read; search finds it by name and date only.",
                metadata: ["key": "\(key)", "error": "\(error)"])
            return PhotoDescription()
        }
    }
}
