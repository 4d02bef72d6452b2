/// How far indexing a source is, and what it did.
public struct SearchIndexProgress: Sendable, Equatable {
    /// Photos found so far, and those of them indexed (read, or unchanged).
    public var found = 0
    public var done = 0
    /// Photos that were read because nothing was recorded of them.
    public var read = 0
    /// Photos put in the index because they are new or changed since it was last brought up
    /// to date, and photos taken out: what a search may now find differently.
    public var indexed = 0
    public var removed = 0
    /// What could not be indexed, and why: a photo that cannot be read, a library's missing
    /// table. The rest is indexed all the same.
    public var problems: [String] = []

    public init() {}
}
