import Foundation
import Logging
import PhotolalaS3

extension BackupQueue {
    /// One run: the waiting photos go to the uploader, their states follow its report, and its
    /// progress is published in the order the uploader reports it.
    func upload() async throws -> BackupService.Report {
        guard let service else { throw CloudConfigurationError.notConfigured }
        let pending = try store.entries().filter { $0.state != .backedUp }
        guard !pending.isEmpty else { return BackupService.Report() }
        try store.setState(.uploading, reason: nil, md5s: pending.map(\.md5), at: Date())
        progress = BackupProgress()
        publish()
        let items = pending.map { BackupItem(path: $0.path, md5: $0.md5, size: $0.size, filename: $0.filename, applePhotoID: $0.applePhotoID) }
        // The uploader reports from one actor, in order, into this stream; the queue reads it
        // here, so no update overtakes another and none comes after the run's end.
        let (updates, sink) = AsyncStream.makeStream(of: BackupProgress.self)
        async let outcome = Self.backUp(items, with: service, reportingTo: sink)
        for await update in updates {
            progress = update
            publish()
        }
        switch await outcome {
        case .success(let report):
            try finish(report, pending: pending)
            return report
        case .failure(let error):
            fail(error, pending: pending)
            throw error
        }
    }

    /// Runs the uploader, its progress into `sink`, which it ends.
    private static func backUp(
        _ items: [BackupItem], with service: BackupService, reportingTo sink: AsyncStream<BackupProgress>.Continuation
    ) async -> Result<BackupService.Report, any Error> {
        defer { sink.finish() }
        do {
            return .success(try await service.backUp(items) { sink.yield($0) })
        } catch {
            return .failure(error)
        }
    }

    /// Records what a run did: each photo backed up, skipped or failed, and the outcome.
    private func finish(_ report: BackupService.Report, pending: [BackupQueueEntry]) throws {
        progress = report.progress
        let now = Date()
        if let catalogFailure = report.catalogFailure {
            // Stored but not listed: failed, so the next run finds them stored and lists them.
            try store.setState(.failed, reason: catalogFailure, md5s: report.uploaded + report.skipped, at: now)
        } else {
            try store.setState(.backedUp, reason: nil, md5s: report.uploaded + report.skipped, at: now)
        }
        for failure in report.failed {
            let md5s = failure.md5.map { [$0] } ?? pending.filter { $0.path == failure.path }.map(\.md5)
            try store.setState(.failed, reason: failure.reason, md5s: md5s, at: now)
        }
        var outcome = BackupRunOutcome(date: now)
        outcome.uploaded = report.uploaded.count
        outcome.skipped = report.skipped.count
        outcome.failed = report.failed.count
        outcome.error = report.catalogFailure
        lastRun = outcome
        publish()
    }

    /// Records a run that stopped as a whole: its failure is every photo's.
    private func fail(_ error: any Error, pending: [BackupQueueEntry]) {
        // It names no one photo's key.
        let reason = "The backup run stopped: " + ((error as? ObjectStoreError)?.messageWithoutKey ?? "\(error)")
        do {
            try store.setState(.failed, reason: reason, md5s: pending.map(\.md5), at: Date())
        } catch let stateError {
            logger.error(
                "The photos of a stopped backup run could not be marked failed; they show as uploading until the next start.",
                metadata: ["photos": "\(pending.count)", "error": .error(stateError)])
        }
        var outcome = BackupRunOutcome(date: Date())
        outcome.failed = pending.count
        outcome.error = reason
        lastRun = outcome
        publish()
    }
}
