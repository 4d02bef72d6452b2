import Foundation
public import Logging
public import ServiceLifecycle

/// The star-based backup queue (seed 002's BackupQueueManager and BackupStatusManager): photos
/// starred from any source wait in the database (``BackupQueueStore``); after a quiet period
/// with no star or unstar (10 minutes, 3 with debug timing) the queue uploads itself.
///
/// It is a `Service`: `photolala serve` runs it beside its other services, so a queue left by
/// an earlier run, or starred from the command line, uploads too, and its timer stops on
/// graceful shutdown. Every change of the queue, a run's progress included, is told in order
/// on ``statuses``. The timer reads an injected clock, so tests move time by hand.
///
/// ```swift
/// let queue = BackupQueue(database: engine.database, identities: engine.identities, service: service)
/// try await queue.star("/photos/IMG_0001.JPG")
/// try await queue.runNow()
/// ```
public actor BackupQueue: Service {
    /// The production quiet period.
    public static let standardInactivity: Duration = .seconds(600)
    /// The quiet period with `--debug-timing`.
    public static let debugInactivity: Duration = .seconds(180)

    /// The queue as it persists, for parts that read its states (``BackupLookup``).
    public nonisolated let store: BackupQueueStore
    /// Gives the MD5 of a file unchanged since it was read (a thumbnail, a catalog build)
    /// without reading it again.
    let identities: IdentityIndex
    /// Asked for the uploader at each run: the server's changes when its cloud settings are saved.
    private let uploader: @Sendable () -> BackupService?
    let inactivity: Duration
    /// The injected clock, read as the time since the queue was made.
    let stopwatch: Stopwatch
    /// Where runs that fail in the background, and a queue that cannot be read, are told.
    let logger: Logger
    /// The queue's statuses, in the order of its changes: one at each star, unstar, retry,
    /// change of state and progress of a run. The newest 16 wait for a slow reader. For one
    /// reader (the server's `backup` events, the CLI's progress bar); it ends when the
    /// service stops.
    public nonisolated let statuses: AsyncStream<BackupQueueStatus>
    private let statusSink: AsyncStream<BackupQueueStatus>.Continuation
    /// When (on the stopwatch) this queue last starred, unstarred or ran, or saw another
    /// process star: the quiet period counts from it.
    var lastChange: Duration = .zero
    /// The newest star the queue has seen in the database, to tell the stars of other processes.
    var newestStarSeen: Date?
    /// Wakes the timer when it should look again before its deadline (an uploader set).
    var nap: Task<Void, Never>?
    private var running: Task<BackupService.Report, any Error>?
    /// The run going on, or the last one.
    var progress = BackupProgress()
    /// How the last run of this process ended; `nil` before the first.
    public internal(set) var lastRun: BackupRunOutcome?

    /// - Parameters:
    ///   - database: Where the queue persists.
    ///   - identities: Gives the MD5 of files read before, so starring them reads nothing.
    ///   - service: The uploader; `nil` when no cloud is configured (starring still works).
    ///   - inactivity: How long after the last change the queue uploads by itself.
    ///   - clock: What the quiet period is measured on.
    ///   - logger: Where background runs' failures are logged.
    public init(
        database: PhotolalaDatabase, identities: IdentityIndex, service: BackupService?, inactivity: Duration = standardInactivity,
        clock: any Clock<Duration> = ContinuousClock(), logger: Logger = Logger(label: "photolala.backup")
    ) {
        self.init(database: database, identities: identities, uploader: { service }, inactivity: inactivity, clock: clock, logger: logger)
    }

    /// A queue whose uploader can change while it runs (the server's, when its cloud settings
    /// are saved from the web UI); call ``uploaderChanged()`` after each change.
    /// - Parameters:
    ///   - database: Where the queue persists.
    ///   - identities: Gives the MD5 of files read before, so starring them reads nothing.
    ///   - uploader: Gives the uploader of the moment; `nil` while no cloud is configured.
    ///   - inactivity: How long after the last change the queue uploads by itself.
    ///   - clock: What the quiet period is measured on.
    ///   - logger: Where background runs' failures are logged.
    public init(
        database: PhotolalaDatabase, identities: IdentityIndex, uploader: @escaping @Sendable () -> BackupService?,
        inactivity: Duration = standardInactivity, clock: any Clock<Duration> = ContinuousClock(), logger: Logger = Logger(label: "photolala.backup")
    ) {
        self.store = BackupQueueStore(database: database)
        self.identities = identities
        self.uploader = uploader
        self.inactivity = inactivity
        self.stopwatch = Stopwatch(clock: clock)
        self.logger = logger
        (statuses, statusSink) = AsyncStream.makeStream(of: BackupQueueStatus.self, bufferingPolicy: .bufferingNewest(16))
    }

    /// The uploader of this moment.
    var service: BackupService? { uploader() }

    /// Stars the photo at `path`. A photo starred again after its backup is queued again: the
    /// run asks the store first, so it costs a HEAD if the copy is still there, and re-uploads
    /// it if the bucket or user changed or the copy was deleted.
    /// - Parameters:
    ///   - path: The photo's file.
    ///   - filename: The name the backup records, when not the file's own: an Apple Photos
    ///     original is stored under its asset's uuid but is `IMG_0001.HEIC` to its owner.
    ///   - applePhotoID: The Apple Photos asset the file is the original of, for the cloud
    ///     catalog's `applephotoid`.
    /// - Returns: Its MD5.
    /// - Throws: ``BackupError/notAPhoto`` when neither the file's content nor its name is a
    ///   photo's; ``PhotolalaError`` when the file cannot be read or the database fails.
    @discardableResult
    public func star(_ path: String, filename: String? = nil, applePhotoID: String? = nil) async throws -> String {
        try await star([path], filenames: filename.map { [path: $0] } ?? [:], applePhotoIDs: applePhotoID.map { [path: $0] } ?? [:])[0].get()
    }

    /// Stars many photos at once (a selection of thousands), written in one transaction and
    /// announced once. Each photo's MD5 comes from the identity index, so a photo unchanged
    /// since it was read (its thumbnail made, its folder catalogued) is not read at all; the
    /// others are hashed four at a time, and recorded there.
    /// - Parameters:
    ///   - paths: The photos' files.
    ///   - filenames: The names to record, by path, for files not named as their owner sees them.
    ///   - applePhotoIDs: The Apple Photos asset uuids, by path, of library originals.
    /// - Returns: For each path, in order, its MD5 or why it could not be starred.
    public func star(_ paths: [String], filenames: [String: String] = [:], applePhotoIDs: [String: String] = [:]) async -> [Result<String, any Error>]
    {
        let identities = identities
        let identified: [Result<BackupQueueStore.Star, any Error>]
        do {
            identified = try await concurrently(paths, limit: 4) { path in
                do {
                    return .success(
                        try await offload {
                            let status = try FileStatus(path: path)
                            // A damaged photo is backed up as it is; a file that is no photo at all
                            // is refused now rather than fail at upload. A photo's name is enough.
                            guard try ImageFormat(name: path) != nil || ImageFormat(sniffing: PhotoFileReader.head(of: path)) != nil else {
                                throw BackupError.notAPhoto(path)
                            }
                            return BackupQueueStore.Star(
                                md5: try identities.md5(ofFileAt: path), path: path, filename: filenames[path], applePhotoID: applePhotoIDs[path],
                                size: status.size)
                        })
                } catch {
                    return .failure(error)
                }
            }
        } catch {
            return paths.map { _ in .failure(error) }
        }
        let now = Date()
        do {
            try store.star(identified.compactMap { try? $0.get() }, at: now)
        } catch {
            return paths.map { _ in .failure(error) }
        }
        noteOwnStars()
        changed()
        return identified.map { $0.map(\.md5) }
    }

    /// Every photo in the queue, oldest star first.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func entries() throws -> [BackupQueueEntry] {
        try store.entries()
    }

    /// The queue entry for `md5`, for its badge; `nil` when it is not starred.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func entry(md5: String) throws -> BackupQueueEntry? {
        try store.entry(md5: md5)
    }

    /// Counts and bytes per state, with the progress of a run going on in this process.
    ///
    /// `bytesTotal` is the size of the originals in the queue and `bytesUploaded` that of those
    /// backed up plus what the store holds of the others (recorded as each original or part is
    /// verified, and as a run finds originals already stored): the same figures
    /// `backup status --json` prints from another process, also after a run that was killed.
    /// The run's own bytes, speed and time left are the `run…` fields.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func status() throws -> BackupQueueStatus {
        var status = BackupQueueStatus()
        for (state, total) in try store.totals() {
            status.bytesTotal += total.bytes
            switch state {
            case .starred:
                status.queued += total.count
                status.bytesUploaded += total.stored
            case .uploading:
                status.uploading += total.count
                status.bytesUploaded += total.stored
            case .backedUp:
                status.done += total.count
                status.bytesUploaded += total.bytes
            case .failed:
                status.failed += total.count
                status.bytesUploaded += total.stored
            }
        }
        status.runBytesUploaded = progress.bytesUploaded
        status.runBytesTotal = progress.bytesTotal
        status.bytesPerSecond = progress.bytesPerSecond
        status.secondsRemaining = progress.secondsRemaining
        status.photosDone = progress.photosDone + progress.photosFailed
        status.photosTotal = progress.photosTotal
        return status
    }

    /// Remembers this process's newest star as the database holds it, so the timer does not
    /// take it for another process's and restart the quiet period: the database keeps dates to
    /// the millisecond, rounded, so the `Date` the star was written with may be a little older.
    func noteOwnStars() {
        do {
            if let newest = try store.newestStar() {
                newestStarSeen = max(newestStarSeen ?? newest, newest)
            }
        } catch {
            logger.error("The backup queue could not be read after a star.", metadata: ["error": .error(error)])
        }
    }

    /// A star, unstar or retry: publish, and restart the quiet period.
    func changed() {
        lastChange = stopwatch.elapsed
        publish()
    }

    /// Tells the current status on ``statuses``; a database that cannot be read is logged.
    func publish() {
        do {
            statusSink.yield(try status())
        } catch {
            logger.error("The backup queue's status could not be read.", metadata: ["error": .error(error)])
        }
    }

    /// Ends ``statuses``, when the service stops.
    func finishStatuses() {
        statusSink.finish()
    }

    /// Uploads the starred (and earlier failed) photos now; waits for a run already going.
    /// - Throws: ``BackupError`` or ``ObjectStoreError`` when the run as a whole fails (quota,
    ///   credentials); the photos are then marked failed with that reason.
    @discardableResult
    public func runNow() async throws -> BackupService.Report {
        if let running {
            return try await running.value
        }
        let task = Task { try await self.upload() }
        running = task
        defer {
            running = nil
            // Photos starred while this run went on wait for a quiet period after it.
            lastChange = stopwatch.elapsed
        }
        return try await task.value
    }
}
