/// Which way a browser orders photos by date; the raw values are the web UI's sort names.
/// A source that can read its first photos in either order through an index gives a browser the
/// top of a big folder before its whole listing (``FolderListing/firstPhotos(in:limit:)``).
public enum DateOrder: String, Sendable {
    /// Oldest first, undated photos last.
    case oldestFirst = "date-asc"
    /// Newest first, undated photos first.
    case newestFirst = "date-desc"
}
