/// Where the search index keeps a source's photos, and how a photo it found is shown by the
/// source: the folder and item a browser asks the source for.
public struct SearchScope: Sendable, Hashable {
    public var kind: SearchQuery.SourceKind
    /// The folder tree's root, the library's path, the synced catalog's name.
    public var root: String

    public init(kind: SearchQuery.SourceKind, root: String) {
        self.kind = kind
        self.root = root
    }
}

/// A photo found by search, as its source shows it.
public struct SearchReference: Sendable, Equatable {
    public var folder: String
    public var item: PhotoItem.ID

    public init(folder: String, item: PhotoItem.ID) {
        self.folder = folder
        self.item = item
    }
}
