#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// String operations on slash-separated paths, without the cost of building URLs.
package enum FilePath {
    /// The folder part of `path`: `"/a/b.jpg"` gives `"/a"`, `"b.jpg"` gives `"."`.
    package static func parent(of path: String) -> String {
        guard let slash = lastSlash(in: path) else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`: `"/a/b.jpg"` gives `"b.jpg"`.
    package static func name(of path: String) -> String {
        guard let slash = lastSlash(in: path) else { return path }
        return String(path[path.utf8.index(after: slash)...])
    }

    /// Found among the bytes rather than the characters: a listing asks for the names of
    /// 100,000 paths, and walking a string by characters costs several times more.
    private static func lastSlash(in path: String) -> String.Index? {
        path.utf8.lastIndex(of: UInt8(ascii: "/"))
    }

    /// The absolute path of what is at `path`, with every link followed; `nil` when nothing is
    /// there (`errno` says why).
    package static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether canonical `path` is the folder `root` (canonical too) or lies inside it.
    package static func isInside(_ path: String, root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }
}
