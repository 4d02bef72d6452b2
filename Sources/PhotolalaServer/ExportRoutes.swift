import Foundation
import Hummingbird
import PhotolalaKit

/// "Export N Originals…": many photos of a folder or album as one ZIP download, streamed as it is
/// written (see ``ExportArchive``), from every source.
struct ExportRoutes {
    let sources: ServedSources

    /// The most photos one export takes, and the most bytes of ids its form may carry.
    static let maximumPhotos = 100_000
    static let maximumFormBytes = 8 << 20

    func add(to router: Router<BasicRequestContext>) {
        router.post("api/sources/:source/folders/:folder/export") { request, context in try await export(request, context) }
    }

    /// `POST …/export` with the form field `ids` once per photo (a form the page submits, so the
    /// browser downloads the answer as a file): `application/zip`, named after the folder.
    private func export(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let sourceID = try context.parameters.require("source")
        let source = try sources.source(sourceID)
        let folderID = try context.parameters.require("folder")
        let form = try await request.body.collect(upTo: Self.maximumFormBytes)
        // A RAW+JPEG pair or a Live Photo exports all its files, as Photos exports originals.
        let requested = try Self.ids(inForm: String(buffer: form))
        let ids = await sources.files(of: requested, source: sourceID, folder: folderID).ids
        guard !ids.isEmpty else { throw ServerError(.badRequest, "Name the photos to export: one ids field per photo.") }
        guard ids.count <= Self.maximumPhotos else {
            throw ServerError(.contentTooLarge, "An export takes at most \(Self.maximumPhotos.formatted()) photos; export the rest separately.")
        }
        let paths = sources.privatePaths
        let folder = try await ServerError.converting(redacting: paths) { try await source.folder(folderID) }
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/zip", .contentDisposition: APIRoutes.attachment("\(folder.name).zip"), .cacheControl: "private, no-store",
            ],
            body: ResponseBody { writer in
                // Photos left out are named in the archive's own note, where the user looks.
                _ = try await ExportArchive.stream(
                    count: ids.count,
                    member: { index in
                        let original = try await source.original(folder: folderID, item: ids[index])
                        switch original.body {
                        case .file(let path): return ExportArchive.Member(name: original.filename, content: .file(path: path))
                        case .bytes(let bytes): return ExportArchive.Member(name: original.filename, content: .bytes(bytes))
                        }
                    },
                    failure: { index, error in
                        let message = (ServerError.converted(error, redacting: paths) as? ServerError)?.message ?? "It could not be read."
                        return ExportArchive.Failure(name: "Photo \(index + 1) of \(ids.count)", reason: message)
                    },
                    to: { bytes in try await writer.write(ByteBuffer(bytes: bytes)) })
                try await writer.finish(nil)
            })
    }

    /// The `ids` fields of a URL-encoded form, in order, each once.
    /// - Throws: ``ServerError`` 400 when a field is not percent-encoded as a form's are.
    static func ids(inForm form: String) throws -> [String] {
        var seen = Set<String>()
        var ids: [String] = []
        for field in form.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts[0] == "ids", parts.count == 2 else { continue }
            guard let id = parts[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding else {
                throw ServerError(.badRequest, "The export form is not URL-encoded: send each photo's id as an ids field.")
            }
            if !id.isEmpty, seen.insert(id).inserted {
                ids.append(id)
            }
        }
        return ids
    }
}
