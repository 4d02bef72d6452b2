extension PhotolalaDatabase {
    /// MD5s as one JSON array, for a query that reads them with `json_each(?)`: SQLite limits
    /// how many values can be bound, and a list of a million is one value this way. A string
    /// that is not hex (quotes, brackets) is sent as `""`, which matches nothing, in its place.
    static func jsonArgument(md5s: [String]) -> String {
        "[\"" + md5s.map { $0.utf8.allSatisfy { CatalogEntry.hexValue($0) != nil } ? $0 : "" }.joined(separator: "\",\"") + "\"]"
    }
}
