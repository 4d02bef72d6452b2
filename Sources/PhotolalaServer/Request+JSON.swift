import Foundation
import Hummingbird

extension Request {
    /// The body decoded as JSON of `type`, from a request that says it sends JSON
    /// (``requireJSON()``).
    /// - Throws: ``ServerError`` 415 when the body is declared as anything but JSON; the
    ///   decoder's error when it is not JSON of `type`.
    func decodeJSON<Value: Decodable>(as type: Value.Type, context: some RequestContext) async throws -> Value {
        try requireJSON()
        return try await decode(as: type, context: context)
    }

    /// Refuses a body declared as anything but JSON: a form or text, which another site's page
    /// can send without asking, is refused before it is read.
    /// - Throws: ``ServerError`` 415.
    func requireJSON() throws {
        let mediaType = headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard mediaType == "application/json" else {
            throw ServerError(.unsupportedMediaType, "Send the request's body as JSON, with Content-Type: application/json.")
        }
    }
}
