/// The star queue at a glance, as `backup status --json` prints it and the UI's status bar
/// shows it: photos per state, plus bytes and speed of the run in progress.
public struct BackupQueueStatus: Sendable, Equatable, Codable {
    public var queued = 0
    public var uploading = 0
    public var done = 0
    public var failed = 0
    public var bytesUploaded: Int64 = 0
    public var bytesTotal: Int64 = 0
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
}
