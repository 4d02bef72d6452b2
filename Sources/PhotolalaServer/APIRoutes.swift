import Foundation
import Hummingbird
import PhotolalaKit
import ServiceLifecycle

/// The JSON API and the image endpoints the web UI calls.
struct APIRoutes {
    let sources: ServedSources

    func add(to router: Router<BasicRequestContext>) {
        let api = router.group("api")
        api.get("sources") { _, _ in sourceList() }
        api.get("sources/:source/folders/:folder") { _, context in try await folder(context) }
        api.get("sources/:source/folders/:folder/items") { request, context in try await items(request, context) }
        api.get("sources/:source/folders/:folder/items/:item/metadata") { _, context in try await metadata(context) }
        api.get("sources/:source/folders/:folder/items/:item/thumbnail") { request, context in try await thumbnail(request, context) }
        api.get("sources/:source/folders/:folder/items/:item/full") { _, context in try await fullImage(context) }
        api.get("events") { _, _ in await events() }
    }

    private func sourceList() -> API.Sources {
        var list = sources.locals.map { local in
            API.Source(id: local.id, kind: "local", name: local.name, configured: true, rootFolder: LocalPhotoSource.rootFolderID)
        }
        let libraryMessage =
            sources.libraries.isEmpty
            ? "No Apple Photos library given. Start photolala serve with --library PATH.photoslibrary."
            : "Reading Apple Photos libraries (\(sources.libraries.joined(separator: ", "))) is not available in this version yet."
        list.append(API.Source(id: "apple-photos", kind: "applePhotos", name: "Apple Photos", configured: false, message: libraryMessage))
        list.append(
            API.Source(
                id: "cloud", kind: "cloud", name: "Cloud", configured: false,
                message: "No cloud backup configured. Backing up to S3 arrives in a later version."))
        return API.Sources(sources: list)
    }

    private func folder(_ context: BasicRequestContext) async throws -> API.Folder {
        let local = try sources.local(try context.parameters.require("source"))
        let folderID = try context.parameters.require("folder")
        let folder = try engineCall { try local.tree.folderSource(id: folderID) }
        let subfolders = try engineCall { try folder.subfolders() }.compactMap { found in
            local.tree.folderID(forPath: found.path).map { API.FolderRef(id: $0, name: found.name) }
        }
        var breadcrumb = [API.FolderRef(id: LocalPhotoSource.rootFolderID, name: local.name)]
        var path = local.tree.root
        for component in folder.root.dropFirst(local.tree.root.count).split(separator: "/") {
            path += "/" + component
            breadcrumb.append(API.FolderRef(id: local.tree.folderID(forPath: path) ?? folderID, name: String(component)))
        }
        return API.Folder(id: folderID, name: breadcrumb.last?.name ?? local.name, breadcrumb: breadcrumb, folders: subfolders)
    }

    private func items(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let session = try await engineCall {
            try await sources.session(source: try context.parameters.require("source"), folder: try context.parameters.require("folder"))
        }
        let page = try await session.items(from: request.uri.queryParameters.get("offset", as: Int.self) ?? 0)
        let body = ByteBuffer(bytes: page.json)
        if body.readableBytes > 1 << 20 {
            FreedMemory.release()
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"], body: ResponseBody(byteBuffer: body))
    }

    private func metadata(_ context: BasicRequestContext) async throws -> API.Metadata {
        let (folder, item) = try itemReference(context)
        return API.Metadata(json: PhotoMetadataJSON(try await engineCall { try await folder.loadMetadata(for: item) }))
    }

    /// The thumbnail with a strong ETag from the photo's MD5: a cached copy is confirmed with
    /// 304 without reading the photo when its MD5 is known from the identity index.
    private func thumbnail(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let local = try sources.local(try context.parameters.require("source"))
        let folderID = try context.parameters.require("folder")
        let item = try context.parameters.require("item")
        let folder = try engineCall { try local.tree.folderSource(id: folderID) }
        if let tag = request.headers[.ifNoneMatch], let md5 = folder.knownMD5(for: item), tag == "\"\(md5)\"" {
            return Response(status: .notModified, headers: thumbnailHeaders(md5: md5))
        }
        let priority = request.uri.queryParameters.get("priority").flatMap(ThumbnailPriority.init(name:)) ?? .visible
        let thumbnail = try await engineCall {
            try await local.thumbnails.thumbnail(for: FolderItems.id(folder: folderID, item: item), priority: priority)
        }
        var headers = thumbnailHeaders(md5: thumbnail.md5)
        headers[.contentType] = "image/jpeg"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: thumbnail.jpeg)))
    }

    private func thumbnailHeaders(md5: String?) -> HTTPFields {
        var headers: HTTPFields = [.cacheControl: "private, max-age=31536000, immutable"]
        if let md5 {
            headers[.eTag] = "\"\(md5)\""
        }
        return headers
    }

    /// The original bytes for formats browsers show; HEIC and TIFF as a JPEG rendering.
    private func fullImage(_ context: BasicRequestContext) async throws -> Response {
        let (folder, item) = try itemReference(context)
        let image = try await engineCall { try await folder.loadDisplayableImage(for: item) }
        return Response(
            status: .ok, headers: [.contentType: image.mediaType, .cacheControl: "private, no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: image.bytes)))
    }

    private func events() async -> Response {
        let stream = await sources.events.subscribe()
        return Response(
            status: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
            body: ResponseBody { writer in
                try await writer.write(ByteBuffer(string: "retry: 2000\n: connected\n\n"))
                for await message in stream.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(string: message))
                }
                try await writer.finish(nil)
            })
    }

    private func itemReference(_ context: BasicRequestContext) throws -> (LocalPhotoSource, PhotoItem.ID) {
        let local = try sources.local(try context.parameters.require("source"))
        let folderID = try context.parameters.require("folder")
        return (try engineCall { try local.tree.folderSource(id: folderID) }, try context.parameters.require("item"))
    }

    /// Runs engine code, turning its errors into API errors.
    private func engineCall<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ServerError {
            throw error
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            throw ServerError.from(error).redacting(sources.locals.map(\.tree.root))
        }
    }

    private func engineCall<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ServerError {
            throw error
        } catch {
            throw ServerError.from(error).redacting(sources.locals.map(\.tree.root))
        }
    }
}

extension API.Sources: ResponseEncodable {}
extension API.Folder: ResponseEncodable {}
extension API.Metadata: ResponseEncodable {}

extension ThumbnailPriority {
    init?(name: String) {
        switch name {
        case "visible": self = .visible
        case "nearVisible": self = .nearVisible
        case "prefetch": self = .prefetch
        case "background": self = .background
        default: return nil
        }
    }
}
