import Foundation
import GRDB
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// A library big enough to be read in runs, one a core, each on its own connection
/// (``ApplePhotosLibrary/assetsWorthARun`` assets a core), made by the benchmark's generator
/// from the macOS 13 test library's schema.
@Suite("A big Apple Photos library")
struct ApplePhotosBigLibraryTests {
    @Test("read in runs on several connections, it lists every shown asset once, with the facts a read of each alone gives")
    func runsListEveryAssetOnce() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("big.photoslibrary")
        let count = Int(ApplePhotosLibrary.assetsWorthARun) * 2 + 321
        try await Shell.run(
            "python3",
            [
                Fixtures.repositoryRoot.appendingPathComponent("Benchmarks/make-photos-library.py").path,
                PhotosLibraries.folder.appendingPathComponent(PhotosLibraries.ventura).path, path, String(count),
            ])
        let library = try ApplePhotosLibrary(path: path)
        let runs = try library.read { try library.keyRuns($0) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(runs.count == (cores > 1 ? cores : 0))

        let listed = try library.assets()
        let uuids = try await PhotosLibraries.query("SELECT ZUUID FROM ZASSET", in: path).split(separator: "\n").map(String.init)
        #expect(uuids.count == count)
        // One asset at a time (in chunks of 500, each its own query), filtered as a listing is.
        let alone = Dictionary(
            try library.assets(uuids: uuids).filter(ApplePhotosFilter().accepts).map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(listed.count == alone.count)
        #expect(Set(listed.map(\.uuid)).count == listed.count)
        #expect(listed.allSatisfy { alone[$0.uuid] == $0 })
        #expect(zip(listed, listed.dropFirst()).allSatisfy { !ApplePhotosLibrary.newestFirst($1, $0) })
        // The generator hides 0.5 % and deletes 0.5 %: neither is listed.
        #expect(listed.count < count && listed.count > count * 95 / 100)
    }
}
