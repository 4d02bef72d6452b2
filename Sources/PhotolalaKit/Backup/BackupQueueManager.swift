import Foundation
import GRDB
public import Logging
import PhotolalaS3

/// The star-based backup queue (seed 002's BackupQueueManager and BackupStatusManager): photos
/// starred from any source wait in the database; after a quiet period with no star or unstar
/// (10 minutes, 3 with debug timing, seconds in tests) the queue uploads itself, publishing
/// progress to every subscriber. The server calls ``start()`` at launch, so a queue left by an
/// earlier run or starred from the command line uploads too.
public actor BackupQueueManager {
    /// The production quiet period.
    public static let standardInactivity: Duration = .seconds(600)
    /// The quiet period with `--debug-timing`.
    public static let debugInactivity: Duration = .seconds(180)

    let database: PhotolalaDatabase
    /// Asked for the uploader at each run and each star: the server's changes when its cloud
    /// settings are saved.
    private let uploader: @Sendable () -> BackupService?
    let inactivity: Duration
    /// Where runs that fail in the background, and a queue that cannot be read, are told.
    let logger: Logger
    /// Waits for the quiet period's end; see ``watch()``.
    private var watcher: Task<Void, Never>?
    /// Whether the watch goes on with an empty queue, for photos another process stars.
    private var watchesOtherProcesses = false
    /// When this process last starred, unstarred or ran: the quiet period counts from it too.
    private var lastChange: Date?
    private var running: Task<BackupService.Report, any Error>?
    /// Whether a run's uploads are under way (its progress updates are then taken).
    private var isUploading = false
    /// The run going on, or the last one.
    private var progress = BackupProgress()
    private var subscribers: [UUID: AsyncStream<BackupQueueStatus>.Continuation] = [:]
    /// How the last run of this process ended; `nil` before the first.
    public private(set) var lastRun: BackupRunOutcome?

    /// - Parameters:
    ///   - database: Where the queue persists.
    ///   - service: The uploader; `nil` when no cloud is configured (starring still works).
    ///   - inactivity: How long after the last change the queue uploads by itself.
    ///   - logger: Where background runs' failures are logged.
    public init(
        database: PhotolalaDatabase, service: BackupService?, inactivity: Duration = standardInactivity,
        logger: Logger = Logger(label: "photolala.backup")
    ) {
        self.init(database: database, uploader: { service }, inactivity: inactivity, logger: logger)
    }

    /// A queue whose uploader can change while it runs (the server's, when its cloud settings
    /// are saved from the web UI); call ``uploaderChanged()`` after each change.
    /// - Parameters:
    ///   - database: Where the queue persists.
    ///   - uploader: Gives the uploader of the moment; `nil` while no cloud is configured.
    ///   - inactivity: How long after the last change the queue uploads by itself.
    ///   - logger: Where background runs' failures are logged.
    public init(
        database: PhotolalaDatabase, uploader: @escaping @Sendable () -> BackupService?, inactivity: Duration = standardInactivity,
        logger: Logger = Logger(label: "photolala.backup")
    ) {
        self.database = database
        self.uploader = uploader
        self.inactivity = inactivity
        self.logger = logger
    }

    /// The uploader of this moment.
    var service: BackupService? { uploader() }

    /// The uploader changed: photos starred while there was none start their quiet period now,
    /// as they would have after their star.
    public func uploaderChanged() {
        guard watchesOtherProcesses else { return }
        scheduleRun()
    }

    /// Stars the photo at `path`, computing its MD5. A photo starred again after its backup is
    /// queued again: the run asks the store first, so it costs a HEAD if the copy is still
    /// there, and re-uploads it if the bucket or user changed or the copy was deleted.
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

    /// Stars many photos at once (a selection of thousands): hashed four at a time, written in
    /// one transaction and announced once, where starring them one by one would announce, and
    /// count the whole queue, for each.
    /// - Parameters:
    ///   - paths: The photos' files.
    ///   - filenames: The names to record, by path, for files not named as their owner sees them.
    ///   - applePhotoIDs: The Apple Photos asset uuids, by path, of library originals.
    /// - Returns: For each path, in order, its MD5 or why it could not be starred.
    public func star(_ paths: [String], filenames: [String: String] = [:], applePhotoIDs: [String: String] = [:]) async -> [Result<String, any Error>]
    {
        let hashed: [Result<(md5: String, size: Int64), any Error>]
        do {
            hashed = try await concurrently(paths, limit: 4) { path in
                do {
                    return .success(
                        try await offload {
                            // A damaged photo is backed up as it is; a file that is no photo at all
                            // is refused now rather than fail at upload.
                            guard ImageFormat(sniffing: try PhotoFileReader.head(of: path), orName: path) != nil else {
                                throw BackupError.notAPhoto(path)
                            }
                            return (md5: try ContentHash.md5(ofFileAt: path), size: try FileStatus(path: path).size)
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
            try database.write { db in
                for (path, result) in zip(paths, hashed) {
                    guard case .success(let file) = result else { continue }
                    try db.execute(
                        sql: """
                            INSERT INTO backupQueue (md5, path, filename, applePhotoID, size, state, reason, starred, updated)
                            VALUES (?, ?, ?, ?, ?, 'starred', NULL, ?, ?)
                            ON CONFLICT(md5) DO UPDATE SET path = excluded.path, filename = excluded.filename,
                                applePhotoID = excluded.applePhotoID, size = excluded.size, updated = excluded.updated,
                                state = CASE WHEN state = 'uploading' THEN state ELSE 'starred' END,
                                reason = CASE WHEN state = 'uploading' THEN reason ELSE NULL END
                            """, arguments: [file.md5, path, filenames[path], applePhotoIDs[path], file.size, now, now])
                }
            }
        } catch {
            return paths.map { _ in .failure(error) }
        }
        changed()
        return hashed.map { $0.map(\.md5) }
    }

    /// Every photo in the queue, oldest star first.
    public func entries() throws -> [BackupQueueEntry] {
        try database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT md5, path, filename, applePhotoID, size, state, reason, storedBytes FROM backupQueue ORDER BY starred, md5"
            ).map(
                Self.entry)
        }
    }

    /// The queue entry for `md5`, for its badge; `nil` when it is not starred.
    public func entry(md5: String) throws -> BackupQueueEntry? {
        try database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT md5, path, filename, applePhotoID, size, state, reason, storedBytes FROM backupQueue WHERE md5 = ?", arguments: [md5]
            ).map(
                Self.entry)
        }
    }

    /// Counts and bytes per state, with the progress of a run going on in this process.
    ///
    /// `bytesTotal` is the size of the originals in the queue and `bytesUploaded` that of those
    /// backed up plus what the store holds of the others (recorded as each original or part is
    /// verified, and as a run finds originals already stored): the same figures
    /// `backup status --json` prints from another process, also after a run that was killed.
    /// The run's own bytes, speed and time left are the `run…` fields.
    public func status() throws -> BackupQueueStatus {
        var status = BackupQueueStatus()
        let rows = try database.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT state, COUNT(*) AS count, SUM(size) AS bytes, SUM(MIN(storedBytes, size)) AS stored
                    FROM backupQueue GROUP BY state
                    """)
        }
        for row in rows {
            let count: Int = row["count"]
            let bytes: Int64 = row["bytes"] ?? 0
            let stored: Int64 = row["stored"] ?? 0
            status.bytesTotal += bytes
            switch BackupState(rawValue: row["state"]) ?? .failed {
            case .starred:
                status.queued += count
                status.bytesUploaded += stored
            case .uploading:
                status.uploading += count
                status.bytesUploaded += stored
            case .backedUp:
                status.done += count
                status.bytesUploaded += bytes
            case .failed:
                status.failed += count
                status.bytesUploaded += stored
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

    /// A stream of statuses: the current one at once, then one per change, until the caller
    /// stops listening.
    public func statusUpdates() -> AsyncStream<BackupQueueStatus> {
        let (stream, continuation) = AsyncStream.makeStream(of: BackupQueueStatus.self, bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.unsubscribe(id) }
        }
        if let status = readStatus() {
            continuation.yield(status)
        }
        return stream
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
            lastChange = Date()
        }
        return try await task.value
    }

    /// Picks up where the last process left off, at server start: photos a crash left
    /// ``BackupState/uploading`` are queued again, and the quiet period starts, so photos
    /// already in the queue upload without waiting for another star. From then on the queue
    /// also notices photos starred by another process (`photolala backup star`), looking at
    /// the database once per quiet period.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func start() throws {
        try database.write { db in
            try db.execute(sql: "UPDATE backupQueue SET state = 'starred', reason = NULL, updated = ? WHERE state = 'uploading'", arguments: [Date()])
        }
        watchesOtherProcesses = true
        lastChange = Date()
        publish()
        scheduleRun()
    }

    /// Stops the quiet-period watch and ends every status stream, at shutdown.
    public func stop() {
        watcher?.cancel()
        watcher = nil
        for continuation in subscribers.values {
            continuation.finish()
        }
        subscribers = [:]
    }

    private func upload() async throws -> BackupService.Report {
        guard let service else { throw CloudConfigurationError.notConfigured }
        let pending = try entries().filter { $0.state != .backedUp }
        guard !pending.isEmpty else { return BackupService.Report() }
        try setState(.uploading, reason: nil, md5s: pending.map(\.md5))
        progress = BackupProgress()
        isUploading = true
        publish()
        do {
            let report = try await service.backUp(
                pending.map { BackupItem(path: $0.path, md5: $0.md5, size: $0.size, filename: $0.filename, applePhotoID: $0.applePhotoID) }
            ) {
                [weak self] progress in
                Task { await self?.record(progress) }
            }
            isUploading = false
            progress = report.progress
            if let catalogFailure = report.catalogFailure {
                // Stored but not listed: failed, so the next run finds them stored and lists them.
                try setState(.failed, reason: catalogFailure, md5s: report.uploaded + report.skipped)
            } else {
                try setState(.backedUp, reason: nil, md5s: report.uploaded + report.skipped)
            }
            for failure in report.failed {
                let md5s = failure.md5.map { [$0] } ?? pending.filter { $0.path == failure.path }.map(\.md5)
                try setState(.failed, reason: failure.reason, md5s: md5s)
            }
            var outcome = BackupRunOutcome(date: Date())
            outcome.uploaded = report.uploaded.count
            outcome.skipped = report.skipped.count
            outcome.failed = report.failed.count
            outcome.error = report.catalogFailure
            lastRun = outcome
            publish()
            return report
        } catch {
            isUploading = false
            // The run's failure is every photo's: it names no one photo's key.
            let reason = (error as? ObjectStoreError)?.messageWithoutKey ?? "\(error)"
            do {
                try setState(.failed, reason: "The backup run stopped: \(reason)", md5s: pending.map(\.md5))
            } catch let stateError {
                logger.error(
                    "The photos of a stopped backup run could not be marked failed; they show as uploading until the next start.",
                    metadata: ["photos": "\(pending.count)", "error": .error(stateError)])
            }
            var outcome = BackupRunOutcome(date: Date())
            outcome.failed = pending.count
            outcome.error = "The backup run stopped: \(reason)"
            lastRun = outcome
            publish()
            throw error
        }
    }

    /// A run's progress; updates that arrive after the run ended are dropped.
    private func record(_ progress: BackupProgress) {
        guard isUploading else { return }
        self.progress = progress
        publish()
    }

    /// A star or unstar: publish, and restart the quiet period.
    func changed() {
        lastChange = Date()
        publish()
        scheduleRun()
    }

    /// Starts the watch for the quiet period's end, unless it runs already or there is no
    /// uploader.
    private func scheduleRun() {
        guard service != nil, watcher == nil else { return }
        watcher = Task { await self.watch() }
    }

    /// Uploads the queue whenever a quiet period has passed since the newest star, whether
    /// it was made here or by another process (the database says when). Ends when nothing
    /// is starred, unless ``start()`` asked it to keep looking.
    private func watch() async {
        while !Task.isCancelled {
            let wait: Duration
            do {
                if let due = try nextRun() {
                    let remaining = due.timeIntervalSinceNow
                    if remaining <= 0 {
                        do {
                            let report = try await runNow()
                            if !report.failed.isEmpty || report.catalogFailure != nil {
                                logger.warning(
                                    "A backup run ended with failures; the backup panel lists them.",
                                    metadata: ["failed": "\(report.failed.count)", "catalog": "\(report.catalogFailure ?? "listed")"])
                            }
                        } catch {
                            logger.error("A backup run stopped.", metadata: ["error": .error(error)])
                        }
                        continue
                    }
                    wait = .milliseconds(Int64((remaining * 1000).rounded(.up)))
                } else if watchesOtherProcesses {
                    wait = inactivity
                } else {
                    watcher = nil
                    return
                }
            } catch {
                logger.error("The backup queue could not be read; trying again later.", metadata: ["error": .error(error)])
                wait = inactivity
            }
            do {
                try await Task.sleep(for: wait)
            } catch {
                return
            }
        }
    }

    /// When the queue uploads by itself: a quiet period after the newest star in the
    /// database or this process's last change or run; `nil` when nothing is starred.
    private func nextRun() throws -> Date? {
        let newest = try database.read { db in
            try Date.fetchOne(db, sql: "SELECT MAX(updated) FROM backupQueue WHERE state = ?", arguments: [BackupState.starred.rawValue])
        }
        guard let newest else { return nil }
        return max(newest, lastChange ?? newest).addingTimeInterval(inactivity.inSeconds)
    }

    private func publish() {
        guard let status = readStatus() else { return }
        for continuation in subscribers.values {
            continuation.yield(status)
        }
    }

    /// The status for subscribers; `nil`, logged, when the database cannot be read.
    private func readStatus() -> BackupQueueStatus? {
        do {
            return try status()
        } catch {
            logger.error("The backup queue's status could not be read.", metadata: ["error": .error(error)])
            return nil
        }
    }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }

    private func setState(_ state: BackupState, reason: String?, md5s: [String]) throws {
        try database.write { db in
            for md5 in md5s {
                try db.execute(
                    sql: "UPDATE backupQueue SET state = ?, reason = ?, updated = ? WHERE md5 = ?", arguments: [state.rawValue, reason, Date(), md5])
            }
        }
    }

    private static func entry(_ row: Row) -> BackupQueueEntry {
        BackupQueueEntry(
            md5: row["md5"], path: row["path"], filename: row["filename"], applePhotoID: row["applePhotoID"], size: row["size"],
            state: BackupState(rawValue: row["state"]) ?? .failed,
            reason: row["reason"], storedBytes: row["storedBytes"])
    }
}
