import Dispatch

extension ScanStream where Element == ScanBatch {
    /// Walks the tree of `folders` on a dispatch thread (or one of lower priority), a few
    /// deliveries ahead of the reader at most; ending the iteration stops the walk. The root is
    /// checked first: one replaced by a link since it was opened is not walked.
    /// - Parameter inBackground: Walk at a lower priority (``startInBackground(_:)``), for a
    ///   scan nobody waits for, such as comparing a listed catalog with its folder.
    static func walking(_ folders: LocalFolders, options: DirectoryScanner.Options, inBackground: Bool) -> ScanStream<ScanBatch> {
        let scanner = DirectoryScanner(root: folders.root, options: options)
        let window = ScanStream<ScanBatch>.Window(places: 4)
        let deliveries = AsyncThrowingStream<ScanBatch, any Error> { continuation in
            continuation.onTermination = { _ in window.stop() }
            let walk: @Sendable () -> Void = {
                var batcher = ProgressiveBatcher()
                func deliver(_ batches: [ScanBatch]) {
                    for batch in batches where window.reserve() {
                        continuation.yield(batch)
                    }
                }
                do {
                    try folders.checkRoot()
                    try scanner.walk(isCancelled: { window.isStopped }) { deliver(batcher.add($0)) }
                    deliver(batcher.finish().map { [$0] } ?? [])
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            if inBackground {
                startInBackground(walk)
            } else {
                DispatchQueue.global(qos: .userInitiated).async(execute: walk)
            }
        }
        return ScanStream(deliveries: deliveries, window: window)
    }
}
