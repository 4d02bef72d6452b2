import Foundation
import Logging
import PhotolalaKit
import PhotolalaS3

/// The cloud backup as `photolala serve` browses it: the synced catalog as a source, its
/// thumbnails through one loader, the syncs, the restores and their polling, and what the
/// other sources' badges and inspector say about photos that are backed up.
final class ServedCloud: Sendable {
    let photos: CloudPhotoSource
    let restores: RestoreService
    let thumbnails: ThumbnailLoader
    let syncs: CloudSyncRunner
    let copies: BackedUpCopyFinder
    /// Whether originals sit in Deep Archive (S3) rather than in a backup folder, readable at once.
    let archived: Bool
    private let identities: IdentityIndex
    /// How soon the first check of a restore under way comes; the pause doubles up to an hour.
    let restorePolling: RestoreService.Polling
    private let events: EventHub
    private let objects = ObjectFacts()
    /// Rung by each restore request, so polling starts without waiting for its current pause.
    let restoreWakeups = RestoreWakeups()

    /// - Throws: ``CloudConfigurationError`` when the bucket or the credentials are missing.
    init(context: CloudContext, events: EventHub, loaderConfiguration: ThumbnailLoader.Configuration) throws {
        photos = try context.source()
        restores = try context.restores()
        var downloads = loaderConfiguration
        // A cloud thumbnail waits on the network, not on a core: a load per core would leave a
        // page's six requests queued behind one another.
        downloads.maximumConcurrentLoads = 12
        thumbnails = ThumbnailLoader(source: photos, configuration: downloads)
        self.events = events
        restorePolling = context.restorePolling
        syncs = CloudSyncRunner(sync: photos.sync) { status in await events.publish("cloud-sync", status) }
        copies = BackedUpCopyFinder(engine: context.engine, photos: photos, events: events)
        identities = context.engine.identities
        archived = context.configuration.folder == nil
    }

    /// Estimates the restore of `md5s` with `tier`.
    /// - Throws: ``CloudError/invalidTier`` for Expedited or an unknown tier; store errors.
    func estimate(_ md5s: [String], tier: String) async throws -> RetrievalEstimate {
        try await restores.estimate(md5s, tier: try RestoreTier(parsing: tier))
    }

    /// Asks for the restore of `md5s`, announces the new states and wakes the polling.
    /// - Throws: ``CloudError`` for a bad tier or days, or a photo the bucket does not hold.
    func restore(_ md5s: [String], tier: String, days: Int) async throws -> [RestoreStatus] {
        let statuses = try await restores.request(md5s, tier: try RestoreTier(parsing: tier), days: days)
        await objects.forget(md5s)
        await publishRestores()
        restoreWakeups.wake()
        return statuses
    }

    /// Follows the restores with the store until the server stops (``RestoreService/follow(polling:wakeups:changed:)``),
    /// announcing their states after each round of checks.
    func followRestores() async {
        await restores.follow(polling: restorePolling, wakeups: restoreWakeups) { statuses in
            await self.objects.forget(statuses.map(\.md5))
            await self.events.publish("restore", API.Restores(items: statuses))
        }
    }

    func publishRestores() async {
        do {
            await events.publish("restore", API.Restores(items: try restores.savedStatuses()))
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

    /// The inspector's lines on a backed-up photo: when it was backed up, where the original
    /// is, and how its restore stands. The date and storage class come from one HEAD of the
    /// original, remembered; offline, from what the last HEAD saved in the database.
    /// - Parameter includingOriginal: Whether to say where the original stands (the Cloud
    ///   source does; a local photo's inspector needs only the backup).
    func backupDetails(md5: String, includingOriginal: Bool = true) async -> [API.Detail] {
        let md5 = md5.lowercased()
        let info = await syncs.isOffline ? nil : await objects.info(md5) { [photos] in try await photos.originalInfo(md5: md5) }
        let original = info.map(CloudOriginal.init) ?? (try? photos.recordedOriginal(md5: md5))
        let storage =
            archived
            ? original.map { $0.storageClass == .deepArchive ? "Deep Archive" : $0.storageClass.rawValue.capitalized } ?? "Deep Archive"
            : "backup folder"
        let backedUp =
            original?.backedUp.map {
                API.Detail.dated(field: "backup", label: "Cloud backup", template: "Backed up on {date}, \(storage)", date: $0, dayOnly: true)
            } ?? API.Detail(field: "backup", label: "Cloud backup", value: "Backed up, \(storage)")
        var details = [backedUp]
        guard includingOriginal else { return details }
        guard archived else {
            return details + [Self.describe(.available, saved: nil)]
        }
        let saved = (try? restores.savedStatuses())?.first { $0.md5 == md5 }
        let state = saved?.state ?? info.map(ArchiveStatus.init)
        if let state {
            details.append(Self.describe(state, saved: saved))
        }
        return details
    }

    /// The "Original" line: where the original stands, with when it was asked for or until when it is readable.
    private static func describe(_ state: ArchiveStatus, saved: RestoreStatus?) -> API.Detail {
        func line(_ value: String) -> API.Detail {
            API.Detail(field: "original", label: "Original", value: value)
        }
        switch state {
        case .available:
            return line("Readable now")
        case .archived:
            return line("In Deep Archive: restore it to download")
        case .restoring:
            let tier = saved?.tier.map { " (\($0.rawValue), about \($0.typicalHours) hours)" } ?? ""
            guard let requested = saved?.requested else { return line("Restoring\(tier)") }
            return .dated(field: "original", label: "Original", template: "Restoring\(tier), asked {date}", date: requested, dayOnly: false)
        case .restored:
            guard let expiry = saved?.expiry else { return line("Restored") }
            return .dated(field: "original", label: "Original", template: "Restored until {date}", date: expiry, dayOnly: false)
        }
    }
}

/// HEAD answers for originals, so the inspector asks the store once per photo.
private actor ObjectFacts {
    private var known: [String: ObjectInfo] = [:]

    func info(_ md5: String, fetch: () async throws -> ObjectInfo?) async -> ObjectInfo? {
        if let info = known[md5] { return info }
        guard let info = try? await fetch() else { return nil }
        if known.count > 10_000 { known = [:] }
        known[md5] = info
        return info
    }

    func forget(_ md5s: [String]) {
        for md5 in md5s {
            known[md5.lowercased()] = nil
        }
    }
}
