import Foundation

extension BackupQueue {
    /// The photos whose last upload failed, oldest star first, each with its reason.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    public func failures() throws -> [BackupQueueEntry] {
        try store.entries(in: .failed)
    }

    /// Queues failed photos again, as if starred now, so the next run (or the quiet period)
    /// uploads them; photos not failed are left as they are.
    /// - Parameter md5s: The photos, by MD5.
    /// - Returns: The MD5s queued again.
    /// - Throws: ``PhotolalaError/databaseFailed``.
    @discardableResult
    public func retry(_ md5s: [String]) throws -> [String] {
        let now = Date()
        let queued = try store.retry(md5s.map { $0.lowercased() }, at: now)
        if !queued.isEmpty {
            noteOwnStars()
            changed()
        }
        return queued
    }
}
