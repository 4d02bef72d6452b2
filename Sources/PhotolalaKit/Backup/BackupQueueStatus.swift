/// The star queue at a glance, as `backup status --json` prints it and the UI's status bar
/// shows it: photos and bytes per state, plus the progress of the run going on.
public struct BackupQueueStatus: Sendable, Equatable, Codable {
    public var queued = 0
    public var uploading = 0
    public var done = 0
    public var failed = 0
    /// Of ``bytesTotal``, the bytes the store holds: the photos done, plus each other photo's
    /// original or multipart parts verified in the bucket (``BackupQueueEntry/storedBytes``),
    /// from the database, so every process, and one after a killed run, counts the same.
    public var bytesUploaded: Int64 = 0
    /// The size of the originals in the queue, whatever their state.
    public var bytesTotal: Int64 = 0
    /// The current (or last) run's ``BackupProgress/bytesUploaded``, for its progress bar.
    public var runBytesUploaded: Int64 = 0
    /// The current (or last) run's ``BackupProgress/bytesTotal``.
    public var runBytesTotal: Int64 = 0
    /// The current (or last) run's upload speed.
    public var bytesPerSecond: Double = 0
    public var secondsRemaining: Double?
    /// Photos finished and planned in the current (or last) run, for "Backing up 3 of 10 photos".
    public var photosDone = 0
    public var photosTotal = 0

    public init() {}
}

/// Where one starred photo is, with the badge the browser shows for it.
public enum BackupState: String, Sendable, Codable, CaseIterable {
    case starred
    case uploading
    case backedUp
    case failed

    /// ⭐ starred, ⬆️ uploading, ☁️ backed up, ❌ failed.
    public var badge: String {
        switch self {
        case .starred: "⭐"
        case .uploading: "⬆️"
        case .backedUp: "☁️"
        case .failed: "❌"
        }
    }
}

/// One photo in the star queue.
public struct BackupQueueEntry: Sendable, Equatable {
    public var md5: String
    /// Where it was when starred; read again at upload.
    public var path: String
    /// The name it was starred under, when not the file's own (an Apple Photos original).
    public var filename: String?
    /// The Apple Photos asset it is the original of, when starred in a library.
    public var applePhotoID: String?
    public var size: Int64
    public var state: BackupState
    /// Why it failed, for ``BackupState/failed``.
    public var reason: String?
    /// How many bytes of its original the store holds: verified parts of a multipart upload,
    /// or the whole once it is verified there (also when found stored by an earlier run).
    public var storedBytes: Int64 = 0
}
