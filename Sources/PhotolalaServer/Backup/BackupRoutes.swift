import Foundation
import Hummingbird
import PhotolalaKit

/// The backup API: starring photos, the folder's badges, the queue's status, a run on demand
/// and the cloud settings (never the secret).
struct BackupRoutes {
    let sources: ServedSources
    let backup: ServedBackup

    func add(to router: Router<BasicRequestContext>) {
        let api = router.group("api")
        api.post("backup/star") { request, context in try await star(request, context) }
        api.get("sources/:source/folders/:folder/backup") { _, context in try await badges(context) }
        api.get("backup/status") { _, _ in try await status() }
        api.post("backup/run") { _, _ in try await run() }
        api.get("backup/failures") { _, _ in try await failures() }
        api.post("backup/retry") { request, context in try await retry(request, context) }
        api.get("cloud") { _, _ in await backup.cloudSummary() }
        api.get("backup/verify") { _, _ in backup.verificationState }
        api.post("backup/verify") { _, _ in try backup.startVerification() }
    }

    /// Stars or unstars the photos, all in one go (a selection may be thousands); a photo that
    /// cannot be read gets its own error and the others go on.
    private func star(_ request: Request, _ context: BasicRequestContext) async throws -> API.Badges {
        let body = try await request.decodeJSON(as: API.StarRequest.self, context: context)
        let source = try sources.source(body.source)
        try await checkFolder(body.folder, of: source, id: body.source)
        // Each photo once, however often the body names it: the answer has one badge a photo.
        var seen: Set<String> = []
        // A RAW+JPEG pair or a Live Photo is starred (and unstarred) as one: its files too.
        let (ids, names) = await sources.files(of: body.ids.filter { seen.insert($0).inserted }, source: body.source, folder: body.folder)
        var items: [String: API.Badge] = [:]
        var files: [(id: String, path: String)] = []
        for id in ids {
            do {
                files.append((id, try await source.filePath(folder: body.folder, item: id)))
            } catch {
                items[id] = API.Badge(error: message(error))
            }
        }
        let paths = files.map(\.path)
        if body.starred {
            // An Apple Photos original's file is named by uuid: the backup keeps the name shown.
            var filenames: [String: String] = [:]
            for (id, path) in files {
                if let name = names[id], name != URL(fileURLWithPath: path).lastPathComponent {
                    filenames[path] = name
                }
            }
            // A library item's id is its asset's uuid, which the cloud catalog keeps as applephotoid.
            var applePhotoIDs: [String: String] = [:]
            for (id, path) in files where applePhotoIDs[path] == nil {
                applePhotoIDs[path] = source.applePhotoID(of: id)
            }
            for ((id, _), result) in zip(files, await backup.queue.star(paths, filenames: filenames, applePhotoIDs: applePhotoIDs)) {
                do {
                    items[id] = API.Badge(try await backup.queue.entry(md5: try result.get()))
                } catch {
                    items[id] = API.Badge(error: message(error))
                }
            }
        } else {
            for ((id, _), result) in zip(files, await backup.queue.unstar(paths)) {
                do {
                    _ = try result.get()
                    items[id] = API.Badge(nil)
                } catch {
                    items[id] = API.Badge(error: message(error))
                }
            }
        }
        return API.Badges(items: items)
    }

    /// A folder open in a page is known; another is looked at by its source.
    /// - Throws: ``ServerError`` 404 when the source has no such folder (a hidden one, say).
    private func checkFolder(_ folderID: String, of source: any PhotoSource, id sourceID: String) async throws {
        guard await sources.openSession(source: sourceID, folder: folderID) == nil else { return }
        do {
            _ = try source.listing(of: folderID)
        } catch {
            throw ServerError.converted(error, redacting: sources.privatePaths)
        }
    }

    /// What the page says about a photo that could not be starred, naming no served path.
    private func message(_ error: any Error) -> String {
        (error as? ServerError ?? ServerError.from(error)).redacting(sources.privatePaths).message
    }

