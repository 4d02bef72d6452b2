import Hummingbird
import PhotolalaKit

/// The albums, edited from the page: made, renamed, deleted, and given, ordered and relieved
/// of photos. Each edit is made in the albums file under its lock (``AlbumStore/edit(_:)``), as
/// `photolala album` makes it, and then told to every page (``ServedSources/albumsChanged()``).
/// An album is named by its id, which a rename keeps.
struct AlbumRoutes {
    let sources: ServedSources
    /// A photo of a source as an album holds it (``Engine/albumPhoto(of:folder:named:in:)``).
    let identify: @Sendable (PhotoItem.ID, String, String, any PhotoSource) async throws -> (md5: String, origin: AlbumPhotoOrigin)
    let store: AlbumStore

    func add(to router: Router<BasicRequestContext>) {
        let api = router.group("api")
        api.get("albums") { _, _ in API.Albums(try sources.search.albumBook()) }
        api.post("albums") { request, context in try await create(request, context) }
        api.post("albums/:album/rename") { request, context in try await rename(request, context) }
        api.post("albums/:album/delete") { _, context in try await delete(context) }
        api.post("albums/:album/add") { request, context in try await addPhotos(request, context) }
        api.post("albums/:album/remove") { request, context in try await removePhotos(request, context) }
        api.post("albums/:album/order") { request, context in try await order(request, context) }
        api.post("albums/:album/cover") { request, context in try await cover(request, context) }
    }

    private func create(_ request: Request, _ context: BasicRequestContext) async throws -> API.AlbumEdited {
        let body = try await request.decodeJSON(as: API.AlbumCreateRequest.self, context: context)
        let id = try await edit { book, device in
            let parent = try body.parent.map { try AlbumsSource.album($0, in: book) }
            let path = (parent.map { book.path(of: $0.id) + "/" } ?? "") + body.name
            return try book.create(path, isFolder: body.isFolder ?? false, device: device)
        }
        return API.AlbumEdited(id: id)
    }

    private func rename(_ request: Request, _ context: BasicRequestContext) async throws -> API.AlbumEdited {
        let body = try await request.decodeJSON(as: API.AlbumRenameRequest.self, context: context)
        let id = try context.parameters.require("album")
        try await edit { book, device in
            let album = try AlbumsSource.album(id, in: book)
            let parent = album.parent.value.map { book.path(of: $0) + "/" } ?? ""
            try book.rename(book.path(of: id), to: parent + body.name, device: device)
        }
        return API.AlbumEdited(id: id)
    }

    /// Deletes an album, or a folder and what it holds; the photos stay where they are.
    private func delete(_ context: BasicRequestContext) async throws -> API.AlbumEdited {
        let id = try context.parameters.require("album")
        let count = try await edit { book, device in
            _ = try AlbumsSource.album(id, in: book)
            return try book.delete(book.path(of: id), device: device)
        }
        return API.AlbumEdited(id: id, count: count)
    }

    /// Adds photos of a folder of any source, or of a view over them (a search, a timeline,
    /// another album): each by its content, read once where its MD5 is not known yet. A photo
    /// that cannot be added gets its error and the others go on.
    private func addPhotos(_ request: Request, _ context: BasicRequestContext) async throws -> API.AlbumEdited {
        let body = try await request.decodeJSON(as: API.AlbumAddRequest.self, context: context)
        let id = try context.parameters.require("album")
        let source = try sources.source(body.source)
        let (_, names) = await sources.files(of: body.ids, source: body.source, folder: body.folder)
        var photos: [(md5: String, origin: AlbumPhotoOrigin)] = []
        var errors: [String: String] = [:]
        for item in body.ids {
            do {
                let (served, folder, own) = try servedPhoto(item, of: source, folder: body.folder)
                photos.append(try await identify(own, folder, names[item] ?? own, served))
            } catch {
                errors[item] = (error as? ServerError ?? ServerError.from(error)).redacting(sources.privatePaths).message
            }
        }
        let added = try await edit { book, device in
            _ = try AlbumsSource.album(id, in: book)
            return photos.isEmpty ? 0 : try book.add(photos, to: book.path(of: id), device: device)
        }
        return API.AlbumEdited(id: id, count: added, errors: errors.isEmpty ? nil : errors)
    }

