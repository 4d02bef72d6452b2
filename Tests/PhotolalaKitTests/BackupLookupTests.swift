import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// "Is this photo backed up?", answered in one place: the queue's entry first, then the synced
/// cloud catalog for files whose content this device knows and that are unchanged.
@Suite struct BackupLookupTests {
    static let userID = "0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0"

    @Test("A queued photo stands as its entry says, an unchanged copy of a backed-up photo is in the cloud, an edited one is not")
    func standings() async throws {
        let folder = try TemporaryDirectory()
        let store = LocalDirectoryObjectStore(root: folder.path("store"))
        let engine = try makeEngine(in: folder, device: "a")
        let paths = try await makePhotos(3, in: folder)
        let report = try await engine.backupService(store: store, userID: Self.userID).backUp(paths)
        #expect(report.failed.isEmpty && report.catalogFailure == nil, "\(report)")
        let md5s = try paths.map { try ContentHash.md5(ofFileAt: $0) }
        // The files' contents become known here as a listing or a catalog build makes them known.
        for path in paths {
            _ = try engine.identities.md5(ofFileAt: path)
        }
        let queue = engine.backupQueue()
        _ = try await queue.star(paths[0])
        let lookup = BackupLookup(
            queue: queue.store, cloudCatalog: engine.cloudSync(store: store, userID: Self.userID).copy, identities: engine.identities)

        let roots = [folder.path("photos")]
        var standings = try await lookup.standings(ofFilesUnder: roots)
        #expect(standings.count == 3)
        let starred = try #require(try await queue.entry(md5: md5s[0]))
        #expect(starred.state == .starred && standings[paths[0]] == .queued(starred))
        #expect(standings[paths[1]] == .inCloud && standings[paths[2]] == .inCloud)
        #expect(try await lookup.standings(ofFilesUnder: [folder.path("elsewhere")]).isEmpty)
        #expect(try await lookup.standing(md5: md5s[1].uppercased()) == .inCloud)
        #expect(try await lookup.standing(md5: String(repeating: "0", count: 32)) == nil)
        #expect(try lookup.cloudSizes() == Set(try paths.map { try FileStatus(path: $0).size }))

        let edited = try FileHandle(forWritingTo: URL(fileURLWithPath: paths[2]))
        try edited.seekToEnd()
        try edited.write(contentsOf: Data("edited".utf8))
        try edited.close()
        standings = try await lookup.standings(ofFilesUnder: roots)
        #expect(standings[paths[2]] == nil, "an edited file is not its backed-up copy")
        #expect(standings[paths[1]] == .inCloud)

        let withoutCloud = BackupLookup(queue: queue.store, cloudCatalog: nil, identities: engine.identities)
        #expect(try await withoutCloud.standings(ofFilesUnder: roots).keys.sorted() == [paths[0]])
        #expect(try !withoutCloud.isInCloud(md5: md5s[1]))
    }
}
