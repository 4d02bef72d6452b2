import Hummingbird
import PhotolalaKit

/// One folder open in the browser: its listing as it grows, kept current by the source's
/// change stream and by rescanning the folder now and then (the polling watcher), with every
/// change pushed to open pages.
actor FolderSession {
    let sourceID: String
    let folderID: String
    let source: LocalPhotoSource
    private let events: EventHub
    private var photos: [ListedPhoto] = []
    private var positions: [PhotoItem.ID: Int] = [:]
    private var complete = false
    private var failure: String?
    private var tasks: [Task<Void, Never>] = []

    init(sourceID: String, folderID: String, source: LocalPhotoSource, events: EventHub) {
        self.sourceID = sourceID
        self.folderID = folderID
        self.source = source
        self.events = events
    }

    /// Starts listing, following changes and watching the folder.
    func start() {
        let changes = source.changes()
        tasks.append(Task { await self.list() })
        tasks.append(Task { await self.follow(changes) })
        tasks.append(Task { await self.watch() })
    }

    func stop() {
        tasks.forEach { $0.cancel() }
    }

    /// The photos from `offset` on that are known now, and whether the listing is complete.
    /// - Throws: ``ServerError`` when the listing failed.
    func items(from offset: Int) throws -> API.Items {
        if let failure { throw ServerError(.notFound, failure) }
        let start = min(max(0, offset), photos.count)
        return API.Items(count: photos.count, complete: complete, offset: start, items: photos[start...].map(API.Row.init))
    }

    // MARK: - Work

    private func list() async {
        do {
            for try await batch in source.listFolder() {
                append(batch)
                await events.publish("listing", API.Listing(source: sourceID, folder: folderID, count: photos.count, complete: false))
            }
        } catch {
            failure = String(describing: error)
        }
        complete = true
        await events.publish("listing", API.Listing(source: sourceID, folder: folderID, count: photos.count, complete: true))
    }

    private func follow(_ changes: AsyncStream<PhotoSourceChange>) async {
        for await change in changes {
            var added: [ListedPhoto] = []
            var removed: [PhotoItem.ID] = []
            var updated: [ListedPhoto] = []
            switch change {
            case .added(let items):
                added = items.compactMap(source.listedPhoto(for:))
                append(added)
            case .removed(let ids):
                removed = ids
                remove(ids)
            case .updated(let items):
                updated = items.compactMap(source.listedPhoto(for:))
                replace(updated)
            }
            await events.publish(
                "change",
                API.Change(source: sourceID, folder: folderID, added: added.map(API.Row.init), removed: removed, updated: updated.map(API.Row.init)))
        }
    }

    /// Rescans the folder once its listing is complete, every few seconds (longer for big
    /// folders, so watching never costs more than a tenth of a core).
    private func watch() async {
        while !Task.isCancelled {
            let start = ContinuousClock.now
            if complete {
                try? await source.refresh()
            }
            let pause = max(.seconds(2), (ContinuousClock.now - start) * 10)
            try? await Task.sleep(for: pause)
        }
    }

    // MARK: - Listing

    private func append(_ batch: [ListedPhoto]) {
        for photo in batch where positions[photo.item.id] == nil {
            positions[photo.item.id] = photos.count
            photos.append(photo)
        }
    }

    private func remove(_ ids: [PhotoItem.ID]) {
        let gone = Set(ids)
        photos.removeAll { gone.contains($0.item.id) }
        positions = Dictionary(uniqueKeysWithValues: photos.enumerated().map { ($1.item.id, $0) })
    }

    private func replace(_ changed: [ListedPhoto]) {
        for photo in changed {
            if let index = positions[photo.item.id] {
                photos[index] = photo
            }
        }
    }
}
