import Foundation
public import Hummingbird
import PhotolalaKit
import PhotolalaS3

/// An API failure as the browser sees it: a status and a JSON body `{"error": "…"}` whose
/// message says what went wrong and what to do, with a `reason` the page acts on where it has one
/// (`inDeepArchive`, `inICloud`: the preview then shows the thumbnail).
public struct ServerError: HTTPResponseError {
    public let status: HTTPResponse.Status
    public let message: String
    /// A word for the page, not for the user; `nil` for most errors.
    public let reason: String?

    public init(_ status: HTTPResponse.Status, _ message: String, reason: String? = nil) {
        self.status = status
        self.message = message
        self.reason = reason
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var body = ["error": message]
        body["reason"] = reason
        let json = (try? JSONEncoder().encode(body)) ?? Data()
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(bytes: json)))
    }

    /// The same error with the served folders' paths cut from its message, so a page never
    /// learns where on the server the photos live: a path inside a root is told relative to it,
    /// the root itself by its name (`/home/me/Pictures` is `Pictures`, as the sidebar says).
    func redacting(_ roots: [String]) -> ServerError {
        var message = message
        // Longest first, so that a root inside another is cut whole.
        for root in Set(roots.filter { $0.count > 1 }).sorted(by: { $0.count > $1.count }) {
            message = message.replacingOccurrences(of: root + "/", with: "")
            message = message.replacingOccurrences(of: root, with: URL(fileURLWithPath: root).lastPathComponent)
        }
        return ServerError(status, message, reason: reason)
    }

    /// Runs engine code, turning its errors into API errors (see ``from(_:)``) whose messages
    /// do not name `paths`.
    static func converting<T>(redacting paths: [String] = [], _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch {
            throw converted(error, redacting: paths)
        }
    }

    /// `error` as an HTTP response error; see ``converting(redacting:_:)``. Other HTTP errors
    /// (a malformed request, say) pass unchanged: they name no path.
    static func converted(_ error: any Error, redacting paths: [String] = []) -> any Error {
        if let error = error as? ServerError {
            return error.redacting(paths)
        }
        if error is any HTTPResponseError {
            return error
        }
        return from(error).redacting(paths)
    }

    /// The response for an engine error: a source's refusal as it says (``SourceError``), a
    /// backup's as ``from(_:)-(BackupError)`` tells, a missing photo or folder is 404, a file that is not
    /// a readable image 422, an original still in Deep Archive 409, a cloud store that cannot
    /// be reached 503 (that refuses, 502), work the client stopped waiting for 499 (as nginx logs
    /// it: nobody reads the answer), anything else 500.
    static func from(_ error: any Error) -> ServerError {
        if error is CancellationError {
            return ServerError(.init(code: 499, reasonPhrase: "Client Closed Request"), "The request was withdrawn before its answer was ready.")
        }
        if let error = error as? SourceError {
            return from(error)
        }
        if let error = error as? CloudError {
            return from(error)
        }
        if let error = error as? BackupError {
            return from(error)
        }
        if let error = error as? ObjectStoreError {
            return ServerError(error.code == .unreachable ? .serviceUnavailable : .badGateway, error.description)
        }
        guard let error = error as? PhotolalaError else {
            return ServerError(.internalServerError, String(describing: error))
        }
        switch error.code {
        case .photoNotFound, .unreadableFolder, .noCatalog, .albumNotFound, .notAvailableLocally:
            return ServerError(.notFound, error.message)
        case .emptyFile, .notRegularFile, .notAnImage, .unsupportedFormat, .damagedImage, .imageTooLarge, .fileTooLarge:
            return ServerError(.unprocessableContent, error.message)
        case .photosLibraryBusy:
            return ServerError(.serviceUnavailable, error.message)
        default:
            return ServerError(.internalServerError, error.message)
        }
    }

    private static func from(_ error: SourceError) -> ServerError {
        switch error.code {
        case .conflict: ServerError(.conflict, error.message, reason: error.reason)
        case .badRequest: ServerError(.badRequest, error.message, reason: error.reason)
        default: ServerError(.notFound, error.message, reason: error.reason)
        }
    }

    /// A backup that cannot go ahead: the user's quota 507, a photo that changed 409 (star it
    /// again, or run again), one not starred 404 or not a photo 422, another device holding the
    /// catalog 503 (try again), and a damaged upload or cloud catalog 502 (the store's side).
    private static func from(_ error: BackupError) -> ServerError {
        switch error.code {
        case .quotaExceeded: ServerError(.init(code: 507, reasonPhrase: "Insufficient Storage"), error.message)
        case .fileChanged, .changedSinceStarred: ServerError(.conflict, error.message)
        case .notStarred: ServerError(.notFound, error.message)
        case .notAPhoto: ServerError(.unprocessableContent, error.message)
        case .catalogBusy: ServerError(.serviceUnavailable, error.message)
        default: ServerError(.badGateway, error.message)
        }
    }

    private static func from(_ error: CloudError) -> ServerError {
        switch error.code {
        case .notInCatalog, .missingObject: ServerError(.notFound, error.message)
        case .archived, .restoreInProgress: ServerError(.conflict, error.message)
        case .restoreUnsupported: ServerError(.conflict, error.message, reason: "restoreUnsupported")
        case .invalidTier, .invalidDays: ServerError(.badRequest, error.message)
        default: ServerError(.badGateway, error.message)
        }
    }
}

/// A server that fails to start says why in words, never as a dump of the value.
extension ServerError: CustomStringConvertible {
    public var description: String { message }
}
