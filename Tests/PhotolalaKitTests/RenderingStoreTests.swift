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
}
