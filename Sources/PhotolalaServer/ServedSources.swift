import Foundation
import Hummingbird
import PhotolalaKit

/// What `photolala serve` serves: one local source per folder tree, each with its thumbnail
/// loader, the folders open in browsers, and the event stream to the pages.
final class ServedSources: Sendable {
    struct Local: Sendable {
        let id: String
        let name: String
        let tree: LocalPhotoSource
        let thumbnails: ThumbnailLoader
    }

    /// How many folders stay open (listed and watched) at once; the least recently used closes.
    static let openFolderLimit = 16

    let locals: [Local]
    let libraries: [String]
    let events = EventHub()
    private let sessions: SessionStore

    init(configuration: ServerConfiguration, engine: Engine) throws {
        var loaderConfiguration = ThumbnailLoader.Configuration()
        loaderConfiguration.memoryBudget = 24 << 20
        locals = try configuration.folders.enumerated().map { index, folder in
            let tree = try engine.localSource(root: folder)
            return Local(
                id: "local-\(index)", name: URL(fileURLWithPath: tree.root).lastPathComponent, tree: tree,
                thumbnails: ThumbnailLoader(source: FolderItems(tree: tree), configuration: loaderConfiguration))
        }
        libraries = configuration.libraries
        sessions = SessionStore(limit: Self.openFolderLimit)
    }

    /// - Throws: ``ServerError`` 404 for an unknown source.
    func local(_ id: String) throws -> Local {
        guard let local = locals.first(where: { $0.id == id }) else { throw ServerError(.notFound, "No source '\(id)'.") }
        return local
    }

    /// The open folder, opened (listing, watching) on first use.
    /// - Throws: ``ServerError`` 404 for an unknown source or folder.
    func session(source sourceID: String, folder folderID: String) async throws -> FolderSession {
        let local = try local(sourceID)
        return try await sessions.session(key: sourceID + "/" + folderID) {
            let folder = try local.tree.folderSource(id: folderID)
            return FolderSession(sourceID: sourceID, folderID: folderID, source: folder, events: events)
        }
    }
}

/// Open folders, least recently used first out.
private actor SessionStore {
    private let limit: Int
    private var sessions: [String: FolderSession] = [:]
    private var order: [String] = []

    init(limit: Int) {
        self.limit = limit
    }

    func session(key: String, open: () throws -> FolderSession) async rethrows -> FolderSession {
        order.removeAll { $0 == key }
        order.append(key)
        if let session = sessions[key] { return session }
        let session = try open()
        sessions[key] = session
        await session.start()
        while order.count > limit, let oldest = order.first {
            order.removeFirst()
            await sessions.removeValue(forKey: oldest)?.stop()
        }
        return session
    }
}
