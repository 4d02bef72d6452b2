import Foundation
import Hummingbird
import PhotolalaKit
import ServiceLifecycle

/// The JSON API and the image endpoints the web UI calls.
struct APIRoutes {
    let sources: ServedSources
    /// Tells whether a photo is backed up, for its inspector.
    let backup: ServedBackup

    func add(to router: Router<BasicRequestContext>) {
        let api = router.group("api")
        api.get("sources") { _, _ in sourceList() }
        api.get("sources/:source/folders/:folder") { _, context in try await folder(context) }
        api.get("sources/:source/folders/:folder/summary") { _, context in try await summary(context) }
        api.get("sources/:source/folders/:folder/items") { request, context in try await items(request, context) }
        api.get("sources/:source/folders/:folder/items/:item/metadata") { _, context in try await metadata(context) }
        api.get("sources/:source/folders/:folder/items/:item/thumbnail") { request, context in try await thumbnail(request, context) }
        api.get("sources/:source/folders/:folder/items/:item/full") { request, context in try await fullImage(request, context) }
        api.get("sources/:source/folders/:folder/items/:item/original") { _, context in try await original(context) }
        api.get("events") { _, _ in await events() }
    }

    private func sourceList() -> API.Sources {
        API.Sources(sources: sources.summaries)
    }

    /// A folder as a page opens it; one it opens again that lists the search index as it was
    /// before a change is listed again (``ServedSources/revalidate(source:folder:)``).
    private func folder(_ context: BasicRequestContext) async throws -> API.Folder {
        let sourceID = try context.parameters.require("source")
        let source = try sources.source(sourceID)
        let folderID = try context.parameters.require("folder")
        sources.revalidate(source: sourceID, folder: folderID)
        return API.Folder(try await engineCall { try await source.folder(folderID) })
    }

    /// A subfolder's count and cover, which its tile asks for once it is in view.
    private func summary(_ context: BasicRequestContext) async throws -> API.FolderSummary {
        let source = try sources.source(try context.parameters.require("source"))
        let folderID = try context.parameters.require("folder")
        return API.FolderSummary(try await engineCall { try await source.folderSummary(of: folderID) })
    }

