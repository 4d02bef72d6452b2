import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// What one read of a photo teaches (MD5, size, time, displayed size, orientation, date and its
/// offset) is recorded at once, and holds only while the file is unchanged.
@Suite("Recorded facts of a photo")
struct RecordedFactsTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    /// Photos of several kinds: a rotated JPEG, HEIC, PNG, TIFF with an EXIF date, a JPEG dated
    /// with an offset, and a file that is no image.
    private func makePhotos() async throws -> [String] {
        for name in ["orientation6.jpg", "photo.heic", "photo.png", "photo.tiff", "notes.jpg"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: photos + "/" + name)
        }
        try await Fixtures.datedPhoto(at: photos + "/zoned.jpg", tags: ["-DateTimeOriginal=2008:10:22 16:28:39", "-OffsetTimeOriginal=+09:00"])
        return ["notes.jpg", "orientation6.jpg", "photo.heic", "photo.png", "photo.tiff", "zoned.jpg"].map { photos + "/" + $0 }
    }

    @Test("What a thumbnail's read records makes the row and metadata a fresh read gives")
    func factsEqualAFreshRead() async throws {
        let paths = try await makePhotos()
        for path in paths {
            _ = try? await engine.thumbnail(ofFileAt: path)
        }
        let recorded = try engine.fileReader.recordedFacts(forPaths: paths)
        let elsewhere = try makeEngine(in: folder, device: "elsewhere")
        let fresh = elsewhere.fileReader.catalogEntries(at: paths).entries
        for (path, read) in zip(paths, fresh) {
            let facts = try #require(recorded[path], "\(path) was read and not recorded")
            #expect(CatalogEntry(filename: FilePath.name(of: path), facts: facts) == (try read.get()), "\(path)")
            if path.hasSuffix("notes.jpg") {
                #expect(!facts.complete(for: try FileStatus(path: path)), "no image: a catalog build reads it")
                continue
            }
            #expect(facts.complete(for: try FileStatus(path: path)), "\(path)")
            let metadata = try await elsewhere.metadata(ofFileAt: path)
            #expect(facts.identity.md5 == metadata.md5)
            #expect(facts.identity.width == metadata.width && facts.identity.height == metadata.height, "\(path)")
            #expect(facts.identity.orientation == metadata.orientation, "\(path)")
            #expect(facts.date == PhotoDateIndex.Recorded(metadata), "\(path)")
        }
        #expect(recorded[photos + "/orientation6.jpg"]?.identity.orientation == 6)
        #expect(recorded[photos + "/zoned.jpg"]?.date == .taken(HeaderDate(seconds: 1_224_692_919 - 9 * 3_600, offset: 9 * 3_600)))
        #expect(recorded[photos + "/photo.png"]?.date == .undated)
    }

    @Test("A catalog build after thumbnails reads nothing; a file whose size or time changed is read again")
    func changedFilesAreReadAgain() async throws {
        let paths = try await makePhotos().filter { !$0.hasSuffix("notes.jpg") }
        // A file that is no image has no thumbnail, and a catalog build reads it.
        try FileManager.default.removeItem(atPath: photos + "/notes.jpg")
        for path in paths {
            _ = try await engine.thumbnail(ofFileAt: path)
        }
        #expect(try await readCount() == 0)

        let touched = photos + "/photo.png"
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_500_000_000)], ofItemAtPath: touched)
        let replaced = photos + "/zoned.jpg"
        try FileManager.default.removeItem(atPath: replaced)
        try await Fixtures.datedPhoto(at: replaced, tags: ["-DateTimeOriginal=2010:01:01 10:00:00"])
        #expect(try await readCount() == 2)
        let recorded = try engine.fileReader.recordedFacts(forPaths: [touched, replaced])
        #expect(try recorded[touched]?.complete(for: FileStatus(path: touched)) == true, "recorded again as the file is now")
        #expect(recorded[replaced]?.date == .taken(HeaderDate(seconds: 1_262_340_000, offset: nil)))
        #expect(try await readCount() == 0)
    }

    /// Builds the folder's catalog and says how many photos were read for it.
    private func readCount() async throws -> Int {
        try await engine.catalogBuilder(jobs: 2).build(folder: try engine.localSource(root: photos)).reduce(0) { count, event in
            if case .photoDone(hashed: true, _) = event { return count + 1 }
            return count
        }
    }
}
