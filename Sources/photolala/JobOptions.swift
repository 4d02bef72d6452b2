import ArgumentParser
import Foundation

/// `--jobs N`, for commands that read many photos at once.
struct JobOptions: ParsableArguments {
    /// Optional, so the help says "one per core" once instead of this machine's count too.
    @Option(name: .customLong("jobs"), help: ArgumentHelp("How many photos to work on at once (default: one per core).", valueName: "jobs"))
    var requestedJobs: Int?

    /// The number of photos to work on at once.
    var jobs: Int { requestedJobs ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
    }
}