    /// A page of the folder's listing; with `search=TEXT`, the folder's photos that match, in
    /// one complete page, from sources that can search; with `first=date-asc` (or `date-desc`),
    /// the first `limit` photos in that order in one page, when the source can read them ahead
    /// of its listing (none otherwise), for a page to show while a big listing runs.
    private func items(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let (sourceID, folderID) = (try context.parameters.require("source"), try context.parameters.require("folder"))
        let limit = try request.query(.limit, in: 1...Int.max)
        let page: API.Items
        if let text = request.query(.search) {
            let source = try sources.source(sourceID)
            let found = try await engineCall { try await source.search(folder: folderID, text: text) }
            page = API.Items(count: found.count, complete: true, offset: 0, photos: found[...])
        } else if let first = request.query(.first) {
            guard let order = DateOrder(rawValue: first) else { throw ServerError(.badRequest, "first must be date-asc or date-desc.") }
            let session = try await engineCall { try await sources.session(source: sourceID, folder: folderID) }
            let found = try await engineCall { try await session.firstPhotos(in: order, limit: min(limit ?? 500, 5_000)) } ?? []
            page = API.Items(count: found.count, complete: true, offset: 0, photos: found[...])
        } else {
            let session = try await engineCall { try await sources.session(source: sourceID, folder: folderID) }
            let offset = try request.query(.offset, in: 0...Int.max) ?? 0
            page = API.Items(try await engineCall { try await session.items(from: offset, limit: limit) })
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: page.json)))
    }

    /// The photo's metadata; for a photo of a folder or library that is in the cloud backup,
    /// with when it was backed up (a library photo's MD5 is the one this device knows, if any).
    private func metadata(_ context: BasicRequestContext) async throws -> API.Metadata {
        let (source, folder, item) = try itemReference(context)
        let (found, details) = try await engineCall { try await source.metadata(folder: folder, item: item) }
        var metadata = API.Metadata(json: PhotoMetadataJSON(found), details: details.map(API.Detail.init))
        // The backup's own photos say how they are backed up already.
        guard let cloud = sources.cloud, !source.summary.capabilities.contains(.restore) else { return metadata }
        if metadata.json.metadata.md5 == nil, let path = try? await source.filePath(folder: folder, item: item),
            let md5 = cloud.knownMD5(ofFileAt: path)
        {
            var known = metadata.json.metadata
            known.md5 = md5
            metadata = API.Metadata(json: PhotoMetadataJSON(known), details: metadata.details)
        }
        guard let md5 = metadata.json.metadata.md5 else { return metadata }
        do {
            if try backup.lookup.isInCloud(md5: md5) {
                metadata.details += await cloud.backupDetails(md5: md5).map(API.Detail.init)
            }
        } catch {
            // Said, not shown as "not backed up": the inspector's other lines still stand.
            metadata.details.append(API.Detail(PhotoDetail(field: "backup", label: "Backup", value: "Unknown: \(error)")))
        }
        return metadata
    }

    /// The thumbnail with a strong ETag (the photo's MD5, or the source's own tag, and the
    /// thumbnail rule's version, as `MD5-t2`), answered
    /// with 304 when the page's copy is current: at once when the tag is known without reading
    /// the photo, else as soon as loading made it known. The page says how soon it needs it in
    /// a `Photolala-Priority` header rather than the address, so each thumbnail has one address
    /// for the browser's cache.
    private func thumbnail(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let (source, folder, item) = try itemReference(context)
        let conditional = request.headers[.ifNoneMatch] != nil
        let knownTag = conditional ? source.thumbnailTag(folder: folder, item: item) : nil
        if let knownTag, EntityTag.matches(request, tag: knownTag) {
            return Response(status: .notModified, headers: thumbnailHeaders(tag: knownTag))
        }
        let priority = ThumbnailPriority(request) ?? .visible
        // A page aborts the fetch of a cell scrolled away by closing its connection: its load is
        // withdrawn then, and dropped unless it has started or another page wants it too.
        let thumbnail = try await engineCall {
            try await ClientDeparture.cancellingOnDeparture { try await source.thumbnail(folder: folder, item: item, priority: priority) }
        }
        let tag = thumbnail.md5.map(source.thumbnailTag(forMD5:)) ?? knownTag ?? source.thumbnailTag(folder: folder, item: item)
        if conditional, let tag, EntityTag.matches(request, tag: tag) {
            return Response(status: .notModified, headers: thumbnailHeaders(tag: tag))
        }
        var headers = thumbnailHeaders(tag: tag)
        headers[.contentType] = "image/jpeg"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: thumbnail.jpeg)))
    }

    private func thumbnailHeaders(tag: String?) -> HTTPFields {
        var headers: HTTPFields = [.cacheControl: "private, max-age=31536000, immutable"]
        if let tag {
            headers[.eTag] = EntityTag.quoted(tag)
        }
        return headers
    }

    /// The original file for formats browsers show, streamed from disk; HEIC and TIFF as a JPEG
    /// rendering (kept, so a second preview renders nothing). Its ETag is the photo's MD5 (or the
    /// source's tag): the browser asks again each time (`no-cache`) and gets 304 while it is current.
    private func fullImage(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let (source, folder, item) = try itemReference(context)
        let tag = try await engineCall { try await source.fullImageTag(folder: folder, item: item) }
        var headers: HTTPFields = [.cacheControl: "private, no-cache"]
        if let tag {
            headers[.eTag] = EntityTag.quoted(tag)
            if EntityTag.matches(request, tag: tag) {
                return Response(status: .notModified, headers: headers)
            }
        }
        let image = try await engineCall { try await source.fullImage(folder: folder, item: item) }
        headers[.contentType] = image.mediaType
        guard case .file(let path) = image.body else {
            return Response(status: .ok, headers: headers, body: try await body(image.body, context))
        }
        return try await fileResponse(path: path, request: request, headers: headers, tag: tag, context)
    }

    /// A file from disk, whole or the one byte range asked for (how a `<video>` plays and seeks):
    /// 206 with `Content-Range`, 416 for a range past its end; a range with an `If-Range` that no
    /// longer names the file gets the whole file.
    private func fileResponse(
        path: String, request: Request, headers: HTTPFields, tag: String?, _ context: BasicRequestContext
    ) async throws
        -> Response
    {
        var headers = headers
        headers[.acceptRanges] = "bytes"
        let file = try await engineCall { try await FileBody.open(path) }
        let size = file.size
        let ifRange = request.headers[.ifRange]
        let rangeHeader = ifRange == nil || ifRange == tag.map(EntityTag.quoted) ? request.headers[.range] : nil
        switch ByteRange(header: rangeHeader, size: size) {
        case .whole:
            return Response(status: .ok, headers: headers, body: file.body())
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        case .part(let range):
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound)/\(size)"
            return Response(status: .partialContent, headers: headers, body: file.body(range))
        }
    }

    /// The original file as a download under its own name ("Export…" in the web UI), streamed.
    private func original(_ context: BasicRequestContext) async throws -> Response {
        let (source, folder, item) = try itemReference(context)
        let original = try await engineCall { try await source.original(folder: folder, item: item) }
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/octet-stream", .contentDisposition: Self.attachment(original.filename), .cacheControl: "private, no-cache",
            ],
            body: try await body(original.body, context))
    }

    /// A file is streamed from disk in chunks (``FileBody``), so a 50 MB original never sits in
    /// memory whole.
    private func body(_ body: PhotoBody, _ context: BasicRequestContext) async throws -> ResponseBody {
        switch body {
        case .file(let path): try await engineCall { try await FileBody.open(path) }.body()
        case .bytes(let bytes): ResponseBody(byteBuffer: ByteBuffer(bytes: bytes))
        }
    }

    /// `Content-Disposition` for a download named `filename`: an ASCII fallback and the exact
    /// name in RFC 5987 encoding, so names in any script survive.
    static func attachment(_ filename: String) -> String {
        let fallback = String(filename.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "\\" && $0.value >= 32 ? Character($0) : "_" })
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "!#$&+-.^_`|~"))
        let encoded = filename.addingPercentEncoding(withAllowedCharacters: allowed) ?? fallback
        return "attachment; filename=\"\(fallback)\"; filename*=UTF-8''\(encoded)"
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

    private func itemReference(_ context: BasicRequestContext) throws -> (any PhotoSource, folder: String, item: PhotoItem.ID) {
        let source = try sources.source(try context.parameters.require("source"))
        return (source, try context.parameters.require("folder"), try context.parameters.require("item"))
    }

    /// Runs engine code, turning its errors into API errors that name no served path.
    private func engineCall<T>(_ body: () async throws -> T) async throws -> T {
        try await ServerError.converting(redacting: sources.privatePaths, body)
    }

    private func engineCall<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw ServerError.converted(error, redacting: sources.privatePaths)
        }
    }
}

extension API.Sources: ResponseEncodable {}
extension API.Folder: ResponseEncodable {}
extension API.FolderSummary: ResponseEncodable {}
extension API.Metadata: ResponseEncodable {}

extension ThumbnailPriority {
    /// The priority a request asks for in its `Photolala-Priority` header: `visible`,
    /// `nearVisible`, `prefetch` or `background`.
    init?(_ request: Request) {
        guard let field = request.headers.first(where: { $0.name.canonicalName == "photolala-priority" }) else { return nil }
        self.init(name: field.value)
    }

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
