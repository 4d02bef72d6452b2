import ArgumentParser
import Foundation

/// `--jobs N`, for commands that read many photos at once.
struct JobOptions: ParsableArguments {
    @Option(help: "How many photos to work on at once (default: one per core).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1.") }
    }
}
