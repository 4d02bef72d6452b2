import Foundation

/// Reads folders on several threads ahead of a walker that consumes them in its own order.
///
/// Every folder enqueued is read exactly once; reading it enqueues its subfolders, so the
/// readers run ahead through the tree while the walker waits only for the folder it needs next.
/// Readers take the most recently found folder first, which keeps them close to the walker's
/// depth-first path. They run at most `ahead` folders ahead of a walker slower than they are
/// (`scan --json` writing a million rows): past that they read only the folder it waits for,
/// so memory stays flat however large the tree.
final class ParallelCrawl: @unchecked Sendable {
    // Guarded by `condition`'s lock.
    private var waiting: [FolderToRead] = []
    private var finished: [FolderToRead: DirectoryContents] = [:]
    /// The folder the walker waits for, when it does.
    private var wanted: FolderToRead?
    private var stopped = false
    private let condition = NSCondition()
    private let ahead: Int
    private let readFolder: @Sendable (FolderToRead) -> DirectoryContents?

    /// - Parameters:
    ///   - readers: How many threads read folders.
    ///   - ahead: How many folders read and not yet taken the readers may hold.
    ///   - readFolder: Reads one folder; `nil` stops the crawl (cancellation).
    init(readers: Int, ahead: Int = 64, readFolder: @escaping @Sendable (FolderToRead) -> DirectoryContents?) {
        self.ahead = ahead
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
            wanted = folder
            condition.broadcast()
            condition.wait()
        }
        wanted = nil
        // A place freed for readers held back.
        condition.broadcast()
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
            var next: FolderToRead?
            while !stopped && next == nil {
                next = nextFolder()
                if next == nil { condition.wait() }
            }
            guard !stopped, let folder = next else {
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

    /// The folder a reader takes, under the lock: the most recently found while the walker has
    /// fewer than `ahead` read for it, else the one it waits for; `nil` when there is none.
    private func nextFolder() -> FolderToRead? {
        if finished.count < ahead {
            return waiting.popLast()
        }
        guard let wanted, let index = waiting.lastIndex(of: wanted) else { return nil }
        return waiting.remove(at: index)
    }
}
