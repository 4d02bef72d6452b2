/// How far a backup run is: photos, bytes, speed and time left, for the CLI's progress bar
/// and the UI's status bar (seed 002's BackupStatusManager).
public struct BackupProgress: Sendable, Equatable, Codable {
    public var photosTotal = 0
    /// Uploaded, or already in the cloud.
    public var photosDone = 0
    /// Of ``photosDone``, those that were in the cloud already.
    public var photosSkipped = 0
    public var photosFailed = 0
    /// Bytes of the originals this run must upload. Thumbnails and metadata plists, a few
    /// kilobytes each, are not counted here (the quota check estimates them).
    public var bytesTotal: Int64 = 0
    /// Of ``bytesTotal``, those stored: sent by this run, or parts of a multipart upload an
    /// earlier run left, which this one resumes.
    public var bytesUploaded: Int64 = 0
    /// Average upload throughput since the run started, of the bytes this run sent.
    public var bytesPerSecond: Double = 0
    /// At that throughput; `nil` until something was uploaded.
    public var secondsRemaining: Double?

    public init() {}
}

/// Collects progress from concurrent uploads and reports each change.
actor BackupProgressTracker {
    private var progress = BackupProgress()
    /// Bytes stored by an earlier run (resumed parts): not sent now, so not part of the speed.
    private var resumedBytes: Int64 = 0
    private let started = ContinuousClock.now
    private let report: @Sendable (BackupProgress) -> Void

    init(report: @escaping @Sendable (BackupProgress) -> Void) {
        self.report = report
    }

    func start(photos: Int, bytes: Int64) {
        progress.photosTotal = photos
        progress.bytesTotal = bytes
        report(progress)
    }

    /// Bytes this run sent.
    func uploaded(_ bytes: Int64) {
        progress.bytesUploaded += bytes
        update()
    }

    /// Bytes an earlier run stored, found when resuming its multipart upload.
    func resumed(_ bytes: Int64) {
        progress.bytesUploaded += bytes
        resumedBytes += bytes
        update()
    }

    private func update() {
        let elapsed = ContinuousClock.now - started
        let seconds = elapsed.inSeconds
        progress.bytesPerSecond = seconds > 0 ? Double(progress.bytesUploaded - resumedBytes) / seconds : 0
        progress.secondsRemaining =
            progress.bytesPerSecond > 0 ? Double(max(0, progress.bytesTotal - progress.bytesUploaded)) / progress.bytesPerSecond : nil
        report(progress)
    }

    func finished(skipped: Bool) {
        progress.photosDone += 1
        if skipped {
            progress.photosSkipped += 1
        }
        report(progress)
    }

    func failed() {
        progress.photosFailed += 1
        report(progress)
    }

    var current: BackupProgress { progress }
}