    /// Takes photos out of the album: they stay where they are.
    private func removePhotos(_ request: Request, _ context: BasicRequestContext) async throws -> API.AlbumEdited {
        let body = try await request.decodeJSON(as: API.AlbumPhotosRequest.self, context: context)
        let id = try context.parameters.require("album")
        let removed = try await edit { book, device in
            let md5s = try md5s(of: body.ids, inAlbum: id, book: book)
            return try book.remove(md5s, from: book.path(of: id), device: device)
        }
        return API.AlbumEdited(id: id, count: removed)
    }

    /// Moves photos of the album, in the order given, before another of its photos, or to the end.
    private func order(_ request: Request, _ context: BasicRequestContext) async throws -> API.AlbumEdited {
        let body = try await request.decodeJSON(as: API.AlbumPhotosRequest.self, context: context)
        let id = try context.parameters.require("album")
        try await edit { book, device in
            // One look for every photo named: the album's photos are found once.
            var named = try md5s(of: body.ids + (body.before.map { [$0] } ?? []), inAlbum: id, book: book)
            let before = body.before == nil ? nil : named.removeLast()
            let moved = named
            let rest = try AlbumsSource.album(id, in: book).orderedPhotos.map(\.md5).filter { !moved.contains($0) }
            let at = before.flatMap { rest.firstIndex(of: $0) } ?? rest.endIndex
            try book.reorder(book.path(of: id), as: Array(rest[..<at]) + moved + Array(rest[at...]), device: device)
        }
        return API.AlbumEdited(id: id)
    }

    private func cover(_ request: Request, _ context: BasicRequestContext) async throws -> API.AlbumEdited {
        let body = try await request.decodeJSON(as: API.AlbumPhotosRequest.self, context: context)
        let id = try context.parameters.require("album")
        guard body.ids.count == 1 else { throw ServerError(.badRequest, "Name the one photo to make the album's cover.") }
        try await edit { book, device in
            try book.setCover(try md5s(of: body.ids, inAlbum: id, book: book)[0], of: book.path(of: id), device: device)
        }
        return API.AlbumEdited(id: id)
    }

    /// Makes an edit of the albums and tells the pages.
    /// - Throws: ``ServerError`` 404 for an album not there, 409 for an edit the albums refuse
    ///   (a name taken, a photo into a folder), 500 when the albums file is damaged.
    private func edit<T>(_ body: (inout AlbumBook, String) throws -> T) async throws -> T {
        let result: T
        do {
            result = try await store.edit(body)
        } catch let error as AlbumError {
            throw ServerError(.conflict, error.message)
        }
        await sources.albumsChanged()
        return result
    }

    /// The MD5s of photos of the album by their ids in its grid, as ``ServedSearch/entries(of:)``
    /// names them.
    /// - Throws: ``ServerError`` 404 for an id the album's grid does not have.
    private func md5s(of ids: [String], inAlbum id: String, book: AlbumBook) throws -> [String] {
        let entries = try sources.search.entries(of: try AlbumsSource.album(id, in: book))
        let byID = Dictionary(entries.map { ($0.row.item.id, $0.md5) }, uniquingKeysWith: { first, _ in first })
        return try ids.map { item in
            guard let md5 = byID[item] else {
                throw ServerError(.notFound, "No photo '\(item)' in this album: it was taken out, here or on another device.")
            }
            return md5
        }
    }

    /// The served source, folder and item a photo of `source` is: itself, or, for a view over
    /// the served sources, the photo its id names.
    /// - Throws: ``ServerError`` 404 for an id of a view that names no served photo.
    private func servedPhoto(_ item: PhotoItem.ID, of source: any PhotoSource, folder: String) throws -> (any PhotoSource, String, PhotoItem.ID) {
        guard source is any SearchResultItems else { return (source, folder, item) }
        guard let found = SearchResultID(item), let served = sources.all.first(where: { $0.id == found.source })?.source else {
            throw ServerError(.notFound, "No photo '\(item)' among the served sources.")
        }
        return (served, found.folder, found.item)
    }
}

extension API.Albums: ResponseEncodable {}
extension API.AlbumEdited: ResponseEncodable {}
