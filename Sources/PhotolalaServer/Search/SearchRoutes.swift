import Hummingbird
import PhotolalaKit

/// `GET /api/search?q=QUERY[&limit=N]`: the query language of `photolala search` over every
/// served source; `GET /api/search/facets?q=QUERY`: what the photos found have in common;
/// `GET /api/search/points?q=QUERY`: where the geotagged ones were taken, for the map.
struct SearchRoutes {
    let search: ServedSearch
    let sources: ServedSources

    /// The most photos one answer holds, and how many when the page does not say.
    static let limits = (maximum: 5_000, standard: 500)

    /// The most points the map is sent: more than a browser clusters smoothly, and far more than
    /// anyone tells apart on a map; the answer says when there were more.
    static let pointLimit = 100_000

    func add(to router: Router<BasicRequestContext>) {
        router.group("api").get("search") { request, _ in try results(request) }
        router.group("api").get("search/facets") { request, _ in try await facets(request) }
        router.group("api").get("search/points") { request, _ in try await points(request) }
    }

    /// The query `q`; 400 with what to write instead when it cannot be read.
    private static func query(_ request: Request) throws -> SearchQuery {
        do {
            return try SearchQuery(parsing: request.query(.q) ?? "")
        } catch {
            throw ServerError(.badRequest, error.message)
        }
    }

    /// The facets of the photos found, for the page's chips, once the index is as current as
    /// the results' listing makes it (the page asks for both at once).
    private func facets(_ request: Request) async throws -> API.SearchFacets {
        let query = try Self.query(request)
        await sources.updateSearchIndex()
        do {
            return API.SearchFacets(facets: try search.facets(query))
        } catch {
            throw ServerError.converted(error, redacting: sources.privatePaths)
        }
    }

    /// Where the geotagged photos found were taken, once the index is as current as the
    /// results' listing makes it; `limit` (at most ``pointLimit``) for fewer.
    private func points(_ request: Request) async throws -> Response {
        let query = try Self.query(request)
        let limit = try request.query(.limit, in: 1...Self.pointLimit) ?? Self.pointLimit
        await sources.updateSearchIndex()
        let points: API.SearchPoints
        do {
            points = try search.points(query, limit: limit)
        } catch {
            throw ServerError.converted(error, redacting: sources.privatePaths)
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: points.json)))
    }

    /// The photos found; 400 with what to write instead for a query that cannot be read.
    private func results(_ request: Request) throws -> API.SearchResults {
        let query = try Self.query(request)
        let limit = try request.query(.limit, in: 1...Self.limits.maximum) ?? Self.limits.standard
        do {
            return try search.search(query, limit: limit)
        } catch {
            throw ServerError.converted(error, redacting: sources.privatePaths)
        }
    }
}

extension API.SearchResults: ResponseEncodable {}
extension API.SearchFacets: ResponseEncodable {}
