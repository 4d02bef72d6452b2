/// One folder's photos as a folder session lists and follows them: a first listing, then the
/// changes, with what is needed to look again (a folder to watch, a refresh).
public protocol FolderListing: Sendable {
    /// The photos with the facts browsers sort and group by, a first batch as soon as possible.
    func listFolder() -> AsyncThrowingStream<[ListedPhoto], any Error>

    /// The first `limit` photos in `order`, when the source can read them well before its whole
    /// listing (Photos' creation-date index gives them in milliseconds where listing a million
    /// assets takes seconds), for a browser to show the top of the folder meanwhile; `nil` when
    /// it cannot. The listing still brings them, in its own order.
    /// - Throws: when the source cannot be read (an Apple Photos database).
    func firstPhotos(in order: DateOrder, limit: Int) async throws -> [ListedPhoto]?

    /// Items added, removed or changed after the listing.
    func changes() -> AsyncStream<PhotoSourceChange>

    /// The listing facts of items announced as added or changed; items gone meanwhile are left out.
    /// - Throws: when the source cannot be read (an Apple Photos database).
    func listedPhotos(for items: [PhotoItem]) throws -> [ListedPhoto]

    /// How ``FilePairing`` folds the rows, files, into items, which a session does again as
    /// files come and go; `nil` when each row is an item already (an Apple Photos asset comes
    /// with its RAW and its Live Photo movie).
    var pairing: FilePairing.Rule? { get }

    /// The folder on disk to watch for changes, or `nil` when nothing needs watching.
    var watchedPath: String? { get }

    /// Looks again for changes, which ``changes()`` then announces.
    func refresh() async throws

    /// Waits until background work started by the listing has finished.
    func settle() async

    /// Folders holding the listing's catalog, which another process may write (they are hidden
    /// from the listing, so watching the folder does not see them change).
    var catalogDirectories: [String] { get }

    /// Looks again at the listing's catalog; when another process wrote it, ``changes()``
    /// announces the photos whose facts it gives.
    func refreshCatalog()
}

extension FolderListing {
    public func firstPhotos(in order: DateOrder, limit: Int) async throws -> [ListedPhoto]? {
        nil
    }

    public var pairing: FilePairing.Rule? { nil }

    public var catalogDirectories: [String] { [] }

    public func refreshCatalog() {}
}
