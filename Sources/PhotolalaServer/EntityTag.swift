import Hummingbird

/// Entity tags for conditional requests, compared as RFC 9110 §13.1.2 asks of `If-None-Match`:
/// weakly (a `W/` on either side is ignored), against a list of tags or `*` for any.
enum EntityTag {
    /// The header form of a tag: `"3a1b…"`.
    static func quoted(_ tag: String) -> String {
        "\"" + tag + "\""
    }

    /// Whether the request's `If-None-Match` fields name `tag`, so a 304 answers it.
    static func matches(_ request: Request, tag: String) -> Bool {
        request.headers[values: .ifNoneMatch].contains { matches(field: $0, tag: tag) }
    }

    /// Whether one `If-None-Match` value (`*`, or tags separated by commas) names `tag`.
    static func matches(field: String, tag: String) -> Bool {
        var rest = Substring(field)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "," }
            if rest.isEmpty { return false }
            if rest.hasPrefix("*") { return true }
            if rest.hasPrefix("W/") { rest = rest.dropFirst(2) }
            guard rest.hasPrefix("\""), let end = rest.dropFirst().firstIndex(of: "\"") else { return false }
            if rest[rest.index(after: rest.startIndex)..<end] == tag { return true }
            rest = rest[rest.index(after: end)...]
        }
    }
}
