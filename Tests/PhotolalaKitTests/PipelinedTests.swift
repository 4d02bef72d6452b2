import Foundation
import Synchronization
import Testing

@testable import PhotolalaKit

/// Two stages, one a core: an indexer making documents while SQLite writes the ones before.
@Suite("Pipelined stages")
struct PipelinedTests {
    struct Failed: Error, Equatable {
        let stage: String
    }

    /// The batches 0..<count, each made once, counted in `made`.
    private static func batches(_ count: Int, made: inout Int) -> Int? {
        guard made < count else { return nil }
        made += 1
        return made - 1
    }

    @Test("every batch is written once, in order, and all are written when it returns, however often")
    func writesEveryBatchInOrder() throws {
        for _ in 0..<200 {
            let written = Mutex<[Int]>([])
            var made = 0
            try pipelined(make: { Self.batches(50, made: &made) }, write: { batch in written.withLock { $0.append(batch) } })
            #expect(written.withLock { $0 } == Array(0..<50))
        }
    }

    @Test("a batch is made while the one before is written, and never two ahead")
    func makesWhileWriting() throws {
        // Each batch's writing waits for the next batch to be begun: stages taken in turn would
        // wait here until the timeout.
        let nextBegun = DispatchSemaphore(value: 0)
        let overlapped = Mutex(true)
        let written = Mutex(0)
        var made = 0
        var aheadOfWriting: [Int] = []
        try pipelined(
            make: {
                aheadOfWriting.append(made - written.withLock { $0 })
                if made > 0 { nextBegun.signal() }
                return Self.batches(5, made: &made)
            },
            write: { _ in
                if nextBegun.wait(timeout: .now() + 10) == .timedOut { overlapped.withLock { $0 = false } }
                written.withLock { $0 += 1 }
            })
        #expect(overlapped.withLock { $0 })
        #expect(aheadOfWriting.allSatisfy { $0 <= 1 }, "\(aheadOfWriting)")
        #expect(written.withLock { $0 } == 5)
    }

    @Test("a batch that fails to be written ends the run with its error; no batch after it is written")
    func writeFailureEndsTheRun() {
        let written = Mutex<[Int]>([])
        var made = 0
        #expect(throws: Failed(stage: "write")) {
            try pipelined(
                make: { Self.batches(100, made: &made) },
                write: { batch in
                    if batch == 3 { throw Failed(stage: "write") }
                    written.withLock { $0.append(batch) }
                })
        }
        #expect(written.withLock { $0 } == [0, 1, 2])
        #expect(made <= 5, "making stops once the failure is seen")
    }

    @Test("a batch that fails to be made ends the run once the batch being written is written")
    func makeFailureWaitsForTheWriter() {
        let written = Mutex<[Int]>([])
        var made = 0
        #expect(throws: Failed(stage: "make")) {
            try pipelined(
                make: {
                    if made == 2 { throw Failed(stage: "make") }
                    return Self.batches(10, made: &made)
                },
                write: { batch in
                    Thread.sleep(forTimeInterval: 0.02)
                    written.withLock { $0.append(batch) }
                })
        }
        #expect(written.withLock { $0 } == [0, 1])
    }
}
