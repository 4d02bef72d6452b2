extension AsyncThrowingStream.Continuation {
    /// Hands over a complete listing as a browser wants it: its first screenful at once
    /// (``ProgressiveBatcher/firstBatchSize``, the size of a scan's first delivery), then the
    /// rest in one delivery; nothing for an empty listing.
    func yieldFirstScreenThenRest<Row: Sendable>(_ rows: some Collection<Row>) where Element == [Row] {
        let first = rows.prefix(ProgressiveBatcher.firstBatchSize)
        if !first.isEmpty {
            yield(Array(first))
        }
        let rest = rows.dropFirst(first.count)
        if !rest.isEmpty {
            yield(Array(rest))
        }
    }
}
