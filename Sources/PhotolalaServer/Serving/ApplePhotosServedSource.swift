import Foundation
import Hummingbird
import PhotolalaKit
import Synchronization

/// An Apple Photos library as the sidebar shows it: All Photos at its root, beside its built-in
/// views (Favorites; Hidden and Recently Deleted when asked for) and the user's albums and
/// folders, each opening like a folder.
///
/// Folder ids are album uuids, or the names of the built-in views; item ids are asset uuids,
/// unique across the library, so one thumbnail loader serves every album.
struct ApplePhotosServedSource: ServedSource {
    /// A built-in view: its folder id is its raw value.
    enum View: String {
        case favorites
        case hidden
        case recentlyDeleted = "recently-deleted"

        var name: String {
            switch self {
            case .favorites: "Favorites"
            case .hidden: "Hidden"
            case .recentlyDeleted: "Recently Deleted"
            }
        }

        var scope: ApplePhotosLibrarySource.Scope {
            switch self {
            case .favorites: .favorites
            case .hidden: .hidden
            case .recentlyDeleted: .recentlyDeleted
            }
        }
    }

    let source: ApplePhotosLibrarySource
    /// The built-in views the sidebar lists, in Photos's order.
    let views: [View]
    let thumbnails: ThumbnailLoader
    /// The summary without its problems, which belong to the copy of the library read last.
    private let identity: API.Source
    /// The copy of the library the loader's thumbnails were made from.
    private let thumbnailLibrary: LibraryCopy

    init(id: String, source: ApplePhotosLibrarySource, views: [View], loaderConfiguration: ThumbnailLoader.Configuration) {
        self.source = source
        self.views = views
        thumbnails = ThumbnailLoader(source: source, configuration: loaderConfiguration)
        thumbnailLibrary = LibraryCopy(source.library)
        let name = URL(fileURLWithPath: source.library.path).deletingPathExtension().lastPathComponent
        identity = API.Source(
            id: id, kind: "applePhotos", name: name, configured: true, capabilities: API.names(of: source.capabilities),
            rootFolder: LocalPhotoSource.rootFolderID)
    }

    var summary: API.Source {
        var summary = identity
        let problems = source.library.problems
        summary.problems = problems.isEmpty ? nil : problems
        return summary
    }

    var privatePaths: [String] { [source.library.path] }

    /// The built-in view `folderID` names, or `nil` for the root and albums.
    /// - Throws: ``ServerError`` 404 for a view the server was not started with.
    private func view(_ folderID: String) throws -> View? {
        guard let view = View(rawValue: folderID) else { return nil }
        guard views.contains(view) else {
            let flag = view == .hidden ? "--include-hidden" : "--include-trashed"
            throw ServerError(.notFound, "\(view.name) is not shown: start photolala serve with \(flag).")
        }
        return view
    }

    func folder(_ folderID: String) async throws -> API.Folder {
        let albums = try await source.albums()
        let root = API.FolderRef(id: LocalPhotoSource.rootFolderID, name: summary.name)
        func children(of parent: String?) -> [API.FolderRef] {
            albums.filter { $0.parentUUID == parent }.map { API.FolderRef(id: $0.uuid, name: $0.title, kind: $0.kind.rawValue) }
        }
        if folderID == LocalPhotoSource.rootFolderID {
            let views = views.map { API.FolderRef(id: $0.rawValue, name: $0.name, kind: "smartAlbum") }
            return API.Folder(id: folderID, name: summary.name, breadcrumb: [root], folders: views + children(of: nil), kind: "library")
        }
        if let view = try view(folderID) {
            return API.Folder(
                id: folderID, name: view.name, breadcrumb: [root, API.FolderRef(id: folderID, name: view.name)], folders: [],
                kind: "smartAlbum")
        }
        guard let album = albums.first(where: { $0.uuid == folderID }) else { throw ServerError(.notFound, "No album '\(folderID)'.") }
        var chain = [album]
        while let parent = chain[0].parentUUID, let folder = albums.first(where: { $0.uuid == parent }) {
            chain.insert(folder, at: 0)
        }
        return API.Folder(
            id: folderID, name: album.title, breadcrumb: [root] + chain.map { API.FolderRef(id: $0.uuid, name: $0.title) },
            folders: children(of: album.uuid), kind: album.kind.rawValue)
    }

