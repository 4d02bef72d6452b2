import Foundation
import Synchronization

/// `body` over runs of `items`, one a core and each of at least `smallestRun` items, all at once
/// on Dispatch's threads; the results joined in the items' order. For many items that each cost
/// little (a system call, an index look-up), where a task each would cost more than the work;
/// too few for two runs, on the calling thread. Called at the background priority
/// (``startInBackground(_:)``), the runs keep it, each on a thread of its own.
/// The first error of a run is thrown, once every run has ended.
func inParallelRuns<Item: Sendable, Output: Sendable, Failure: Error>(
    _ items: [Item], smallestRun: Int, _ body: @Sendable (ArraySlice<Item>) throws(Failure) -> [Output]
) throws(Failure) -> [Output] {
    let runs = max(1, min(ProcessInfo.processInfo.activeProcessorCount, items.count / max(1, smallestRun)))
    // One run is this thread's: a look-up of one asset or one date waits for no other thread.
    guard runs > 1 else { return try body(items[...]) }
    let results = RunResults<Output, Failure>(count: runs)
    withoutActuallyEscaping(body) { body in
        let perform = { @Sendable (run: Int) in
            results.set(run, Result { () throws(Failure) in try body(items[items.count * run / runs..<items.count * (run + 1) / runs]) })
        }
        guard isInBackground else {
            DispatchQueue.concurrentPerform(iterations: runs, execute: perform)
            return
        }
        // The threads reach `body` through a box emptied before this block ends: a thread's
        // closure may outlive its run by a moment, and must not be holding `body` then.
        let shared = SharedRun(perform)
        let ended = DispatchGroup()
        for run in 1..<runs {
            ended.enter()
            startInBackground {
                shared.perform(run)
                ended.leave()
            }
        }
        perform(0)
        ended.wait()
        shared.empty()
    }
    var joined: [Output] = []
    for result in results.all {
        joined += try result?.get() ?? []
    }
    return joined
}

/// What each run of ``inParallelRuns(_:smallestRun:_:)`` gave, filled in by their threads.
private final class RunResults<Output: Sendable, Failure: Error>: Sendable {
    private let results: Mutex<[Result<[Output], Failure>?]>

    init(count: Int) {
        results = Mutex(Array(repeating: nil, count: count))
    }

    func set(_ run: Int, _ result: Result<[Output], Failure>) {
        results.withLock { $0[run] = result }
    }

    var all: [Result<[Output], Failure>?] {
        results.withLock { $0 }
    }
}

/// A run's work as the background threads of ``inParallelRuns(_:smallestRun:_:)`` reach it.
private final class SharedRun: Sendable {
    private let work: Mutex<(@Sendable (Int) -> Void)?>

    init(_ work: @escaping @Sendable (Int) -> Void) {
        self.work = Mutex(work)
    }

    func perform(_ run: Int) {
        work.withLock { $0 }?(run)
    }

    func empty() {
        work.withLock { $0 = nil }
    }
}
