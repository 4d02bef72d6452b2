import ArgumentParser
import Foundation

/// `--jobs N`, for commands that read many photos at once.
struct JobOptions: ParsableArguments {
    /// What `--jobs` may be: more than a thousand photos at once helps no machine, and a larger
    /// count overflowed the arithmetic that sizes the work (issue 36: SIGILL).
    static let range = 1...1024

    /// Optional, so the help says "one per core" once instead of this machine's count too.
    @Option(name: .customLong("jobs"), help: ArgumentHelp("How many photos to work on at once (default: one per core).", valueName: "jobs"))
    var requestedJobs: Int?

    /// The number of photos to work on at once.
    var jobs: Int { requestedJobs ?? min(ProcessInfo.processInfo.activeProcessorCount, Self.range.upperBound) }

    func validate() throws {
        try Self.validate(jobs)
    }

    /// - Throws: `ValidationError` naming the range when `jobs` is outside it.
    static func validate(_ jobs: Int) throws {
        guard range.contains(jobs) else { throw ValidationError("--jobs must be between \(range.lowerBound) and \(range.upperBound).") }
    }
}