    func listing(of folderID: String) throws -> any FolderListing {
        source.scoped(try scope(of: folderID))
    }

    func folderSummary(of folderID: String) async throws -> API.FolderSummary {
        API.FolderSummary(try await source.scoped(try scope(of: folderID)).summary())
    }

    /// Title, original filename and keyword search within the folder (All Photos, a view, an album).
    func search(folder folderID: String, text: String) async throws -> [ListedPhoto] {
        try await source.scoped(try scope(of: folderID)).search(text)
    }

    private func scope(of folderID: String) throws -> ApplePhotosLibrarySource.Scope {
        if folderID == LocalPhotoSource.rootFolderID { return .allPhotos }
        if let view = try view(folderID) { return view.scope }
        return .album(uuid: folderID)
    }

    /// The thumbnail; once Photos changed the library (an edit, say), the thumbnails made from
    /// the copy read before are dropped.
    func thumbnail(folder folderID: String, item: PhotoItem.ID, priority: ThumbnailPriority) async throws -> Thumbnail {
        if thumbnailLibrary.replace(with: source.library) {
            await thumbnails.forgetAll()
        }
        return try await thumbnails.thumbnail(for: item, priority: priority)
    }

    /// The asset's uuid and when it last changed: an edit in Photos makes a new tag.
    func thumbnailTag(folder folderID: String, item: PhotoItem.ID) -> String? {
        guard let asset = try? source.library.asset(uuid: item) else { return nil }
        let modified = asset.modificationDate.map { Int64(($0.timeIntervalSince1970 * 1_000).rounded(.down)) } ?? 0
        return asset.uuid + "-" + String(modified, radix: 36)
    }

    func metadata(folder folderID: String, item: PhotoItem.ID) async throws -> API.Metadata {
        let metadata = try await source.loadMetadata(for: item)
        let details = try await source.details(for: item).map { API.Detail(field: $0.field, label: $0.label, value: $0.value) }
        return API.Metadata(json: PhotoMetadataJSON(metadata), details: details)
    }

    /// The thumbnail's tag: the asset's uuid and when Photos last changed it.
    func fullImageTag(folder folderID: String, item: PhotoItem.ID) async throws -> String? {
        thumbnailTag(folder: folderID, item: item)
    }

    /// The edited or original image; for one not on this Mac's disk (in iCloud, or referenced
    /// elsewhere), the message with a reason, so the preview shows the thumbnail and says why.
    func fullImage(folder folderID: String, item: PhotoItem.ID) async throws -> FullImage {
        do {
            let image = try await source.loadDisplayableImage(for: item)
            return FullImage(body: .bytes(image.bytes), mediaType: image.mediaType)
        } catch let error as PhotolalaError where error.code == .notAvailableLocally {
            let referenced = (try? source.library.asset(uuid: item).isReference) ?? false
            throw ServerError(.notFound, error.message, reason: referenced ? "referenced" : "inICloud")
        }
    }

    func original(folder folderID: String, item: PhotoItem.ID) async throws -> OriginalFile {
        let (path, filename) = try await source.originalFile(for: item)
        return OriginalFile(body: .file(path: path), filename: filename)
    }

    func filePath(folder folderID: String, item: PhotoItem.ID) async throws -> String {
        try await source.originalFile(for: item).path
    }

    func itemID(forFilePath path: String, folder folderID: String) -> PhotoItem.ID? {
        source.itemID(forOriginalPath: path)
    }
}

/// The database folder is watched: Photos writes to its write-ahead log there, and
/// ``ApplePhotosLibrarySource/refresh()`` reads a fresh copy when it changed.
extension ApplePhotosLibrarySource: FolderListing {
    var watchedPath: String? { library.path + "/database" }

    func settle() async {}
}

/// One copy of a library's database, replaced when Photos changed the library.
private final class LibraryCopy: Sendable {
    private let library: Mutex<ApplePhotosLibrary>

    init(_ library: ApplePhotosLibrary) {
        self.library = Mutex(library)
    }

    /// Takes `current` as the copy in use; whether it is another one than before.
    func replace(with current: ApplePhotosLibrary) -> Bool {
        library.withLock { known in
            defer { known = current }
            return known !== current
        }
    }
}
