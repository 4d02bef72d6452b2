import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("Searching a folder tree")
struct SearchIndexTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    private func photo(_ relative: String, tags: [String]) async throws -> String {
        let path = photos + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try await Fixtures.datedPhoto(at: path, tags: tags)
        return path
    }

    private func names(_ query: String) throws -> [String] {
        try engine.searchIndex.search(try SearchQuery(parsing: query), limit: 100).map(\.name).sorted()
    }

    @Test("Words, fields, exclusions, dates and kinds find the photos they name, accents and case aside")
    func queries() async throws {
        _ = try await photo(
            "2019/wedding.jpg",
            tags: [
                "-DateTimeOriginal=2019:06:15 14:00:00", "-Make=Canon", "-Model=Canon EOS R5", "-XMP-dc:Subject=wedding", "-XMP-dc:Title=Zürich lake",
            ])
        _ = try await photo("2019/beach.jpg", tags: ["-DateTimeOriginal=2019:08:01 10:00:00", "-Make=NIKON CORPORATION", "-XMP-xmp:Rating=5"])
        _ = try await photo("2021/IMG_1.jpg", tags: ["-DateTimeOriginal=2021:01:01 09:00:00", "-Make=Canon"])
        let progress = try await engine.index(try engine.localSource(root: photos))
        #expect(progress.found == 3 && progress.done == 3 && progress.problems.isEmpty, "\(progress)")

        #expect(try names("camera:canon") == ["IMG_1.jpg", "wedding.jpg"])
        #expect(try names("keyword:wedding") == ["wedding.jpg"])
        #expect(try names("zurich") == ["wedding.jpg"], "accents aside")
        #expect(try names("ZÜR") == ["wedding.jpg"], "a word's start, case aside")
        #expect(try names("-canon") == ["beach.jpg"])
        #expect(try names("date:2019-06..2019-08") == ["beach.jpg", "wedding.jpg"])
        #expect(try names("date:2021") == ["IMG_1.jpg"])
        #expect(try names("rating:>=4") == ["beach.jpg"])
        #expect(try names("folder:2019 -rating:>=4") == ["wedding.jpg"])
        #expect(try names("kind:raw") == [])
        #expect(try names(#"NEAR(a b) OR "x"* ^y"#) == [], "FTS5 syntax is only text")
    }

    @Test("Facets count what the photos found share, and each one's term finds exactly its count")
    func facets() async throws {
        _ = try await photo(
            "a.jpg", tags: ["-DateTimeOriginal=2019:06:15 14:00:00", "-Make=Canon", "-Model=Canon EOS R5", "-XMP-dc:Subject=wedding"])
        _ = try await photo(
            "b.jpg",
            tags: [
                "-DateTimeOriginal=2019:08:01 10:00:00", "-Make=Canon", "-Model=Canon EOS R5", "-XMP-dc:Subject+=wedding", "-XMP-dc:Subject+=beach",
            ])
        _ = try await photo("c.jpg", tags: ["-DateTimeOriginal=2021:01:01 09:00:00", "-Make=NIKON CORPORATION", "-XMP-dc:Subject=beach"])
        _ = try await engine.index(try engine.localSource(root: photos))
        let facets = try engine.searchIndex.facets(of: try SearchQuery(parsing: ""))
        #expect(facets.years.map(\.label) == ["2021", "2019"] && facets.years.map(\.count) == [1, 2])
        #expect(facets.keywords.map(\.label).sorted() == ["beach", "wedding"] && facets.keywords.map(\.count) == [2, 2])
        #expect(facets.cameras.first?.count == 2 && facets.cameras.first?.term.hasPrefix("camera:\"") == true, "\(facets.cameras)")
        #expect(facets.kinds.map(\.term) == ["kind:photo"] && facets.kinds.first?.count == 3)
        for value in facets.years + facets.keywords + facets.cameras + facets.kinds {
            #expect(try names(value.term).count == value.count, "\(value)")
        }
        let narrowed = try engine.searchIndex.facets(of: try SearchQuery(parsing: "keyword:beach"))
        #expect(narrowed.years.map(\.label) == ["2021", "2019"] && narrowed.keywords.first { $0.label == "wedding" }?.count == 1)
    }

    @Test("Indexing again reads nothing unchanged; a changed sidecar and a removed photo are seen")
    func upkeep() async throws {
        let kept = try await photo("a.jpg", tags: ["-XMP-dc:Subject=first"])
        let gone = try await photo("b.jpg", tags: [])
        let source = try engine.localSource(root: photos)
        #expect(try await engine.index(source).read == 2)
        #expect(try await engine.index(source).read == 0)
        #expect(try await engine.index(source).done == 2)

        try await Shell.run("exiftool", ["-q", "-XMP-dc:Subject=second", "-o", kept + ".xmp"])
        try FileManager.default.removeItem(atPath: gone)
        let again = try await engine.index(source)
        #expect(again.removed == 1 && again.read == 0, "\(again)")
        #expect(try names("keyword:second") == ["a.jpg"])
        #expect(try names("keyword:first") == [], "the sidecar wins")
        #expect(try names("b") == [])
    }
}
