import PhotolalaKit

extension API {
    /// `GET /api/albums` and the `albums` event: every album and album folder, for the
    /// sidebar, which nests them by `parent`.
    struct Albums: Encodable, Sendable {
        struct Album: Encodable, Sendable {
            let id: String
            let name: String
            let isFolder: Bool
            /// The folder it is in; `nil` at the top.
            let parent: String?
            /// How many photos it holds (0 for a folder).
            let photoCount: Int
        }

        let albums: [Album]

        /// The book's albums, each folder's by name, folders first.
        init(_ book: AlbumBook) {
            var albums: [Album] = []
            func add(in parent: String?, depth: Int) {
                guard depth < 64 else { return }
                for album in book.children(of: parent).sorted(by: { $0.isFolder && !$1.isFolder }) {
                    albums.append(
                        Album(
                            id: album.id, name: album.name.value, isFolder: album.isFolder, parent: parent,
                            photoCount: album.isFolder ? 0 : album.orderedPhotos.count))
                    if album.isFolder { add(in: album.id, depth: depth + 1) }
                }
            }
            add(in: nil, depth: 0)
            self.albums = albums
        }
    }

    /// `POST /api/albums`: a new album, or album folder, in a folder or at the top.
    struct AlbumCreateRequest: Decodable {
        let name: String
        let parent: String?
        let isFolder: Bool?
    }

    /// `POST /api/albums/{id}/rename`.
    struct AlbumRenameRequest: Decodable {
        let name: String
    }

    /// `POST /api/albums/{id}/add`: photos of a folder of a source (a view's too), by their ids.
    struct AlbumAddRequest: Decodable {
        let source: String
        let folder: String
        let ids: [String]
    }

    /// `POST /api/albums/{id}/remove`, `…/order` and `…/cover`: photos of the album, by their ids
    /// in its grid. `before`: the photo the ones named go before in the order (`nil`: the end).
    struct AlbumPhotosRequest: Decodable {
        let ids: [String]
        let before: String?
    }

    /// What an edit of the albums did: the album made (its `id`), how many photos went in or out,
    /// and why any could not (by id).
    struct AlbumEdited: Encodable, Sendable {
        var id: String?
        var count: Int?
        var errors: [String: String]?
    }
}
