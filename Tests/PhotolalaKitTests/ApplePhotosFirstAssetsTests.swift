import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// The first photos of All Photos and its views read through Photos' date index, which a
/// browser shows while the library is listed: they must be exactly the start of the listing.
@Suite("The first photos of a library, read ahead of its listing")
struct ApplePhotosFirstAssetsTests {
    /// A generated library of 2,000 assets (dates rising with their keys, 5 % favourites,
    /// 0.5 % hidden, 0.5 % deleted), with `undated` of them given no date.
    private static func library(undated: Int = 0) async throws -> (folder: TemporaryDirectory, path: String) {
        let folder = try TemporaryDirectory()
        let path = folder.path("generated.photoslibrary")
        try await Shell.run(
            "python3",
            [
                Fixtures.repositoryRoot.appendingPathComponent("Benchmarks/make-photos-library.py").path,
                PhotosLibraries.folder.appendingPathComponent(PhotosLibraries.ventura).path, path, "2000",
            ])
        if undated > 0 {
            let table = try await PhotosLibraries.assetTable(in: path)
            try await PhotosLibraries.write("UPDATE \(table) SET ZDATECREATED = NULL WHERE Z_PK % 97 = 0 AND Z_PK <= \(97 * undated);", to: path)
        }
        return (folder, path)
    }

    @Test("oldest and newest first, they are the listing's two ends, hidden and deleted photos left out")
    func bothEnds() async throws {
        let (folder, path) = try await Self.library()
        defer { withExtendedLifetime(folder) {} }
        let library = try ApplePhotosLibrary(path: path)
        let listed = try library.assets().map(\.uuid)

        let newest = try library.assets(ApplePhotosFilter(), first: 200, in: .newestFirst).map(\.uuid)
        #expect(newest == Array(listed.prefix(200)))
        let oldest = try library.assets(ApplePhotosFilter(), first: 200, in: .oldestFirst).map(\.uuid)
        #expect(oldest.count >= 200)
        #expect(oldest == Array(listed.suffix(oldest.count)))
    }

    @Test("a view of few photos is read in growing runs until it has enough: the favourites' start")
    func sparseView() async throws {
        let (folder, path) = try await Self.library()
        defer { withExtendedLifetime(folder) {} }
        let library = try ApplePhotosLibrary(path: path)
        var favourites = ApplePhotosFilter()
        favourites.onlyFavorites = true
        let listed = try library.assets(favourites).map(\.uuid)
        #expect(listed.count > 50 && listed.count < 200)

        let oldest = try library.assets(favourites, first: 30, in: .oldestFirst).map(\.uuid)
        #expect(oldest.count >= 30)
        #expect(oldest == Array(listed.suffix(oldest.count)))
        // More than the view holds: all of it.
        #expect(try library.assets(favourites, first: 500, in: .newestFirst).map(\.uuid) == listed)
    }

    @Test("newest first, undated photos come first, all of them, or none is given when they are too many")
    func undatedPhotos() async throws {
        let (folder, path) = try await Self.library(undated: 12)
        defer { withExtendedLifetime(folder) {} }
        let library = try ApplePhotosLibrary(path: path)
        let listed = try library.assets()
        let undated = Set(listed.filter { $0.creationDate == nil }.map(\.uuid))
        #expect(undated.count >= 10)

        let newest = try library.assets(ApplePhotosFilter(), first: 100, in: .newestFirst)
        // The listing puts undated photos last; a browser ordering newest first shows them first.
        #expect(Set(newest.filter { $0.creationDate == nil }.map(\.uuid)) == undated)
        let dated = newest.filter { $0.creationDate != nil }.map(\.uuid)
        #expect(dated == Array(listed.map(\.uuid).prefix(dated.count)))
        #expect(dated.count + undated.count >= 100)
        // Oldest first they come last: none of them is among the first.
        #expect(try library.assets(ApplePhotosFilter(), first: 100, in: .oldestFirst).allSatisfy { $0.creationDate != nil })
        // More undated photos than asked for: which come first is a matter of their names.
        #expect(try library.assets(ApplePhotosFilter(), first: 5, in: .newestFirst).isEmpty)
    }
}
