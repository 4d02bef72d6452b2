import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Catalog shards and manifests pass the untrusted-document limits: a hostile one is refused
/// with a sentence in one bounded pass, never a crash.
@Suite("Catalog document limits")
struct CatalogDocumentLimitsTests {
    @Test("a shard with a huge line or a million quotes is refused in one bounded pass")
    func shardLimits() {
        let header = Array((CatalogCSV.header + "\n").utf8)
        for line in [[UInt8](repeating: UInt8(ascii: "a"), count: 64 << 20), [UInt8](repeating: UInt8(ascii: "\""), count: 1_000_000)] {
            let start = ContinuousClock.now
            let refusal = #expect(throws: CatalogCSV.Refusal.self) { try CatalogCSV.decodeWithinLimits(header + line + [10]) }
            #expect(refusal?.reason == "the record at line 2 is longer than 16384 bytes")
            // One pass takes a fraction of a second alone; one that went back over the line for
            // each quote (10^12 steps) would take hours. The bound is loose for a loaded machine.
            #expect(ContinuousClock.now - start < .seconds(30))
        }
    }

    @Test("a manifest of 10,000 nested arrays is a damaged catalog, not a crash")
    func deepManifest() throws {
        let folder = try TemporaryDirectory()
        let catalog = FolderCatalog(folder: folder.path, cacheDirectory: folder.path("cache"))
        try catalog.write([])
        try Data(HostileDocuments.nestedXMLPropertyList(depth: 10_000)).write(to: URL(fileURLWithPath: catalog.ownDirectory + "/manifest.plist"))
        let error = #expect(throws: PhotolalaError.self) { try catalog.load() }
        #expect(error?.code == .damagedCatalog)
        #expect(
            error?.message
                == "The catalog at '\(catalog.ownDirectory)/manifest.plist' is damaged: the manifest cannot be read: it nests more than 64 levels deep. Run 'photolala catalog build' to rebuild it."
        )
    }
}
