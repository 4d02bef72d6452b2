import Foundation

/// The library's folders: All Photos at the root, its built-in views beside the user's albums
/// and folders.
extension ApplePhotosLibrarySource {
    /// A built-in view: its folder id is its raw value.
    public enum View: String, Sendable {
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

        /// What the view lets through of the library.
        var filter: ApplePhotosFilter {
            var filter = ApplePhotosFilter()
            switch self {
            case .favorites: filter.onlyFavorites = true
            case .hidden: filter.onlyHidden = true
            case .recentlyDeleted: filter.onlyTrashed = true
            }
            return filter
        }
    }

    /// The built-in view `folderID` names, or `nil` for the root and albums.
    /// - Throws: ``SourceError/notFound`` for a view the library is not shown with.
    func view(_ folderID: String) throws -> View? {
        guard let view = View(rawValue: folderID) else { return nil }
        guard views.contains(view) else {
            let flag = view == .hidden ? "--include-hidden" : "--include-trashed"
            throw SourceError.notFound("\(view.name) is not shown: start photolala serve with \(flag).")
        }
        return view
    }

    public func folder(_ folderID: String) async throws -> PhotoFolder {
        let albums = try await self.albums()
        let name = summary.name
        let root = PhotoFolder.Reference(id: LocalPhotoSource.rootFolderID, name: name)
        func children(of parent: String?) -> [PhotoFolder.Reference] {
            albums.filter { $0.parentUUID == parent }.map { PhotoFolder.Reference(id: $0.uuid, name: $0.title, kind: $0.kind.rawValue) }
        }
        if folderID == LocalPhotoSource.rootFolderID {
            let shown = views.map { PhotoFolder.Reference(id: $0.rawValue, name: $0.name, kind: "smartAlbum") }
            return PhotoFolder(id: folderID, name: name, breadcrumb: [root], folders: shown + children(of: nil), kind: "library")
        }
        if let view = try view(folderID) {
            return PhotoFolder(
                id: folderID, name: view.name, breadcrumb: [root, PhotoFolder.Reference(id: folderID, name: view.name)], folders: [],
                kind: "smartAlbum")
        }
        guard let album = albums.first(where: { $0.uuid == folderID }) else { throw SourceError.notFound("No album '\(folderID)'.") }
        var chain = [album]
        while let parent = chain[0].parentUUID, let folder = albums.first(where: { $0.uuid == parent }) {
            chain.insert(folder, at: 0)
        }
        return PhotoFolder(
            id: folderID, name: album.title, breadcrumb: [root] + chain.map { PhotoFolder.Reference(id: $0.uuid, name: $0.title) },
            folders: children(of: album.uuid), kind: album.kind.rawValue)
    }
}
