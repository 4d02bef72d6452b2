import Foundation
import Logging
import ServiceLifecycle

extension BackupQueue {
    /// Runs the queue's timer until graceful shutdown (or cancellation), then ends ``statuses``.
    ///
    /// It first picks up where the last process left off: photos a crash left
    /// ``BackupState/uploading`` are queued again, and the quiet period starts, so photos
    /// already in the queue upload without waiting for another star. From then on the queue
    /// uploads whenever a quiet period has passed since the last change, and notices photos
    /// starred by another process (`photolala backup star`), looking at the database once per
    /// quiet period; their quiet period counts from when it sees them.
    /// - Throws: ``PhotolalaError/databaseFailed`` when the queue cannot be read at start.
    public func run() async throws {
        try store.requeueInterrupted(at: Date())
        lastChange = stopwatch.elapsed
        publish()
        await cancelWhenGracefulShutdown { await self.watch() }
        finishStatuses()
    }

    /// The uploader changed: photos whose quiet period passed while there was none upload now.
    public func uploaderChanged() {
        nap?.cancel()
    }

    /// Uploads the queue each time a quiet period has passed since its last change.
    private func watch() async {
        while !Task.isCancelled {
            let deadline: Duration
            do {
                deadline = try nextRun() ?? stopwatch.elapsed + inactivity
            } catch {
                logger.error("The backup queue could not be read; trying again later.", metadata: ["error": .error(error)])
                deadline = stopwatch.elapsed + inactivity
            }
            if deadline <= stopwatch.elapsed {
                await runInBackground()
            } else {
                await sleep(untilElapsed: deadline)
            }
        }
    }

    /// When the queue uploads by itself, on the stopwatch: a quiet period after its last
    /// change; `nil` when nothing waits or there is no uploader, to look again a quiet period
    /// later. A star newer than any the queue has seen is another process's, a change now.
    private func nextRun() throws -> Duration? {
        guard let newest = try store.newestStar() else { return nil }
        if newestStarSeen.map({ newest > $0 }) ?? true {
            newestStarSeen = newest
            lastChange = stopwatch.elapsed
        }
        guard service != nil else { return nil }
        return lastChange + inactivity
    }

    /// Sleeps until `deadline`, or until ``uploaderChanged()`` or cancellation wakes it.
    private func sleep(untilElapsed deadline: Duration) async {
        let stopwatch = stopwatch
        let nap = Task {
            // Cancelled: woken early, or the service stops; the loop looks at why.
            _ = try? await stopwatch.sleep(untilElapsed: deadline)
        }
        self.nap = nap
        await withTaskCancellationHandler {
            await nap.value
        } onCancel: {
            nap.cancel()
        }
        self.nap = nil
    }

    /// A run nobody waits for: its failures are logged (the status and failures list tell them).
    private func runInBackground() async {
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
    }
}
