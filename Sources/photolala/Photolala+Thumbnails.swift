import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala {
    struct Thumbnails: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Generate the thumbnail of every photo in a folder tree into the cache.",
            discussion: """
                Each photo is read once for its MD5 and its thumbnail. Photos whose path, size \
                and modification time are unchanged since an earlier run are neither read nor \
                decoded again. Photos that cannot be decoded are reported and skipped.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Argument(help: "The folder tree.")
        var directory: String

        @Option(help: "How many photos to decode at once (default: one per core).")
        var jobs = ProcessInfo.processInfo.activeProcessorCount

        func validate() throws {
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
        }

        func run() async throws {
            let source = try global.makeEngine().localSource(root: GlobalOptions.absolute(directory))
            var progress = ThumbnailProgress()
            var terminal = Terminal()

            try await withThrowingTaskGroup(of: (ScannedPhoto, Result<PhotolalaKit.Thumbnail, any Error>).self) { group in
                var active = 0
                func record(_ finished: (ScannedPhoto, Result<PhotolalaKit.Thumbnail, any Error>)) {
                    active -= 1
                    switch finished.1 {
                    case .success(let thumbnail): progress.record(thumbnail.origin)
                    case .failure(let error):
                        progress.recordFailure()
                        terminal.message("warning: \(error)")
                    }
                    terminal.status(progress.statusLine)
                }

                for try await batch in source.scan() {
                    progress.found += batch.photos.count
                    batch.problems.forEach { terminal.message("warning: \($0.message)") }
                    for photo in batch.photos {
                        if active >= jobs, let finished = try await group.next() {
                            record(finished)
                        }
                        active += 1
                        group.addTask {
                            do {
                                return (photo, .success(try await source.loadThumbnail(for: photo.item.id)))
                            } catch {
                                return (photo, .failure(error))
                            }
                        }
                    }
                }
                progress.scanFinished = true
                while let finished = try await group.next() {
                    record(finished)
                }
            }
            terminal.clearStatus()
            terminal.message(progress.summary)
        }
    }
}

/// Counts for the progress bar and the closing summary of `photolala thumbnails`.
private struct ThumbnailProgress {
    var found = 0
    var scanFinished = false
    private(set) var generated = 0
    private(set) var cached = 0
    private(set) var failed = 0
    private let start = ContinuousClock.now

    var done: Int { generated + cached + failed }

    mutating func record(_ origin: PhotolalaKit.Thumbnail.Origin) {
        if origin == .generated { generated += 1 } else { cached += 1 }
    }

    mutating func recordFailure() {
        failed += 1
    }

    private var elapsedSeconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// `[#######-------]  1,234/5,000  24%  48.2/s  ETA 1:18`
    var statusLine: String {
        let fraction = found > 0 ? Double(done) / Double(found) : 0
        let width = 24
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let rate = elapsedSeconds > 0 ? Double(done) / elapsedSeconds : 0
        let total = scanFinished ? found.grouped : "\(found.grouped)+"
        var line = "[\(bar)] \(done.grouped)/\(total) \(Int(fraction * 100))% \(String(format: "%.1f", rate))/s"
        if scanFinished, rate > 0 {
            let remaining = Int(Double(found - done) / rate)
            line += String(format: " ETA %d:%02d", remaining / 60, remaining % 60)
        }
        return line
    }

    var summary: String {
        let seconds = elapsedSeconds
        let rate = seconds > 0 ? Double(done) / seconds : 0
        return "\(done.grouped) photos in \(String(format: "%.1f", seconds)) s (\(String(format: "%.1f", rate))/s): "
            + "\(generated.grouped) generated, \(cached.grouped) already cached, \(failed.grouped) failed."
    }
}
