/// String operations on slash-separated paths, without the cost of building URLs.
enum FilePath {
    /// The folder part of `path`: `"/a/b.jpg"` gives `"/a"`, `"b.jpg"` gives `"."`.
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`: `"/a/b.jpg"` gives `"b.jpg"`.
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
