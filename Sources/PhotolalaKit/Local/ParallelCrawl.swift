import Foundation

/// Reads folders on several threads ahead of a walker that consumes them in its own order.
///
/// Every folder enqueued is read exactly once; reading it enqueues its subfolders, so the
/// readers run ahead through the tree while the walker waits only for the folder it needs next.
/// Readers take the most recently found folder first, which keeps them close to the walker's
/// depth-first path.
final class ParallelCrawl: @unchecked Sendable {
    // Guarded by `condition`'s lock.
    private var waiting: [FolderToRead] = []
    private var finished: [FolderToRead: DirectoryContents] = [:]
    private var stopped = false
    private let condition = NSCondition()
    private let readFolder: @Sendable (FolderToRead) -> DirectoryContents?

    /// - Parameters:
    ///   - readers: How many threads read folders.
    ///   - readFolder: Reads one folder; `nil` stops the crawl (cancellation).
    init(readers: Int, readFolder: @escaping @Sendable (FolderToRead) -> DirectoryContents?) {
        self.readFolder = readFolder
        for _ in 0..<readers {
            DispatchQueue.global(qos: .userInitiated).async { self.readUntilStopped() }
        }
    }

    func enqueue(_ folders: [FolderToRead]) {
        condition.lock()
        waiting += folders.reversed()
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for a folder's listing and hands it over; `nil` once the crawl has stopped.
    func listing(of folder: FolderToRead) -> DirectoryContents? {
        condition.lock()
        defer { condition.unlock() }
        while finished[folder] == nil && !stopped {
            condition.wait()
        }
        return finished.removeValue(forKey: folder)
    }

    /// Lets the readers finish; folders not yet read are left unread.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func readUntilStopped() {
        while true {
            condition.lock()
            while waiting.isEmpty && !stopped {
                condition.wait()
            }
            guard !stopped, let folder = waiting.popLast() else {
                condition.unlock()
                return
            }
            condition.unlock()

            let listing = readFolder(folder)
            condition.lock()
            if let listing {
                finished[folder] = listing
                waiting += listing.subfolders.reversed()
            } else {
                stopped = true
            }
            condition.broadcast()
            condition.unlock()
        }
    }
}
