import Hummingbird
import PhotolalaKit

/// Photolala's own albums (``AlbumBook``) as a source the page opens like any other: its top
/// holds the albums and album folders, an album folder its own, and an album's grid its photos
/// in the album's order, each at a copy a served source holds (a folder's file, a library's
/// asset, a backed-up original). So an album's photos have the preview, the inspector, the star
/// and the export of any folder, and only what a served source shows is served.
///
/// A folder id is an album's id, which a rename keeps; the top is `~`.
struct AlbumsSource: SearchResultItems {
    /// The id the page opens it under.
    static let id = "albums"
    static let rootFolderID = "~"

    let search: ServedSearch
    /// Brings the index up to date with the served sources (``ServedSources/updateSearchIndex()``).
    let updateIndex: @Sendable () async -> Int

    var summary: PhotoSourceSummary {
        // No sorting: an album is shown in its own order.
        PhotoSourceSummary(kind: "albums", name: "Albums", configured: true, capabilities: [.preview, .star], rootFolder: Self.rootFolderID)
    }

    /// The albums and folders in the folder, and the way to it.
    /// - Throws: ``ServerError`` 404 for an album that is not there; 500 when the albums file
    ///   is damaged.
    func folder(_ folderID: String) async throws -> PhotoFolder {
        let book = try search.albumBook()
        let root = PhotoFolder.Reference(id: Self.rootFolderID, name: "Albums")
        guard folderID != Self.rootFolderID else {
            return PhotoFolder(id: root.id, name: root.name, breadcrumb: [root], folders: references(book.children(of: nil)), kind: "albums")
        }
        let album = try Self.album(folderID, in: book)
        var chain: [PhotoFolder.Reference] = []
        var parent = album.parent.value
        while let id = parent, let folder = book.albums[id], chain.count < 64 {
            chain.insert(PhotoFolder.Reference(id: id, name: folder.name.value), at: 0)
            parent = folder.parent.value
        }
        let here = PhotoFolder.Reference(id: album.id, name: album.name.value)
        return PhotoFolder(
            id: album.id, name: album.name.value, breadcrumb: [root] + chain + [here],
            folders: album.isFolder ? references(book.children(of: album.id)) : [], kind: album.isFolder ? "albumFolder" : "album")
    }

    /// How many photos an album holds and its cover (the one chosen, else its first found); how
    /// many albums a folder holds.
    func folderSummary(of folderID: String) async throws -> FolderSummary {
        let book = try search.albumBook()
        let album = try Self.album(folderID, in: book)
        if album.isFolder { return FolderSummary(photoCount: 0, folderCount: book.children(of: album.id).count, cover: nil) }
        let entries = try search.entries(of: album)
        let cover = entries.first { $0.md5 == album.coverMD5 && !$0.isMissing } ?? entries.first { !$0.isMissing }
        return FolderSummary(photoCount: entries.count, folderCount: 0, cover: cover?.row)
    }

    func listing(of folderID: String) throws -> any FolderListing {
        AlbumListing(albumID: folderID == Self.rootFolderID ? nil : folderID, search: search, updateIndex: updateIndex)
    }

    private func references(_ albums: [AlbumRecord]) -> [PhotoFolder.Reference] {
        albums.map { PhotoFolder.Reference(id: $0.id, name: $0.name.value, kind: $0.isFolder ? "albumFolder" : "album") }
    }

    /// The live album or folder with the id.
    /// - Throws: ``ServerError`` 404 when there is none.
    static func album(_ id: String, in book: AlbumBook) throws -> AlbumRecord {
        guard book.isLive(id), let album = book.albums[id] else {
            throw ServerError(.notFound, "No album '\(id)': it was deleted, here or on another device.")
        }
        return album
    }
}
