import Hummingbird
import PhotolalaKit

/// Ratings, colour labels, keywords, titles and descriptions edited from the page, written to
/// the photos' XMP sidecars.
struct DescribeRoutes {
    let sources: ServedSources
    /// Makes an edit in the sidecar of the photo file at a path (``Engine/edit(_:ofFileAt:naming:)``).
    let edit: @Sendable (DescriptionEdit, String) async throws -> Engine.EditedSidecar

    func add(to router: Router<BasicRequestContext>) {
        router.group("api").post("describe") { request, context in try await describe(request, context) }
    }

    /// Edits the photos, each on its own: one that cannot be edited gets its error and the
    /// others go on. A RAW+JPEG pair's files get the edit alike, each in its own sidecar, as
    /// darktable and digiKam keep them; a Live Photo's movie has none.
    private func describe(_ request: Request, _ context: BasicRequestContext) async throws -> API.DescribedItems {
        let body = try await request.decodeJSON(as: API.DescribeRequest.self, context: context)
        let change = body.edit
        guard !change.isEmpty else {
            throw ServerError(.badRequest, "Say what to change: rating, colorLabel, title, description, addKeywords or removeKeywords.")
        }
        if let problem = change.problem { throw ServerError(.badRequest, "The edit was not made: \(problem).") }
        let source = try sources.source(body.source)
        guard source.summary.capabilities.contains(.describe) else {
            throw ServerError(
                .conflict, "Photos of \(source.summary.name) cannot be tagged here: only photos of served folders have sidecars to write.")
        }
        var items: [String: API.Described] = [:]
        let wanted = Set(body.ids)
        let (ids, _) = await sources.files(of: Array(wanted), source: body.source, folder: body.folder)
        for id in ids {
            do {
                let path = try await source.filePath(folder: body.folder, item: id)
                guard wanted.contains(id) || PhotoKind(fileName: path) != .video else { continue }
                let sidecar = try await edit(change, path)
                if wanted.contains(id) { items[id] = API.Described(sidecar.description) }
            } catch {
                items[id] = API.Described(error: (error as? ServerError ?? ServerError.from(error)).redacting(sources.privatePaths).message)
            }
        }
        return API.DescribedItems(items: items)
    }
}

extension API.DescribedItems: ResponseEncodable {}
