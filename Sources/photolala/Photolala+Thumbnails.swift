import ArgumentParser
import Foundation
import PhotolalaKit
import Synchronization

extension Photolala {
    struct Thumbnails: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "thumbnails",
            abstract: "Generate the thumbnail of every photo in a folder tree into the cache.",
            discussion: """
                Each photo is read once for its MD5, its thumbnail and its header facts \
                (dimensions, orientation, date), which are recorded, so 'catalog build' does not \
                read it again. Photos whose path, size and modification time are unchanged since \
                an earlier run are neither read nor decoded again. Photos that cannot be decoded are reported and skipped, and the \
                command then exits with status 1.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The folder tree.")
        var directory: String

        @OptionGroup var parallelism: JobOptions

        func run() async throws {
            let engine = try global.makeEngine()
            let source = try engine.localSource(root: GlobalOptions.absolute(directory))
            var progress = ThumbnailProgress()
            var terminal = Terminal()
            // The scan runs ahead on its own, so the progress bar knows the total early.
            let scan = ScanTally()
            let (photos, sink) = AsyncStream<ScannedPhoto>.makeStream()
            async let scanning: Void = Self.scan(source, into: sink, tally: scan)

            try await withThrowingTaskGroup(of: Result<PhotolalaKit.Thumbnail, any Error>.self) { group in
                var active = 0
                func record(_ result: Result<PhotolalaKit.Thumbnail, any Error>) {
                    active -= 1
                    switch result {
                    case .success(let thumbnail): progress.record(thumbnail.origin)
                    case .failure(let error):
                        progress.recordFailure()
                        terminal.message("warning: \(error)")
                    }
                    let (found, finished, problems) = scan.take()
                    problems.forEach { terminal.message("warning: \($0.message.escapingControlCharacters)") }
                    progress.meter.total = found
                    progress.meter.totalIsFinal = finished
                    terminal.status(progress.meter.statusLine)
                }

                for await photo in photos {
                    if active >= parallelism.jobs, let result = try await group.next() {
                        record(result)
                    }
                    active += 1
                    group.addTask {
                        do {
                            return .success(try await engine.thumbnail(ofFileAt: photo.path))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                while let result = try await group.next() {
                    record(result)
                }
            }
            try await scanning
            scan.take().problems.forEach { terminal.message("warning: \($0.message.escapingControlCharacters)") }
            terminal.clearStatus()
            terminal.message(progress.summary)
            guard progress.failed == 0 else {
                throw PhotolalaCommandError(
                    "\(progress.failed.grouped) of \(progress.meter.done.grouped) photos have no thumbnail; the warnings above say why.")
            }
        }

        private static func scan(_ source: LocalPhotoSource, into sink: AsyncStream<ScannedPhoto>.Continuation, tally: ScanTally) async throws {
            defer { sink.finish() }
            for try await batch in source.scan() {
                tally.add(batch)
                batch.photos.forEach { sink.yield($0) }
            }
            tally.finish()
        }
    }
}

/// What the scan behind `photolala thumbnails` has found so far, read by the progress display.
private final class ScanTally: Sendable {
    private struct State {
        var found = 0
        var finished = false
        var problems: [ScanProblem] = []
    }

    private let state = Mutex(State())

    func add(_ batch: ScanBatch) {
        state.withLock {
            $0.found += batch.photos.count
            $0.problems += batch.problems
        }
    }

    func finish() {
        state.withLock { $0.finished = true }
    }

    /// The counts, and the problems not taken before.
    func take() -> (found: Int, finished: Bool, problems: [ScanProblem]) {
        state.withLock { state in
            defer { state.problems = [] }
            return (state.found, state.finished, state.problems)
        }
    }
}

/// Counts for the progress bar and the closing summary of `photolala thumbnails`.
private struct ThumbnailProgress {
    var meter = ProgressMeter()
    private(set) var generated = 0
    private(set) var cached = 0
    private(set) var failed = 0

    mutating func record(_ origin: PhotolalaKit.Thumbnail.Origin) {
        if origin == .generated { generated += 1 } else { cached += 1 }
        meter.done += 1
    }

    mutating func recordFailure() {
        failed += 1
        meter.done += 1
    }

    var summary: String {
        meter.summary("photos") + ": \(generated.grouped) generated, \(cached.grouped) already cached, \(failed.grouped) failed."
    }
}
