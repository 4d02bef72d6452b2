/// The names of the events `/api/events` sends, one for each kind of payload, so the server and
/// the page's `event-stream.js` agree on a closed list rather than on strings typed twice.
enum EventName: String, Sendable, CaseIterable {
    /// A folder session's listing count (``API/Listing``).
    case listing
    /// Rows added, removed or updated in an open folder (``API/Change``).
    case change
    /// An open folder's subfolders (``API/FolderEvent``).
    case folder
    /// An open folder's session ended (``API/FolderEvent``).
    case closed
    /// The backup queue's status.
    case backup
    /// A verification of the backup started from the panel (``API/Verification``).
    case verify
    /// A cloud catalog sync's progress.
    case cloudSync = "cloud-sync"
    /// Backup badges of an open folder are ready to be read again (``API/Listing``).
    case badges
    /// Restores from Deep Archive (``API/Restores``).
    case restore
    /// The sources list changed (``API/Sources``).
    case sources
    /// The search index being brought up to date for a search, a timeline or a view
    /// (``API/Indexing``).
    case indexing
    /// Albums were made, renamed, deleted or given photos, here or by a sync (``API/Albums``).
    case albums
}
