import Foundation
import Logging
import PhotolalaKit
import PhotolalaS3

/// The cloud backup as `photolala serve` browses it: the synced catalog as a source, the syncs,
/// the restores and their polling, and what the other sources' badges and inspector say about
/// photos that are backed up.
final class ServedCloud: Sendable {
    /// The backup as a source, with its one thumbnail loader.
    let source: CloudBackupSource
    let syncs: CloudSyncRunner
    let copies: BackedUpCopyFinder
    private let identities: IdentityIndex
    /// How soon the first check of a restore under way comes; the pause doubles up to an hour.
    let restorePolling: RestoreService.Polling
    private let events: EventHub
    /// Rung by each restore request, so polling starts without waiting for its current pause.
    let restoreWakeups = RestoreWakeups()

    /// - Throws: ``CloudConfigurationError`` when the bucket or the credentials are missing.
    init(context: CloudContext, events: EventHub, loaderConfiguration: ThumbnailLoader.Configuration) throws {
        let photos = try context.reader()
        let restores = try context.restores()
        let syncs = CloudSyncRunner(sync: photos.sync) { status in await events.publish(.cloudSync, status) }
        self.syncs = syncs
        source = CloudBackupSource(
            photos: photos, restores: restores, syncs: syncs,
            details: BackupDetails(restores: restores, archived: context.configuration.folder == nil),
            thumbnailLoading: loaderConfiguration)
        self.events = events
        restorePolling = context.restorePolling
        copies = BackedUpCopyFinder(identities: context.engine.identities) { sourceID, folder, count in
            await events.publish(.badges, API.Listing(source: sourceID, folder: folder, count: count, complete: true))
        }
        identities = context.engine.identities
    }

    var photos: CloudBackupReader { source.photos }
    var restores: RestoreService { source.restores }

    /// Estimates the restore of `md5s` with `tier`.
    /// - Throws: ``CloudError/invalidTier`` for Expedited or an unknown tier; store errors.
    func estimate(_ md5s: [String], tier: String) async throws -> RetrievalEstimate {
        try await restores.estimate(md5s, tier: try RestoreTier(parsing: tier))
    }

    /// Asks for the restore of `md5s`, announces the new states and wakes the polling.
    /// - Throws: ``CloudError`` for a bad tier or days, or a photo the bucket does not hold.
    func restore(_ md5s: [String], tier: String, days: Int) async throws -> [RestoreStatus] {
        let statuses = try await restores.request(md5s, tier: try RestoreTier(parsing: tier), days: days)
        await source.details.forget(md5s)
        await publishRestores()
        restoreWakeups.wake()
        return statuses
    }

    /// Follows the restores with the store until the server stops (``RestoreService/follow(polling:wakeups:changed:)``),
    /// announcing their states after each round of checks.
    func followRestores() async {
        await restores.follow(polling: restorePolling, wakeups: restoreWakeups) { statuses in
            await self.source.details.forget(statuses.map(\.md5))
            await self.events.publish(.restore, API.Restores(items: statuses))
        }
    }

    func publishRestores() async {
        do {
            await events.publish(.restore, API.Restores(items: try restores.savedStatuses()))
        } catch {
            photos.logger.error("The saved restores could not be read for the pages.", metadata: ["error": .error(error)])
        }
    }

    /// The MD5 of a file when this device has hashed it and it has not changed since; no file
    /// is read, so a library's inspector stays quick.
    func knownMD5(ofFileAt path: String) -> String? {
        guard let status = try? FileStatus(path: path) else { return nil }
        return try? identities.md5(forPath: path, status: status)
    }

    /// The inspector's lines on a photo of another source that is backed up.
    func backupDetails(md5: String) async -> [PhotoDetail] {
        await source.details.details(md5: md5, offline: await syncs.isOffline, includingOriginal: false)
    }
}

/// The runner is what the Cloud source's listing hears syncs by.
extension CloudSyncRunner: CloudCatalogFollowing {
    func syncNow() async {
        await run()
    }
}
