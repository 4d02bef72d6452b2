import Foundation
import Hummingbird

@testable import PhotolalaServer

/// Requests made from the server's own router: every route and method, each with every query
/// parameter the server reads (``QueryParameter``) at the values that broke servers before
/// (integer extremes and overflows, negative numbers, malformed percent-encoding, invalid UTF-8,
/// huge and empty values), each path parameter replaced by hostile segments, hostile headers,
/// and for every changing route bodies of the wrong shape and the wrong content types. A route
/// or parameter added to the server is fuzzed without anyone listing it here.
struct RouteRequests {
    /// A route as the router describes it: its method and its path's segments, a capture as
    /// `{name}`.
    struct Route {
        let method: String
        let segments: [String]
    }

    let routes: [Route]

    init(_ router: Router<BasicRequestContext>) {
        routes = router.routes.map { Route(method: $0.method.rawValue, segments: $0.path.description.split(separator: "/").map(String.init)) }
    }

    /// Every request, in a fixed order.
    var all: [[UInt8]] {
        routes.flatMap(requests(for:))
    }

    // MARK: - Values

    /// Values of a path parameter that name what the served tree holds, by capture name.
    static let validSegments = ["source": "local-0", "folder": "~", "item": "~orientation6.jpg"]

    /// Values of query parameters and path segments that broke servers before.
    static let hostileValues: [String] = [
        "", "0", "-1", "1", "-9223372036854775808", "9223372036854775807", "9223372036854775808", "4611686018427387904",
        "99999999999999999999999", "1e9", "0x10", "NaN", "+1", "%20%31", "%", "%Z", "%ZZ", "%FF%FE", "%00", "%C0%AE%C0%AE", "%E2%80%AE",
        "%0D%0ASet-Cookie:%20x=1", "..", "%2e%2e%2f%2e%2e", "~%2F..%2Fetc", "true", "date-asc", String(repeating: "9", count: 4_000),
    ]

    /// Path segments beyond ``hostileValues``: ids of another source's shape and ids that are no
    /// one's.
    static let hostileSegments: [String] = [
        "local-9", "local-", "cloud", "apple-photos", "~", "~~", "~sub", "~.hidden.jpg", "~escape.jpg", "~..", "~.photolala", "Lw", "L2V0Yw",
        "~photo.heic", "*", "%2F", "~a%00b",
    ]

    /// Query strings whose parameters interact: a page far past the end, repeated parameters.
    static let hostileQueries: [String] = [
        "offset=1&limit=9223372036854775807", "offset=9223372036854775807&limit=9223372036854775807", "offset=-1&limit=-1",
        "limit=1&limit=-1&limit=9223372036854775807", "first=date-desc&limit=9223372036854775807", "search=&offset=-1",
        "first=date-asc&search=%", "&&&=&==", "token", String(repeating: "limit=1&", count: 2_000),
    ]

    /// Headers a page of another origin, a broken client or an attacker sends.
    static let hostileHeaders: [[String]] = [
        ["Origin: http://localhost:3000"], ["Origin: null"], ["Origin: http://evil.example", "Cookie: photolala_token=x"],
        ["Sec-Fetch-Site: cross-site"], ["Sec-Fetch-Site: same-site", "Cookie: photolala_token=x"], ["Content-Type: text/plain"],
        ["If-None-Match: \"" + String(repeating: "a", count: 6_000) + "\""], ["If-None-Match: *"], ["Range: bytes=-0,5-1,a-b"],
        ["Range: bytes=9223372036854775807-"], ["Range: bytes=0-9223372036854775808"], ["Photolala-Priority: \u{1}"],
        ["Accept: */*", "Accept-Encoding: gzip;q=9999999999999999999"], ["Authorization: Bearer " + String(repeating: "x", count: 4_000)],
    ]

    /// Bodies for changing routes: of the wrong shape, nested, malformed forms and JSON.
    static let hostileBodies: [[UInt8]] = [
        [], Array("null".utf8), Array("[]".utf8), Array("{}".utf8), Array("{\"ids\":[[[[".utf8), Array("ids=%".utf8), Array("ids=%ZZ".utf8),
        Array("ids=a b&ids=\"<>#".utf8), [0x69, 0x64, 0x73, 0x3D, 0xFF, 0xFE], Array("ids=~orientation6.jpg&ids=~photo.heic&ids=".utf8),
        Array("{\"ids\":[\"~orientation6.jpg\"],\"md5s\":[\"0\"],\"tier\":\"Bulk\",\"days\":9223372036854775807}".utf8),
        Array("{\"ids\":[],\"days\":-1,\"tier\":\"%\"}".utf8),
        Array((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8),
        Array("{\"source\":\"local-0\",\"folder\":\"~\",\"ids\":[\"~orientation6.jpg\"],\"starred\":true}".utf8),
    ]

    static let bodyTypes = ["application/json", "text/plain", "application/x-www-form-urlencoded", "application/json; charset=\u{7F}"]

    // MARK: - Requests

    private func requests(for route: Route) -> [[UInt8]] {
        let changing = !["GET", "HEAD"].contains(route.method)
        let base = path(route, replacing: nil, with: "")
        var requests: [[UInt8]] = []
        func send(_ target: String, headers: [String] = [], body: [UInt8]? = nil, contentType: String? = "application/json") {
            var all = ["Host: localhost"] + headers
            if changing && !headers.contains(where: { $0.hasPrefix("Origin:") || $0.hasPrefix("Sec-Fetch-Site:") }) {
                all.append("Origin: http://localhost")
            }
            if let contentType, changing, !headers.contains(where: { $0.hasPrefix("Content-Type:") }) {
                all.append("Content-Type: " + contentType)
            }
            requests.append(HostileRequests.request(target, method: route.method, headers: all, body: changing ? (body ?? []) : body))
        }
        for parameter in QueryParameter.allCases {
            for value in Self.hostileValues {
                send(base + "?" + parameter.rawValue + "=" + value)
            }
        }
        for query in Self.hostileQueries {
            send(base + "?" + query)
        }
        for (index, segment) in route.segments.enumerated() where segment.hasPrefix("{") {
            for value in Self.hostileValues + Self.hostileSegments {
                send(path(route, replacing: index, with: value))
            }
        }
        for headers in Self.hostileHeaders {
            send(base, headers: headers)
        }
        // Bytes that are no UTF-8, in the query and in the path.
        for target in [Array((base + "?limit=").utf8) + [0xFF, 0xFE], Array((base + "/").utf8) + [0xC0, 0xAE, 0x80]] {
            requests.append(Array("\(route.method) ".utf8) + target + Array(" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8))
        }
        // A method the route does not take, on its path.
        requests.append(HostileRequests.request(base, method: route.method == "GET" ? "DELETE" : "GET"))
        if changing {
            for body in Self.hostileBodies {
                for type in Self.bodyTypes {
                    send(base, body: body, contentType: type)
                }
            }
        }
        return requests
    }

    /// The route's path with every capture at its valid value, but the one at `index`.
    private func path(_ route: Route, replacing index: Int?, with value: String) -> String {
        "/"
            + route.segments.enumerated().map { position, segment in
                guard segment.hasPrefix("{") else { return segment }
                if position == index { return value }
                return Self.validSegments[String(segment.dropFirst().dropLast())] ?? "x"
            }.joined(separator: "/")
    }
}
