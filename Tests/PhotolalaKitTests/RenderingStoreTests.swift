import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("Rendering cache")
struct RenderingStoreTests {
    @Test("The cache keeps to its budget, the renderings seen least recently going first")
    func budget() throws {
        let folder = try TemporaryDirectory()
        let store = RenderingStore(cacheDirectory: folder.path("cache"), budget: 130)
        let (a, b, c) = (String(repeating: "a", count: 32), String(repeating: "b", count: 32), String(repeating: "c", count: 32))
        try store.store([UInt8](repeating: 1, count: 60), forMD5: a)
        try store.store([UInt8](repeating: 2, count: 60), forMD5: b)
        #expect(store.rendering(forMD5: a) == [UInt8](repeating: 1, count: 60))  // seen again: now the most recent
        try store.store([UInt8](repeating: 3, count: 60), forMD5: c)
        #expect(store.rendering(forMD5: b) == nil)
        #expect(store.rendering(forMD5: a) != nil && store.rendering(forMD5: c) != nil)
        #expect(FileManager.default.fileExists(atPath: folder.path("cache/renderings/cc/\(c).jpg")))
    }

    @Test("Across many writes the budget holds in the order of use, and the folder is listed only when a store is opened")
    func budgetWithoutListing() throws {
        let folder = try TemporaryDirectory()
        let store = RenderingStore(cacheDirectory: folder.path("cache"), budget: 1_000)
        let md5s = (0..<30).map { String(format: "%032x", $0) }
        for md5 in md5s.prefix(10) {
            try store.store([UInt8](repeating: 1, count: 100), forMD5: md5)
        }
        // A file the store did not write: it counts only once a store lists the folder again.
        let stray = store.path(forMD5: String(repeating: "f", count: 32))
        try FileManager.default.createDirectory(atPath: FilePath.parent(of: stray), withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: stray, contents: Data(count: 500))
        for (index, md5) in md5s.enumerated().dropFirst(10) {
            #expect(store.rendering(forMD5: md5s[1]) != nil)  // kept in use: never the least recent
            try store.store([UInt8](repeating: 2, count: 100), forMD5: md5)
            let kept = md5s.prefix(index + 1).filter { FileManager.default.fileExists(atPath: store.path(forMD5: $0)) }
            #expect(kept == [md5s[1]] + md5s[(index - 8)...index], "after \(md5)")
        }
        #expect(FileManager.default.fileExists(atPath: stray))

        let reopened = RenderingStore(cacheDirectory: folder.path("cache"), budget: 1_000)
        try reopened.store([UInt8](repeating: 3, count: 100), forMD5: String(repeating: "e", count: 32))
        let sizes = try FileManager.default.subpathsOfDirectory(atPath: reopened.directory).compactMap { name in
            try FileManager.default.attributesOfItem(atPath: reopened.directory + "/" + name)[.type] as? FileAttributeType == .typeRegular
                ? try FileManager.default.attributesOfItem(atPath: reopened.directory + "/" + name)[.size] as? Int : nil
        }
        #expect(sizes.reduce(0, +) <= 1_000)
        #expect(reopened.rendering(forMD5: String(repeating: "e", count: 32)) != nil)
    }

    @Test("Two served folders share one renderings account: what one renders counts against the budget the other keeps to")
    func sharedAccount() async throws {
        let workspace = try TestWorkspace()
        let tiff = try await Fixtures.file("photo.tiff").path
        var sources: [LocalPhotoSource] = []
        for name in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: workspace.folder.path(name), withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: tiff, toPath: workspace.folder.path("\(name)/scan.tiff"))
            sources.append(try workspace.engine.localSource(root: workspace.folder.path(name)))
        }
        #expect(sources[1].files.renderings.usedBytes == 0)

        let id = try #require(sources[0].itemID(forFilePath: workspace.folder.path("a/scan.tiff"), folder: LocalPhotoSource.rootFolderID))
        guard case .bytes(let jpeg) = try await sources[0].fullImage(folder: LocalPhotoSource.rootFolderID, item: id).body else {
            Issue.record("A TIFF is shown as a JPEG rendering")
            return
        }
        #expect(sources[0].files.renderings.usedBytes == Int64(jpeg.count))
        #expect(sources[1].files.renderings.usedBytes == Int64(jpeg.count), "the other folder's account did not see the rendering")
    }
}
