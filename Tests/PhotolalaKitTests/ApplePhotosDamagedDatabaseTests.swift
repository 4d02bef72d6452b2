import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// The reader on copies of the test libraries whose databases were changed as a damaged copy or
/// a Photos release Photolala does not know would change them: columns renamed, values of the
/// wrong type or out of range, files missing. Each must be told, never read as wrong data, and
/// never show a hidden or deleted photo.
@Suite("Apple Photos reader on damaged databases")
struct ApplePhotosDamagedDatabaseTests {
    /// The hidden photo and the two recently deleted ones of both test libraries.
    static let hiddenOrDeleted: Set<String> = [
        "A1DD1F98-2ECD-431F-9AC9-5AFEFE2D3A5C", "71E3E212-00EB-430D-8A63-5E294B268554", "6FD38366-3BF2-407D-81FE-7153EB6125B6",
    ]

    /// A column to rename: `asset` stands for the library's asset table (`ZGENERICASSET` or `ZASSET`).
    struct RenamedColumn: Sendable, CustomTestStringConvertible {
        let table: String
        let column: String

        var testDescription: String { "\(table).\(column)" }
    }

    static let renamedColumns = [
        ("asset", "ZHIDDEN"), ("asset", "ZTRASHEDSTATE"), ("asset", "ZKIND"), ("asset", "ZFAVORITE"), ("asset", "ZDATECREATED"),
        ("asset", "ZFILENAME"), ("asset", "ZDIRECTORY"), ("asset", "ZUUID"), ("ZADDITIONALASSETATTRIBUTES", "ZORIGINALFILENAME"),
        ("ZGENERICALBUM", "ZTITLE"), ("ZGENERICALBUM", "ZTRASHEDSTATE"), ("ZGENERICALBUM", "ZKIND"), ("ZPERSON", "ZFULLNAME"),
        ("ZASSETDESCRIPTION", "ZLONGDESCRIPTION"),
    ].map(RenamedColumn.init)

    @Test(
        "a renamed column is a problem the library reports, and never shows a hidden or deleted photo",
        arguments: [PhotosLibraries.catalina, PhotosLibraries.ventura], renamedColumns)
    func renamedColumn(name: String, renamed: RenamedColumn) async throws {
        let folder = try TemporaryDirectory()
        let path = try await PhotosLibraries.copy(name, into: folder)
        let table = renamed.table == "asset" ? try await PhotosLibraries.assetTable(in: path) : renamed.table
        let before = try ApplePhotosLibrary(path: path)
        let shown = try before.assets()
        let albums = try before.albums()
        try await PhotosLibraries.write("ALTER TABLE \(table) RENAME COLUMN \(renamed.column) TO \(renamed.column)_RENAMED;", to: path)

        let library = try ApplePhotosLibrary(path: path)
        let problem = try #require(library.problems.first { $0.contains("\(table).\(renamed.column)") }, "\(library.problems)")
        #expect(problem.contains("not found in the database"))
        let info = try library.info()
        #expect(info.problems == library.problems)

        // Whatever is missing, no listing shows a hidden or deleted photo.
        var favorites = ApplePhotosFilter()
        favorites.onlyFavorites = true
        var listed = try library.assets() + library.assets(favorites)
        for album in try library.albums() where album.kind != .folder {
            listed += try library.assets(inAlbum: album.uuid)
        }
        #expect(Set(listed.map(\.uuid)).isDisjoint(with: Self.hiddenOrDeleted))

        let assets = try library.assets()
        switch (renamed.table, renamed.column) {
        case ("asset", "ZHIDDEN"):
            // Every photo may be hidden: All Photos lists none, a listing of hidden photos all.
            #expect(assets.isEmpty && info.photos + info.videos == 0)
            #expect(try library.assets(ApplePhotosFilter(includeHidden: true)).count == shown.count + 1)
            #expect(problem.contains("treats every photo as hidden"))
        case ("asset", "ZTRASHEDSTATE"):
            #expect(assets.isEmpty)
            #expect(problem.contains("treats every photo as recently deleted"))
        case ("asset", "ZUUID"):
            #expect(assets.isEmpty)
        case ("asset", "ZKIND"):
            // Photo or video from the file type: the same photos and videos as before.
            #expect(assets.map(\.uuid) == shown.map(\.uuid))
            #expect(assets.filter(\.isMovie).map(\.uuid) == shown.filter(\.isMovie).map(\.uuid))
        case ("asset", "ZFAVORITE"):
            #expect(assets.count == shown.count)
            #expect(try library.assets(favorites).isEmpty)
        case ("asset", "ZDATECREATED"):
            #expect(Set(assets.map(\.uuid)) == Set(shown.map(\.uuid)) && assets.allSatisfy { $0.creationDate == nil })
        case ("asset", "ZFILENAME"), ("asset", "ZDIRECTORY"):
            // A referenced file's path is never read, whatever it is.
            #expect(assets.count == shown.count && assets.allSatisfy { $0.isMissing && ($0.isReference || library.originalPath(of: $0) == nil) })
        case ("ZADDITIONALASSETATTRIBUTES", "ZORIGINALFILENAME"):
            #expect(assets.count == shown.count && assets.allSatisfy { $0.originalFilename == $0.filename })
        case ("ZGENERICALBUM", "ZTITLE"):
            #expect(try library.albums().map(\.uuid) == albums.map(\.uuid))
            #expect(try library.albums().allSatisfy { $0.title.isEmpty })
        case ("ZPERSON", "ZFULLNAME"):
            // Only the people are lost.
            #expect(try assets.map(\.uuid) == shown.map(\.uuid) && library.facts().people.isEmpty)
            #expect(try !before.facts().people.isEmpty && !library.facts().descriptions.isEmpty)
            #expect(problem.contains("no named people"))
        case ("ZASSETDESCRIPTION", "ZLONGDESCRIPTION"):
            #expect(try assets.map(\.uuid) == shown.map(\.uuid) && library.facts().descriptions.isEmpty)
            #expect(try !before.facts().descriptions.isEmpty && !library.facts().people.isEmpty)
        case ("ZGENERICALBUM", "ZTRASHEDSTATE"), ("ZGENERICALBUM", "ZKIND"):
            #expect(try library.albums().isEmpty)
            #expect(assets.map(\.uuid) == shown.map(\.uuid))
        default:
            Issue.record("no expectation for \(renamed.testDescription)")
        }
    }

