/// Why a source refuses a request about its folders or photos, in words for the user, with a
/// `reason` a browser acts on where it has one (`inDeepArchive`, `inICloud`, `referenced`: the
/// preview then keeps showing the thumbnail).
///
/// Compare ``code``; show ``message``. The server answers `notFound` with 404, `conflict` with
/// 409 and `badRequest` with 400.
public struct SourceError: Error, Sendable, Equatable {
    public struct Code: Hashable, Sendable {
        let name: String

        public static let notFound = Code(name: "notFound")
        public static let conflict = Code(name: "conflict")
        public static let badRequest = Code(name: "badRequest")
    }

    public let code: Code
    public let message: String
    /// A word for the browser, not for the user; `nil` for most errors.
    public let reason: String?

    static func notFound(_ message: String, reason: String? = nil) -> SourceError {
        SourceError(code: .notFound, message: message, reason: reason)
    }

    static func conflict(_ message: String, reason: String? = nil) -> SourceError {
        SourceError(code: .conflict, message: message, reason: reason)
    }

    static func badRequest(_ message: String) -> SourceError {
        SourceError(code: .badRequest, message: message, reason: nil)
    }
}

extension SourceError: CustomStringConvertible {
    public var description: String { message }
}
