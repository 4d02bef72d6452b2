import Foundation
import Synchronization
import Testing

@testable import PhotolalaKit

@Suite("Folders read ahead of a slow walker")
struct ParallelCrawlTests {
    /// A tree of 10 folders of 20 subfolders each, every one named by its path.
    private static func subfolders(of folder: FolderToRead) -> [FolderToRead] {
        let depth = folder.relative.split(separator: "/").count
        guard depth < 2 else { return [] }
        return (0..<(depth == 0 ? 10 : 20)).map { index in
            let relative = folder.relative.isEmpty ? "\(index)" : folder.relative + "/\(index)"
            return FolderToRead(path: "/tree/" + relative, relative: relative)
        }
    }

    @Test("A walker slower than its readers finds every folder in depth-first order, and the readers hold few of them")
    func theReadersWaitForTheWalker() {
        let read = Mutex(0)
        let crawl = ParallelCrawl(readers: 4, ahead: 8) { folder in
            read.withLock { $0 += 1 }
            return DirectoryContents(subfolders: Self.subfolders(of: folder))
        }
        defer { crawl.stop() }
        let root = FolderToRead(path: "/tree", relative: "")
        crawl.enqueue(Self.subfolders(of: root))
        var pending = Array(Self.subfolders(of: root).reversed())
        var visited: [String] = []
        var mostAhead = 0
        while let next = pending.popLast() {
            guard let listing = crawl.listing(of: next) else { break }
            // The walker is slow: the readers have all the time they want to run ahead.
            Thread.sleep(forTimeInterval: 0.002)
            mostAhead = max(mostAhead, read.withLock { $0 } - visited.count - 1)
            visited.append(next.relative)
            pending += listing.subfolders.reversed()
        }

        var expected: [String] = []
        for top in 0..<10 {
            expected.append("\(top)")
            expected += (0..<20).map { "\(top)/\($0)" }
        }
        #expect(visited == expected)
        // At most `ahead` read and not taken, and one more in each reader's hands.
        #expect(mostAhead <= 8 + 4)
    }
}
