import Dispatch
import Synchronization

/// Hands each batch `make` returns to `write`, on a thread of its own, while `make` makes the
/// next one; until `make` returns `nil`. Two stages that each take a core (an indexer making
/// documents, SQLite writing them) then take the longer one's time, not both: a million photos'
/// documents took 15 s to make and 23 s to write. One batch at most waits to be written.
///
/// Called at the background priority (``startInBackground(_:)``), the writing thread keeps it.
/// The first error of either stage ends the run, and is thrown once no batch is being written.
func pipelined<Batch: Sendable>(make: () throws -> Batch?, write: @escaping @Sendable (Batch) throws -> Void) throws {
    let stage = WritingStage()
    let background = isInBackground
    do {
        while let batch = try make() {
            try stage.waitUntilFree()
            let job = { @Sendable in stage.finish(Result { try write(batch) }) }
            if background { startInBackground(job) } else { DispatchQueue.global().async(execute: job) }
        }
    } catch {
        // The batch being written ends before this run does.
        try? stage.waitForLastBatch()
        throw error
    }
    try stage.waitForLastBatch()
}

/// The writing stage of ``pipelined(make:write:)``: free, or writing one batch, and the first
/// error it met.
private final class WritingStage: Sendable {
    private let free = DispatchSemaphore(value: 1)
    private let failure = Mutex<(any Error)?>(nil)

    /// Waits until no batch is being written, and takes the stage for the next one.
    /// - Throws: The error a batch's writing met, which ends the run.
    func waitUntilFree() throws {
        free.wait()
        if let error = failure.withLock({ $0 }) {
            free.signal()
            throw error
        }
    }

    /// Waits until the last batch is written, leaving the stage free (a semaphore must be
    /// back at its first value when it goes).
    /// - Throws: The error a batch's writing met.
    func waitForLastBatch() throws {
        try waitUntilFree()
        free.signal()
    }

    func finish(_ result: Result<Void, any Error>) {
        if case .failure(let error) = result {
            failure.withLock { $0 = $0 ?? error }
        }
        free.signal()
    }
}
