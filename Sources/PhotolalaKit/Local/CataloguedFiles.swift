/// What a reconcile compares a folder with: each catalogued file's name, size and time.
///
/// A reconcile waits until the thumbnails asked for are made, which while a user browses can
/// be minutes; holding the loaded catalog meanwhile would keep every row, each with an MD5 of
/// its own on the heap (a million rows are some 170 MB), where these facts take a fifth of that.
/// The catalog is read again only when the folder turned out to differ from it.
struct CataloguedFiles: Sendable {
    /// One catalogued file, as its catalog row records it.
    struct File: Sendable {
        let name: String
        let size: Int64
        /// Whole seconds, as the catalog keeps them.
        let modified: Int64
    }

    /// The catalog's identity, which names a network folder's cached listing.
    let directoryUUID: String
    let files: [File]

    init(_ loaded: LoadedCatalog) {
        directoryUUID = loaded.manifest.directoryUUID
        files = loaded.entries.map { File(name: $0.filename, size: $0.size, modified: $0.modified) }
    }
}
