import Foundation
import Hummingbird
import PhotolalaKit

/// Serves the web UI's files, and only them: the API never falls through to files (an API 404
/// stays the API's answer), and a path that decodes to `..`, or that leads through a link to
/// somewhere outside the web root, is answered 404 like any missing file.
struct WebFiles<Context: RequestContext>: RouterMiddleware {
    /// The web root's canonical path, which every served file must lie in.
    private let root: String
    private let files: FileMiddleware<Context, LocalFileSystem>

    /// - Parameter directory: The web UI's folder.
    init(directory: String) {
        root = FilePath.canonical(directory) ?? directory
        files = FileMiddleware(directory, cacheControl: .init([(MediaType(type: .any), [.noCache])]), searchForIndexHtml: true)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        if path == "/api" || path.hasPrefix("/api/") {
            return try await next(request, context)
        }
        guard let decoded = path.removingPercentEncoding, !decoded.contains(".."), !decoded.contains("\0"), staysInside(decoded) else {
            throw ServerError(.notFound, "There is no page '\(path)'.")
        }
        return try await files.handle(request, context: context, next: next)
    }

    /// Whether the file at `path` (below the web root) is inside it once links are followed;
    /// a file that does not exist is left to the file middleware, which answers 404.
    private func staysInside(_ path: String) -> Bool {
        guard let resolved = FilePath.canonical(root + "/" + path.drop { $0 == "/" }) else { return true }
        return FilePath.isInside(resolved, root: root)
    }
}
