import Hummingbird

/// Every query parameter the server reads, by name. Routes read them only through
/// ``Request/query(_:)``, so this list is complete, and the fuzz suite sends each of them to
/// every route with hostile values: a parameter added here cannot escape it.
package enum QueryParameter: String, CaseIterable, Sendable {
    /// The access token, on any route (``AccessGuard``).
    case token
    /// A listing page's first row and its number of rows.
    case offset, limit
    /// Text a listing's photos must match.
    case search
    /// `date-asc` or `date-desc`: a big listing's first photos in that order, read ahead of it.
    case first
    /// `true`: a cloud sync downloads the manifest even when its ETag is unchanged.
    case force
    /// A query of the search language (`GET /api/search`).
    case q
}

extension Request {
    /// The value of `parameter`, percent-decoded; nil when the query does not name it.
    func query(_ parameter: QueryParameter) -> String? {
        uri.queryParameters.get(parameter.rawValue)
    }

    /// The whole number `parameter` names, which must lie in `range`; nil when the query does not
    /// name it.
    /// - Throws: ``ServerError`` 400 when its value is no whole number or lies outside `range`.
    func query(_ parameter: QueryParameter, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = query(parameter) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            let bounds = range.upperBound == .max ? "of \(range.lowerBound) or more" : "from \(range.lowerBound) to \(range.upperBound)"
            throw ServerError(.badRequest, "\(parameter.rawValue) must be a whole number \(bounds).")
        }
        return value
    }
}