    @Test(
        "a damaged search index loses only the scene labels, told as a problem: not a database, cut short, a table gone",
        arguments: ["garbage", "truncated", "no ga table"])
    func damagedSearchIndex(damage: String) async throws {
        let folder = try TemporaryDirectory()
        let bundle = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: folder)
        try await PhotosLibraries.addSearchIndex(to: bundle, form: .psi)
        let index = bundle + "/database/search/psi.sqlite"
        #expect(!(try ApplePhotosLibrary(path: bundle).facts().labels.isEmpty), "the index is read before it is damaged")
        switch damage {
        case "garbage":
            try Data(repeating: 0x5A, count: 8_192).write(to: URL(fileURLWithPath: index))
        case "truncated":
            let whole = try Data(contentsOf: URL(fileURLWithPath: index))
            try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: index))
        default:
            try await Shell.run("sqlite3", [index, "DROP TABLE ga"])
        }
        let facts = try ApplePhotosLibrary(path: bundle).facts()
        #expect(facts.labels.isEmpty)
        #expect(facts.problems.count == 1 && facts.problems.first?.contains("database/search/psi.sqlite") == true, "\(facts.problems)")
        #expect(facts.people.values.contains { $0.contains("Katie") }, "the people are read all the same")
        #expect(!facts.places.isEmpty, "and the places")
    }

    @Test("the unchanged test libraries report no problem", arguments: [PhotosLibraries.catalina, PhotosLibraries.ventura])
    func noProblems(name: String) async throws {
        let folder = try TemporaryDirectory()
        #expect(try ApplePhotosLibrary(path: try await PhotosLibraries.copy(name, into: folder)).problems.isEmpty)
    }

    @Test("damaged values read as unknown: huge, negative, of the wrong type, NULL; an unreadable hidden or deleted flag hides the photo")
    func damagedValues() async throws {
        let folder = try TemporaryDirectory()
        let path = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: folder)
        let huge = "replace(hex(zeroblob(500000)), '00', 'xy')"
        try await PhotosLibraries.write(
            """
            UPDATE ZASSET SET ZDATECREATED = 1e300, ZWIDTH = -5, ZHEIGHT = 'tall', ZORIENTATION = 99, ZFAVORITE = X'01',
                ZLATITUDE = 'north', ZADDEDDATE = -1e308, ZKINDSUBTYPE = 1e300 WHERE ZUUID LIKE 'D79B8D77%';
            UPDATE ZADDITIONALASSETATTRIBUTES SET ZTITLE = \(huge), ZORIGINALFILENAME = X'FF00FE', ZTIMEZONEOFFSET = 9e18,
                ZORIGINALFILESIZE = -7 WHERE ZASSET = (SELECT Z_PK FROM ZASSET WHERE ZUUID LIKE 'D79B8D77%');
            UPDATE ZASSET SET ZKIND = NULL, ZKINDSUBTYPE = NULL, ZFAVORITE = NULL, ZDATECREATED = NULL, ZWIDTH = NULL, ZHEIGHT = NULL,
                ZAVALANCHEUUID = NULL, ZAVALANCHEPICKTYPE = NULL, ZUNIFORMTYPEIDENTIFIER = NULL, ZFILENAME = NULL, ZDIRECTORY = NULL
                WHERE ZUUID LIKE '7783E8E6%';
            UPDATE ZASSET SET ZHIDDEN = NULL WHERE ZUUID LIKE 'F12384F6%';
            UPDATE ZASSET SET ZTRASHEDSTATE = 'no' WHERE ZUUID LIKE '1EB2B765%';
            UPDATE ZASSET SET ZHIDDEN = X'00' WHERE ZUUID LIKE '3DD2C897%';
            UPDATE ZGENERICALBUM SET ZTITLE = X'00FF', ZCUSTOMSORTKEY = 'by date', ZCUSTOMSORTASCENDING = 1e300, Z_FOK_PARENTFOLDER = 'x'
                WHERE ZTITLE = 'Pumpkin Farm';
            UPDATE ZGENERICALBUM SET ZTRASHEDSTATE = NULL WHERE ZTITLE = 'Raw';
            UPDATE ZKEYWORD SET ZTITLE = X'FFFF' WHERE Z_PK = (SELECT MIN(Z_PK) FROM ZKEYWORD);
            """, to: path)
        let library = try ApplePhotosLibrary(path: path)
        #expect(library.problems.isEmpty)
        let everything = try library.assets(ApplePhotosFilter(includeHidden: true, includeTrashed: true))
        let damaged = try #require(everything.first { $0.uuid.hasPrefix("D79B8D77") })
        #expect(damaged.creationDate == nil && damaged.addedDate == nil && damaged.width == nil && damaged.height == nil)
        #expect(damaged.orientation == nil && damaged.latitude == nil && damaged.timeZoneOffset == nil && damaged.fileSize == nil)
        #expect(!damaged.isFavorite && damaged.originalFilename == damaged.filename)
        #expect(damaged.title?.count == ApplePhotosRow.textLimit)
        let empty = try #require(everything.first { $0.uuid.hasPrefix("7783E8E6") })
        #expect(empty.kind == .photo && empty.creationDate == nil && empty.isMissing)

        // A hidden or deleted flag that does not read 0 (NULL, text, a blob) hides the photo.
        let shown = Set(try library.assets().map { String($0.uuid.prefix(8)) })
        #expect(shown.isDisjoint(with: ["F12384F6", "1EB2B765", "3DD2C897", "A1DD1F98", "71E3E212", "6FD38366"]))
        #expect(shown.contains("D79B8D77") && shown.contains("7783E8E6"))

        let albums = try library.albums()
        #expect(!albums.contains { $0.title == "Raw" })
        let manual = try #require(albums.first { $0.title.isEmpty && $0.kind == .album && $0.sortOrder == .manual })
        #expect(try library.assets(inAlbum: manual.uuid).count <= manual.assetCount)
        _ = try library.info()
    }

    @Test("a uuid, directory or file name leading out of the library is never read")
    func pathsStayInside() async throws {
        let folder = try TemporaryDirectory()
        let path = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: folder)
        try FileManager.default.createDirectory(atPath: folder.path("outside"), withIntermediateDirectories: true)
        try Data("secret".utf8).write(to: URL(fileURLWithPath: folder.path("outside/secret.jpeg")))
        try await PhotosLibraries.write(
            """
            UPDATE ZASSET SET ZDIRECTORY = '../../outside', ZFILENAME = 'secret.jpeg' WHERE ZUUID LIKE 'D79B8D77%';
            UPDATE ZASSET SET ZDIRECTORY = '..', ZFILENAME = '../outside/secret.jpeg' WHERE ZUUID LIKE 'F12384F6%';
            UPDATE ZASSET SET ZUUID = '../../../outside/x' WHERE ZUUID LIKE '7783E8E6%';
            UPDATE ZASSET SET ZUUID = '..' WHERE ZUUID LIKE '3DD2C897%';
            UPDATE ZASSET SET ZUUID = replace(hex(zeroblob(200)), '00', 'ab') WHERE ZUUID LIKE '8846E3E6%';
            """, to: path)
        let library = try ApplePhotosLibrary(path: path)
        let assets = try library.assets()
        // Neither a uuid that is a path nor one longer than a file name can be (400 bytes) is listed.
        #expect(assets.count == 10)
        #expect(!assets.contains { $0.uuid.contains("/") || $0.uuid == ".." || $0.uuid.utf8.count > 255 })
        for prefix in ["D79B8D77", "F12384F6"] {
            let asset = try #require(assets.first { $0.uuid.hasPrefix(prefix) })
            #expect(asset.isMissing && library.originalPath(of: asset) == nil)
            #expect(throws: PhotolalaError.self) { try library.availableOriginalPath(of: asset) }
        }
    }

    @Test("a library without Photos.sqlite says so: copied in part, or not a library; a real Photos 2–4 library is unsupported")
    func missingDatabase() async throws {
        let folder = try TemporaryDirectory()
        let path = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: folder)
        for suffix in ["", "-wal", "-shm"] {
            try FileManager.default.removeItem(atPath: path + "/database/Photos.sqlite" + suffix)
        }
        #expect { try ApplePhotosLibrary(path: path) } throws: { error in
            let error = error as? PhotolalaError
            return error?.code == .damagedPhotosLibrary && error?.message.contains("database/Photos.sqlite is missing") == true
                && error?.message.contains("Photos 5+") == true && error?.message.contains("2–4") == false
        }

        // Its photos.db gone too: still a library, by its folders, copied in part.
        try FileManager.default.removeItem(atPath: path + "/database/photos.db")
        #expect { try ApplePhotosLibrary(path: path) } throws: { error in
            let error = error as? PhotolalaError
            return error?.code == .damagedPhotosLibrary && error?.message.contains("a copy still in progress") == true
        }

        let plain = folder.path("plain")
        try FileManager.default.createDirectory(atPath: plain, withIntermediateDirectories: true)
        #expect { try ApplePhotosLibrary(path: plain) } throws: { ($0 as? PhotolalaError)?.code == .notAPhotosLibrary }
        #expect { try ApplePhotosLibrary(path: folder.path("absent")) } throws: { ($0 as? PhotolalaError)?.code == .notAPhotosLibrary }

        // Photos 4 (macOS 10.14): photos.db holds the RK tables and LiGlobals names version 4025.
        let old = folder.path("Old.photoslibrary")
        try FileManager.default.createDirectory(atPath: old + "/database", withIntermediateDirectories: true)
        try await Shell.run(
            "sqlite3",
            [
                old + "/database/photos.db",
                "CREATE TABLE LiGlobals (modelId INTEGER PRIMARY KEY, keyPath VARCHAR, value VARCHAR, blobValue BLOB); "
                    + "INSERT INTO LiGlobals VALUES (2, 'libraryVersion', '4025', NULL); CREATE TABLE RKVersion (modelId INTEGER PRIMARY KEY);",
            ])
        let before = try await PhotosLibraries.fingerprint(old)
        #expect { try ApplePhotosLibrary(path: old) } throws: { error in
            let error = error as? PhotolalaError
            return error?.code == .unsupportedPhotosLibrary && error?.message.contains("Photos 2–4 library") == true
                && error?.message.contains("version 4025") == true
        }
        // Read without a byte written beside it.
        #expect(try await PhotosLibraries.fingerprint(old) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: old + "/database") == ["photos.db"])
    }
}
