import Testing

@testable import PhotolalaKit

@Suite("Progressive batches")
struct ProgressiveBatcherTests {
    private func listing(photos count: Int, folders: [String] = []) -> DirectoryContents {
        var listing = DirectoryContents()
        listing.photos = (0..<count).map { index in
            ScannedPhoto(item: PhotoItem(id: "\(index)", displayName: "\(index).jpg"), folder: "/photos", status: nil)
        }
        listing.subfolders = folders.map { FolderToRead(path: "/photos/" + $0, relative: $0) }
        return listing
    }

    @Test("The first 200 photos go at once, then batches of 100, then the rest")
    func batchSizes() {
        var batcher = ProgressiveBatcher()
        let due = batcher.add(listing(photos: 450))
        #expect(due.map(\.photos.count) == [200, 100, 100])
        #expect(batcher.finish()?.photos.count == 50)
        #expect(batcher.finish() == nil)
    }

    @Test("Photos from several folders fill the same batch")
    func acrossFolders() {
        var batcher = ProgressiveBatcher()
        #expect(batcher.add(listing(photos: 150, folders: ["a", "b"])).isEmpty)
        let due = batcher.add(listing(photos: 100))
        #expect(due.map(\.photos.count) == [200])
        #expect(due.first?.folders.map(\.name) == ["a", "b"])
    }

    @Test("A slow walk delivers what it has, and the first batch of photos is still 200")
    func slowWalk() async throws {
        var batcher = ProgressiveBatcher()
        try await Task.sleep(for: .milliseconds(300))
        let folders = batcher.add(listing(photos: 0, folders: ["2024"]))
        #expect(folders.map(\.folders.count) == [1])
        #expect(batcher.add(listing(photos: 300)).map(\.photos.count) == [200, 100])
    }
}
