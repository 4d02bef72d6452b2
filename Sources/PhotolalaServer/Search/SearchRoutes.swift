import Hummingbird
import PhotolalaKit

/// `GET /api/search?q=QUERY[&limit=N]`: the query language of `photolala search` over every
/// served source.
struct SearchRoutes {
    let search: ServedSearch
    let sources: ServedSources

    /// The most photos one answer holds, and how many when the page does not say.
    static let limits = (maximum: 5_000, standard: 500)

    func add(to router: Router<BasicRequestContext>) {
        router.group("api").get("search") { request, _ in try results(request) }
    }

    /// The photos found; 400 with what to write instead for a query that cannot be read.
    private func results(_ request: Request) throws -> API.SearchResults {
        let query: SearchQuery
        do {
            query = try SearchQuery(parsing: request.query(.q) ?? "")
        } catch {
            throw ServerError(.badRequest, error.message)
        }
        let limit = try request.query(.limit, in: 1...Self.limits.maximum) ?? Self.limits.standard
        do {
            return try search.search(query, limit: limit)
        } catch {
            throw ServerError.converted(error, redacting: sources.privatePaths)
        }
    }
}

extension API.SearchResults: ResponseEncodable {}
