import ArgumentParser
import Foundation
import PhotolalaKit

extension Photolala.Backup {
    struct Run: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Upload the starred photos now, with a progress bar.",
            discussion: "Photos already in the cloud are skipped; an interrupted multipart upload resumes where it stopped."
        )

        @OptionGroup var global: GlobalOptions

        @Option(help: ArgumentHelp("Photos uploaded at once.", valueName: "n"))
        var jobs = 4

        @Option(help: ArgumentHelp("Originals above this many bytes are uploaded in parts.", valueName: "bytes"))
        var multipartThreshold: Int64 = 64 << 20

        /// S3's smallest part and its largest single upload: an original above the threshold goes
        /// in parts, one below it in one request.
        static let multipartThresholds: ClosedRange<Int64> = (5 << 20)...(5 << 30)

        func validate() throws {
            try JobOptions.validate(jobs)
            let range = Self.multipartThresholds
            guard range.contains(multipartThreshold) else {
                throw ValidationError(
                    "--multipart-threshold must be between \(range.lowerBound) (5 MiB, S3's smallest part) and \(range.upperBound) (5 GiB, S3's largest single upload)."
                )
            }
        }

        func run() async throws {
            let context = try CloudContext(global: global)
            var options = BackupService.Options()
            options.concurrency = jobs
            options.multipartThreshold = multipartThreshold
            options.partSize = Int(min(multipartThreshold, 16 << 20))
            let queue = context.queue(service: try context.service(options: options))
            let report = try await withThrowingTaskGroup(of: Void.self) { group in
                // The progress bar follows the queue's statuses, in order, until the run ends.
                group.addTask {
                    var terminal = Terminal()
                    for await status in queue.statuses {
                        terminal.status(Self.statusLine(status))
                    }
                }
                let report = try await queue.runNow()
                group.cancelAll()
                return report
            }
            var terminal = Terminal()
            terminal.clearStatus()
            for failure in report.failed {
                terminal.message("error: \(failure.path): \(failure.reason)")
            }
            let progress = report.progress
            terminal.output(
                "\(report.uploaded.count.grouped) uploaded, \(report.skipped.count.grouped) already in the cloud, \(report.failed.count.grouped) failed; "
                    + "\(Self.megabytes(progress.bytesUploaded)) MB at \(String(format: "%.1f", progress.bytesPerSecond / 1_000_000)) MB/s.")
            if let catalogFailure = report.catalogFailure {
                terminal.message("error: \(catalogFailure)")
            }
            guard report.failed.isEmpty else {
                let retriable = report.failed.filter(\.canRetry).count
                let advice =
                    switch retriable {
                    case 0: "see the reasons above"
                    case report.failed.count: "run 'photolala backup run' again to retry them"
                    default: "run 'photolala backup run' again to retry the \(retriable.grouped) that the store or network failed"
                    }
                let photos = report.failed.count.counting("photo")
                throw PhotolalaCommandError("\(photos) could not be backed up; \(advice).")
            }
            guard report.catalogFailure == nil else {
                throw PhotolalaCommandError(
                    "The photos are stored but not yet listed in the cloud catalog; run 'photolala backup run' again to list them.")
            }
        }

        /// `[#####-------] 12.0/48.5 MB 8.1 MB/s ETA 0:04, 3 queued, 2 uploading, 5 done`: the
        /// run's bytes, then the queue's photos.
        static func statusLine(_ status: BackupQueueStatus) -> String {
            let fraction = status.runBytesTotal > 0 ? min(1, Double(status.runBytesUploaded) / Double(status.runBytesTotal)) : 0
            let filled = Int(fraction * 24)
            var line = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: 24 - filled) + "] "
            line +=
                "\(megabytes(status.runBytesUploaded))/\(megabytes(status.runBytesTotal)) MB \(String(format: "%.1f", status.bytesPerSecond / 1_000_000)) MB/s"
            if let remaining = status.secondsRemaining.map({ Int($0) }) {
                line += String(format: " ETA %d:%02d", remaining / 60, remaining % 60)
            }
            return line + ", \(status.queued) queued, \(status.uploading) uploading, \(status.done) done, \(status.failed) failed"
        }

        static func megabytes(_ bytes: Int64) -> String {
            String(format: "%.1f", Double(bytes) / 1_000_000)
        }
    }
}
