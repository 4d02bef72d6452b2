import Dispatch

/// A folder walk's deliveries, read with `for try await`: the walk, on a thread of its own,
/// runs at most a few deliveries ahead of the reader and waits for it, so a reader slower than
/// the disk (`scan --json` writing a million photos) holds a few batches, not the whole tree.
/// Ending the iteration stops the walk.
public struct ScanStream<Element: Sendable>: AsyncSequence, Sendable {
    let deliveries: AsyncThrowingStream<Element, any Error>
    let window: Window

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(deliveries: deliveries.makeAsyncIterator(), window: window)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var deliveries: AsyncThrowingStream<Element, any Error>.AsyncIterator
        let window: Window

        public mutating func next() async throws -> Element? {
            let element = try await deliveries.next()
            window.release()
            return element
        }
    }

    /// The deliveries a walk may have made and the reader not yet taken; the walk's thread
    /// blocks on it, the reader frees a place with each delivery it takes.
    final class Window: Sendable {
        private let places: DispatchSemaphore
        private let stopped = CancellationFlag()

        init(places: Int) {
            // Made empty and filled: libdispatch traps when a semaphore is freed below the
            // value it was made with, as this one is when the reader leaves early.
            self.places = DispatchSemaphore(value: 0)
            for _ in 0..<places {
                self.places.signal()
            }
        }

        /// Whether the reader has gone (the walk should stop).
        var isStopped: Bool { stopped.isSet }

        /// Waits until the reader has room for one more delivery; `false` once it has gone.
        func reserve() -> Bool {
            places.wait()
            return !stopped.isSet
        }

        func release() {
            places.signal()
        }

        /// The reader has gone: wakes a walk waiting for room, and stops it.
        func stop() {
            stopped.set()
            places.signal()
        }
    }
}
