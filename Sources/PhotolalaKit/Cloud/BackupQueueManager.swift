import Foundation
import GRDB

/// The star-based backup queue (seed 002's BackupQueueManager and BackupStatusManager): photos
/// starred from any source wait in the database; after a quiet period with no star or unstar
/// (10 minutes, 3 with debug timing, seconds in tests) the queue uploads itself, publishing
/// progress to every subscriber.
public actor BackupQueueManager {
    /// The production quiet period.
    public static let standardInactivity: Duration = .seconds(600)
    /// The quiet period with `--debug-timing`.
    public static let debugInactivity: Duration = .seconds(180)

    let database: PhotolalaDatabase
    let service: BackupService?
    let inactivity: Duration
    private var timer: Task<Void, Never>?
    private var running: Task<BackupService.Report, any Error>?
    private var progress = BackupProgress()
    private var subscribers: [UUID: AsyncStream<BackupQueueStatus>.Continuation] = [:]

    /// - Parameters:
    ///   - database: Where the queue persists.
    ///   - service: The uploader; `nil` when no cloud is configured (starring still works).
    ///   - inactivity: How long after the last change the queue uploads by itself.
    public init(database: PhotolalaDatabase, service: BackupService?, inactivity: Duration = standardInactivity) {
        self.database = database
        self.service = service
        self.inactivity = inactivity
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
    /// - Throws: ``PhotolalaError`` when the file cannot be read or the database fails.
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
                    return .success(try await offload { (md5: try ContentHash.md5(ofFileAt: path), size: try FileStatus(path: path).size) })
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

    /// Takes a photo off the queue by MD5; its cloud copy, if any, stays.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func unstar(md5: String) throws {
        try database.write { db in
            try db.execute(sql: "DELETE FROM backupQueue WHERE md5 = ?", arguments: [md5.lowercased()])
        }
        changed()
    }

    /// Takes the photo at `path` off the queue.
    /// - Returns: Its MD5.
    @discardableResult
    public func unstar(_ path: String) async throws -> String {
        try await unstar([path])[0].get()
    }

    /// Takes many photos off the queue, hashed four at a time and announced once.
    /// - Returns: For each path, in order, its MD5 or why it could not be unstarred.
    public func unstar(_ paths: [String]) async -> [Result<String, any Error>] {
        let hashed: [Result<String, any Error>]
        do {
            hashed = try await concurrently(paths, limit: 4) { path in
                do {
                    return .success(try await offload { try ContentHash.md5(ofFileAt: path) })
                } catch {
                    return .failure(error)
                }
            }
            try database.write { db in
                for case .success(let md5) in hashed {
                    try db.execute(sql: "DELETE FROM backupQueue WHERE md5 = ?", arguments: [md5])
                }
            }
        } catch {
            return paths.map { _ in .failure(error) }
        }
        changed()
        return hashed
    }

    /// Every photo in the queue, oldest star first.
    public func entries() throws -> [BackupQueueEntry] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT md5, path, filename, applePhotoID, size, state, reason FROM backupQueue ORDER BY starred, md5").map(
                Self.entry)
        }
    }

    /// The queue entry for `md5`, for its badge; `nil` when it is not starred.
    public func entry(md5: String) throws -> BackupQueueEntry? {
        try database.read { db in
            try Row.fetchOne(
                db, sql: "SELECT md5, path, filename, applePhotoID, size, state, reason FROM backupQueue WHERE md5 = ?", arguments: [md5]
            ).map(
                Self.entry)
        }
    }

    /// Counts per state and the current run's bytes and speed.
    public func status() throws -> BackupQueueStatus {
        var status = BackupQueueStatus()
        let counts = try database.read { db in
            try Row.fetchAll(db, sql: "SELECT state, COUNT(*) AS count FROM backupQueue GROUP BY state").map { row in
                (BackupState(rawValue: row["state"]) ?? .failed, row["count"] as Int)
            }
        }
        for (state, count) in counts {
            switch state {
            case .starred: status.queued += count
            case .uploading: status.uploading += count
            case .backedUp: status.done += count
            case .failed: status.failed += count
            }
        }
        status.bytesUploaded = progress.bytesUploaded
        status.bytesTotal = progress.bytesTotal
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
        if let status = try? status() {
            continuation.yield(status)
        }
        return stream
    }

    /// Uploads the starred (and earlier failed) photos now; waits for a run already going.
    /// - Throws: ``BackupError`` or ``ObjectStoreError`` when the run as a whole fails (quota,
    ///   credentials); the photos are then marked failed with that reason.
    @discardableResult
    public func runNow() async throws -> BackupService.Report {
        timer?.cancel()
        timer = nil
        if let running {
            return try await running.value
        }
        let task = Task { try await self.upload() }
        running = task
        defer { running = nil }
        return try await task.value
    }

    /// Cancels the inactivity timer and ends every status stream, at shutdown.
    public func stop() {
        timer?.cancel()
        timer = nil
        for continuation in subscribers.values {
            continuation.finish()
        }
        subscribers = [:]
    }

    private func upload() async throws -> BackupService.Report {
        guard let service else { throw CloudConfigurationError.missingBucket }
        let pending = try entries().filter { $0.state != .backedUp }
        guard !pending.isEmpty else { return BackupService.Report() }
        try setState(.uploading, reason: nil, md5s: pending.map(\.md5))
        progress = BackupProgress()
        publish()
        do {
            let report = try await service.backUp(
                pending.map { BackupItem(path: $0.path, md5: $0.md5, size: $0.size, filename: $0.filename, applePhotoID: $0.applePhotoID) }
            ) {
                [weak self] progress in
                Task { await self?.record(progress) }
            }
            try setState(.backedUp, reason: nil, md5s: report.uploaded + report.skipped)
            for failure in report.failed {
                let md5s = failure.md5.map { [$0] } ?? pending.filter { $0.path == failure.path }.map(\.md5)
                try setState(.failed, reason: failure.reason, md5s: md5s)
            }
            progress = report.progress
            publish()
            // Photos starred while this run went on wait for the next quiet period.
            if try entries().contains(where: { $0.state == .starred }) {
                scheduleRun()
            }
            return report
        } catch {
            try? setState(.failed, reason: "\(error)", md5s: pending.map(\.md5))
            publish()
            throw error
        }
    }

    private func record(_ progress: BackupProgress) {
        self.progress = progress
        publish()
    }

    /// A star or unstar: publish, and restart the quiet period.
    private func changed() {
        publish()
        scheduleRun()
    }

    /// Uploads the queue once `inactivity` has passed without another call.
    private func scheduleRun() {
        timer?.cancel()
        guard service != nil else { return }
        timer = Task { [inactivity] in
            do {
                try await Task.sleep(for: inactivity)
            } catch {
                return
            }
            _ = try? await self.runNow()
        }
    }

    private func publish() {
        guard let status = try? status() else { return }
        for continuation in subscribers.values {
            continuation.yield(status)
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
            reason: row["reason"])
    }
}
