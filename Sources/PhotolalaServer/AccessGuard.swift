import Hummingbird

/// Guards every request: the Host header must name the server (so a hostile page cannot
/// reach it through DNS rebinding), the access token must be presented when one is set, and
/// requests that change state must come from the server's own pages.
///
/// A request without exactly one well-formed Host header is refused with 400, one naming
/// another host with 403; an absolute-form target's authority counts as its Host header (see
/// ``ConnectionGuard``).
///
/// A browser sends the token's cookie with every request to the server's host, a page of
/// another port of the same host included (SameSite counts hosts, not ports), so the cookie
/// proves nothing about which page sent a change. A changing request is therefore refused when
/// its `Origin` (or, without one, its `Sec-Fetch-Site`) names another origin, whatever carries
/// the token; one from no browser (neither header) must carry the token itself, in its query or
/// an `Authorization` header, which no other page can know.
struct AccessGuard<Context: RequestContext>: RouterMiddleware {
    static var cookieName: String { "photolala_token" }

    let allowedHosts: AllowedHosts
    let token: String?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // Hummingbird takes the first Host header as the authority and leaves any other among the fields.
        guard let host = request.head.authority, !request.headers.contains(where: { $0.name.canonicalName == "host" }) else {
            throw ServerError(.badRequest, "A request needs exactly one Host header, naming this server.")
        }
        guard let name = HostAddress.host(ofAuthority: host) else {
            throw ServerError(.badRequest, "The Host header is not a host name and port; open the address photolala serve printed.")
        }
        guard allowedHosts.allows(name) else {
            throw ServerError(.forbidden, "Host '\(name)' is not this server; open the address photolala serve printed.")
        }
        let offered = request.query(.token)
        let explicit = offered ?? bearer(request)
        let presented = explicit ?? request.cookies[Self.cookieName]?.value
        let hasToken = token.map { expected in presented.map { constantTimeEqual($0, expected) } ?? false } ?? false
        if token != nil && !hasToken {
            throw ServerError(.unauthorized, "This server needs its access token: open the URL with ?token= that photolala serve printed.")
        }
        if ![.get, .head, .options].contains(request.method) {
            try checkSender(of: request, host: host, carriesToken: hasToken && explicit != nil)
        }
        var response = try await next(request, context)
        if let offered, hasToken,
            let cookie = try? Cookie.validated(name: Self.cookieName, value: offered, path: "/", httpOnly: true, sameSite: .strict)
        {
            response.setCookie(cookie)
        }
        return response
    }

    /// Refuses a change sent by a page of another origin, or by no browser without the token in
    /// its query or `Authorization` header.
    private func checkSender(of request: Request, host: String, carriesToken: Bool) throws {
        let refusal = ServerError(.forbidden, "Changes are accepted from this server's own pages only.")
        if let origin = request.headers[.origin] {
            guard origin == "http://" + host || origin == "https://" + host else { throw refusal }
        } else if let site = request.headers.first(where: { $0.name.canonicalName == "sec-fetch-site" })?.value {
            guard site == "same-origin" else { throw refusal }
        } else if !carriesToken {
            throw refusal
        }
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