    /// The badges of the folder's photos: queued ones by their state, others that the cloud
    /// catalog lists as backed up; in the Cloud source, the restores under way or done. Photos
    /// of the size of a backed-up photo whose MD5 is not known yet are hashed in the background,
    /// and a `badges` event follows when copies turn up.
    private func badges(_ context: BasicRequestContext) async throws -> API.Badges {
        let sourceID = try context.parameters.require("source")
        let source = try sources.source(sourceID)
        let folderID = try context.parameters.require("folder")
        try await checkFolder(folderID, of: source, id: sourceID)
        var items: [String: API.Badge] = [:]
        // A source that restores originals is the backup: its badges are the restores.
        if let cloud = sources.cloud, source.summary.capabilities.contains(.restore) {
            // Saved states are current: a copy past its expiry is archived again.
            for status in try cloud.restores.savedStatuses() where status.state == .restoring || status.state == .restored {
                items[status.md5] = API.Badge(restore: status)
            }
            return API.Badges(items: items)
        }
        let lookup = backup.lookup
        for (path, standing) in try await lookup.standings(ofFilesUnder: source.privatePaths) {
            if let id = source.itemID(forFilePath: path, folder: folderID) {
                items[id] = API.Badge(standing)
            }
        }
        if let cloud = sources.cloud, let session = await sources.openSession(source: sourceID, folder: folderID) {
            let sizes = try lookup.cloudSizes()
            let candidates = await session.currentPhotos().compactMap { photo -> (id: PhotoItem.ID, size: Int64)? in
                guard let size = photo.size, items[photo.item.id] == nil, sizes.contains(size) else { return nil }
                return (photo.item.id, size)
            }
            await cloud.copies.look(at: candidates, of: source, sourceID: sourceID, folder: folderID, lookup: lookup)
        }
        return API.Badges(items: items)
    }

    private func status() async throws -> API.BackupStatus {
        try await backup.status()
    }

    /// The failed photos with their reasons; paths are named from the served folder down.
    private func failures() async throws -> API.BackupFailures {
        let items = try await backup.queue.failures().map { entry in
            API.BackupFailure(
                md5: entry.md5, name: entry.filename ?? URL(fileURLWithPath: entry.path).lastPathComponent,
                folder: redacted(URL(fileURLWithPath: entry.path).deletingLastPathComponent().path),
                reason: redacted(entry.reason ?? "Unknown failure."))
        }
        return API.BackupFailures(items: items)
    }

    /// Queues failed photos again and, when a cloud is configured, starts a run at once.
    private func retry(_ request: Request, _ context: BasicRequestContext) async throws -> API.Retried {
        let body = try await request.decodeJSON(as: API.RetryRequest.self, context: context)
        let queued = try await backup.queue.retry(body.md5s.filter(ContentHash.isMD5))
        if !queued.isEmpty, backup.service != nil {
            Task { await backup.run() }
        }
        return API.Retried(queued: queued)
    }

    /// `text` without the served folders' paths above their own names.
    private func redacted(_ text: String) -> String {
        ServerError(.ok, text).redacting(sources.privatePaths).message
    }

    /// Starts a run and answers at once (202); the run's progress and errors arrive as
    /// `backup` events and in the status.
    private func run() async throws -> EditedResponse<API.BackupStatus> {
        guard backup.service != nil else {
            throw ServerError(.conflict, backup.problem ?? ServedBackup.setUpMessage)
        }
        Task { await backup.run() }
        return EditedResponse(status: .accepted, response: try await backup.status())
    }
}

extension API.Badges: ResponseEncodable {}
extension API.BackupFailures: ResponseEncodable {}
extension API.Retried: ResponseEncodable {}
extension API.BackupStatus: ResponseEncodable {}
extension API.Cloud: ResponseEncodable {}
extension API.Verification: ResponseEncodable {}
