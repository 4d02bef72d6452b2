import Foundation
import Synchronization

/// `body` over runs of `items`, one a core and each of at least `smallestRun` items, all at once
/// on Dispatch's threads; the results joined in the items' order. For many items that each cost
/// little (a system call, an index look-up), where a task each would cost more than the work;
/// too few for two runs, on the calling thread.
/// The first error of a run is thrown, once every run has ended.
func inParallelRuns<Item: Sendable, Output: Sendable, Failure: Error>(
    _ items: [Item], smallestRun: Int, _ body: @Sendable (ArraySlice<Item>) throws(Failure) -> [Output]
) throws(Failure) -> [Output] {
    let runs = max(1, min(ProcessInfo.processInfo.activeProcessorCount, items.count / max(1, smallestRun)))
    // One run is this thread's: a look-up of one asset or one date waits for no other thread.
    guard runs > 1 else { return try body(items[...]) }
    let results = Mutex([Result<[Output], Failure>?](repeating: nil, count: runs))
    DispatchQueue.concurrentPerform(iterations: runs) { run in
        let result = Result { () throws(Failure) in try body(items[items.count * run / runs..<items.count * (run + 1) / runs]) }
        results.withLock { $0[run] = result }
    }
    var joined: [Output] = []
    for result in results.withLock({ $0 }) {
        joined += try result?.get() ?? []
    }
    return joined
}
