import Foundation
import Synchronization
import Testing

@testable import PhotolalaKit

/// Work cut into runs, one a core: a big library's listing, a catalog's dates.
@Suite("Parallel runs")
struct InParallelRunsTests {
    @Test("called at the background priority, every run keeps it, and the results come joined in order, however often")
    func backgroundRunsKeepTheirPriority() async throws {
        let items = Array(0..<10_000)
        let outcomes = try await offloadInBackground {
            // Many calls: a run's thread may end a moment after its run, which must never trap.
            (0..<300).map { _ in
                let priorities = Mutex<[Bool]>([])
                let joined = inParallelRuns(items, smallestRun: 100) { run in
                    priorities.withLock { $0.append(isInBackground) }
                    return run.map { $0 * 2 }
                }
                return (joined == items.map { $0 * 2 }, priorities.withLock { $0 })
            }
        }
        #expect(outcomes.allSatisfy { $0.0 })
        let runs = min(ProcessInfo.processInfo.activeProcessorCount, 100)
        #expect(outcomes.allSatisfy { $0.1.count == runs && $0.1.allSatisfy { $0 } })
    }

    @Test("called at the normal priority, the runs stay at it")
    func foregroundRunsStayForeground() {
        // Unless the tests themselves were started at a lower priority.
        let caller = isInBackground
        let priorities = Mutex<[Bool]>([])
        let joined = inParallelRuns(Array(0..<1_000), smallestRun: 10) { run in
            priorities.withLock { $0.append(isInBackground) }
            return Array(run)
        }
        #expect(joined == Array(0..<1_000))
        #expect(priorities.withLock { $0 }.allSatisfy { $0 == caller })
    }
}
