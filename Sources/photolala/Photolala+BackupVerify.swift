import ArgumentParser
import Foundation
import PhotolalaKit
import Synchronization

extension Photolala.Backup {
    struct Verify: AsyncParsableCommand, GlobalOptionsCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Check every photo of the cloud catalog in the bucket: original, thumbnail and metadata; report orphans.",
            discussion: """
                Originals are checked for their size, Deep Archive storage class, Format tag and MD5 (their ETag, or the \
                MD5 kept as metadata for multipart uploads; older multipart originals without it are 'not checkable'). \
                With --read-data, thumbnails and metadata plists (and originals that are readable) are downloaded and \
                checked byte by byte. Exits 1 when anything is wrong.
                """
        )

        @OptionGroup var global: GlobalOptions

        @Option(
            name: .customLong("read-data"), defaultAsFlag: 100, parsing: .next,
            help: ArgumentHelp(
                "Download and check the objects' bytes too: of every photo, or of a random PERCENT of them (--read-data=10).",
                valueName: "percent"))
        var readData: Double? = nil

        @Flag(help: "Upload again what is missing or damaged, from this device's files.")
        var repair = false

        @Flag(help: "Print the report as JSON.")
        var json = false

        func validate() throws {
            if let readData, !(0...100).contains(readData) {
                throw ValidationError("--read-data must be a percentage between 0 and 100.")
            }
        }

        func run() async throws {
            let context = try CloudContext(global: global)
            let verifier = context.verifier(service: try context.service())
            let meter = MeterBox()
            let report = try await verifier.verify(readData: readData, repair: repair) { done, total in
                meter.update(done: done, total: total)
            }
            meter.finish()
            try verifier.record(report)
            let terminal = Terminal()
            if json {
                try terminal.outputJSON(report)
            } else {
                for problem in report.problems {
                    terminal.output((problem.repaired ? "repaired: " : "problem: ") + "\(problem.key): \(problem.reason)")
                }
                for orphan in report.orphans {
                    terminal.output("orphan: \(orphan) is not listed in the cloud catalog")
                }
                for key in report.notCheckable {
                    terminal.output("not checkable: \(key) has no MD5 recorded (a multipart upload of an older version)")
                }
                terminal.output(
                    "\(report.photosChecked.counting("photo")) checked, \(report.photosRead.grouped) read, "
                        + "\(report.problems.count.counting("problem")) (\(report.problems.filter(\.repaired).count.grouped) repaired), "
                        + "\(report.orphans.count.counting("orphan")), \(report.notCheckable.count.grouped) not checkable.")
            }
            guard report.unresolved == 0 else {
                let advice =
                    report.problems.contains { !$0.repaired }
                    ? (repair ? " What could not be repaired needs the photo's file on this device." : " Run it with --repair to upload them again.")
                    : ""
                throw PhotolalaCommandError(
                    "The backup has \(report.unresolved.counting("problem")) (orphans included).\(advice)")
            }
        }
    }
}

/// The progress bar, drawn from the verifier's callback (any task).
private final class MeterBox: Sendable {
    private let state = Mutex((ProgressMeter(), Terminal()))

    func update(done: Int, total: Int) {
        state.withLock { state in
            state.0.total = total
            state.0.totalIsFinal = true
            state.0.done = done
            state.1.status(state.0.statusLine)
        }
    }

    func finish() {
        state.withLock { $0.1.clearStatus() }
    }
}
