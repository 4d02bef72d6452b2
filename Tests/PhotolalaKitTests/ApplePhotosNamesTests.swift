import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Names that macOS stored decomposed (a letter, then a combining accent) read in NFC, as
/// osxphotos returns them, and search finds them however the accent is typed.
@Suite("Apple Photos names in Unicode NFC")
struct ApplePhotosNamesTests {
    static let asset = "3DD2C897-F19E-4CA6-8C22-B027D5A71907"
    /// "Crème brûlée" with each accent after its letter (U+0300, U+0302, U+0301), as a Mac may store it.
    static let decomposed = "Cre\u{300}me bru\u{302}le\u{301}e"
    static let composed = "Cr\u{E8}me br\u{FB}l\u{E9}e"

    /// A copy of the 10.15.7 library whose asset has a decomposed title, original filename and
    /// keyword, and whose album "Água" a decomposed title.
    private static func library(in folder: TemporaryDirectory) async throws -> String {
        let path = try await PhotosLibraries.copy(PhotosLibraries.catalina, into: folder)
        let database = path + "/database/Photos.sqlite"
        // Core Data's triggers call functions only Photos defines: drop them in this copy first.
        let drops = try await Shell.run("sqlite3", [database, "SELECT 'DROP TRIGGER \"' || name || '\";' FROM sqlite_master WHERE type = 'trigger'"])
        let attributes = "(SELECT Z_PK FROM ZGENERICASSET WHERE ZUUID = '\(asset)')"
        try await Shell.run(
            "sqlite3",
            [
                database,
                drops + """
                    UPDATE ZADDITIONALASSETATTRIBUTES SET ZTITLE = '\(decomposed)', ZORIGINALFILENAME = '\(decomposed).jpg' WHERE ZASSET = \(attributes);
                    UPDATE ZKEYWORD SET ZTITLE = 'Cafe\u{301}' WHERE ZTITLE = 'Cloudy';
                    UPDATE ZGENERICALBUM SET ZTITLE = 'A\u{301}gua' WHERE ZTITLE = '\u{C1}gua';
                    """,
            ])
        return path
    }

    @Test("titles, original filenames, keywords and album names read composed; search finds them typed either way, in any case")
    func namesAndSearch() async throws {
        let folder = try TemporaryDirectory()
        let path = try await Self.library(in: folder)
        let library = try ApplePhotosLibrary(path: path)
        let asset = try library.asset(uuid: Self.asset)
        #expect(Array(asset.title?.unicodeScalars ?? "".unicodeScalars) == Array(Self.composed.unicodeScalars))
        #expect(Array(asset.originalFilename.unicodeScalars) == Array((Self.composed + ".jpg").unicodeScalars))
        let albums = try library.albums().map(\.title)
        #expect(albums.contains { Array($0.unicodeScalars) == Array("\u{C1}gua".unicodeScalars) })
        #expect(!albums.contains { $0.unicodeScalars.contains("\u{301}") })
        let other = try library.asset(uuid: "A8266C97-9BAF-4AF4-99F3-0013832869B8")
        #expect(other.keywords.contains { Array($0.unicodeScalars) == Array("Caf\u{E9}".unicodeScalars) })
        // The test library itself stores this original filename decomposed ("Fri\u{301}test.jpg").
        #expect(Array(other.originalFilename.unicodeScalars) == Array("Fr\u{ED}test.jpg".unicodeScalars))

        let source = try makeEngine(in: folder).applePhotosSource(libraryAt: path)
        for typed in [Self.composed, Self.decomposed, "CR\u{C8}ME BR\u{DB}L\u{C9}E", "CRE\u{300}ME", "creme brulee", Self.composed + ".JPG"] {
            let found = try await source.search(folder: LocalPhotoSource.rootFolderID, text: typed).map(\.item.id)
            #expect(found == [Self.asset], "\(Array(typed.unicodeScalars)) \(found)")
        }
        #expect(try await source.search(folder: LocalPhotoSource.rootFolderID, text: "CAFE\u{301}").count == 2)
    }
}
