import Hummingbird

/// Guards every request: the Host header must name the bound address (so a hostile page
/// cannot reach the server through DNS rebinding), the access token must be presented when one
/// is set, and requests that change state must carry the token or come from the same origin.
struct AccessGuard<Context: RequestContext>: RouterMiddleware {
    static var cookieName: String { "photolala_token" }

    /// Host names the Host header may hold (its port is not checked: a rebinding attack
    /// controls the name, not the port); `nil` accepts any (a wildcard bind, which always has a
    /// token).
    let allowedHosts: Set<String>?
    let token: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let host = request.head.authority ?? ""
        if let allowedHosts, !allowedHosts.contains(Self.hostName(host)) {
            throw ServerError(.forbidden, "Host '\(host)' is not this server; open the address photolala serve printed.")
        }
        let offered = request.uri.queryParameters.get("token")
        let presented = offered ?? request.cookies[Self.cookieName]?.value ?? bearer(request)
        let hasToken = token.map { expected in presented.map { constantTimeEqual($0, expected) } ?? false } ?? false
        if token != nil && !hasToken {
            throw ServerError(.unauthorized, "This server needs its access token: open the URL with ?token= that photolala serve printed.")
        }
        if ![.get, .head, .options].contains(request.method) && !hasToken {
            let origin = request.headers[.origin]
            guard let origin, origin == "http://" + host else {
                throw ServerError(.forbidden, "Changes are accepted from this server's own pages only.")
            }
        }
        var response = try await next(request, context)
        if let offered, hasToken,
            let cookie = try? Cookie.validated(name: Self.cookieName, value: offered, path: "/", httpOnly: true, sameSite: .strict)
        {
            response.setCookie(cookie)
        }
        return response
    }

    /// `example.com:8080` → `example.com`, `[::1]:8080` → `::1`, lowercased.
    static func hostName(_ authority: String) -> String {
        let lowered = authority.lowercased()
        if lowered.hasPrefix("["), let end = lowered.firstIndex(of: "]") {
            return String(lowered[lowered.index(after: lowered.startIndex)..<end])
        }
        return String(lowered.split(separator: ":", maxSplits: 1).first ?? "")
    }

    private func bearer(_ request: Request) -> String? {
        guard let value = request.headers[.authorization], value.hasPrefix("Bearer ") else { return nil }
        return String(value.dropFirst(7))
    }

    /// Compares without an early exit, so timing does not reveal how much of a guess was right.
    private func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        var difference = a.count ^ b.count
        for index in 0..<max(a.count, b.count) {
            difference |= Int((index < a.count ? a[index] : 0) ^ (index < b.count ? b[index] : 0))
        }
        return difference == 0
    }
}
