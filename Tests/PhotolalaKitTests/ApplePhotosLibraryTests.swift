import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// The reader on the two real libraries of the shared test data (macOS 10.15.7 and 13.0), each
/// copied to a temporary folder first. Expected values were read from the databases with
/// sqlite3 and agree with osxphotos 0.77.
@Suite("Apple Photos library reader")
struct ApplePhotosLibraryTests {
    /// A copied library, opened; the copy is removed with the value, so keep it while its
    /// files are read.
    struct Opened {
        let folder: TemporaryDirectory
        let path: String
        let library: ApplePhotosLibrary

        init(_ name: String) throws {
            folder = try TemporaryDirectory()
            path = try PhotosLibraries.copy(name, into: folder)
            library = try ApplePhotosLibrary(path: path)
        }
    }

    @Test(
        "schema names and model version come from the database",
        arguments: [
            (PhotosLibraries.catalina, "ZGENERICASSET", "Z_26ASSETS", "Z_34ASSETS", 13703, 5),
            (PhotosLibraries.ventura, "ZASSET", "Z_28ASSETS", "Z_3ASSETS", 16320, 8),
        ])
    func schema(name: String, assetTable: String, joinTable: String, assetColumn: String, model: Int, photos: Int) throws {
        let opened = try Opened(name)
        let library = opened.library
        #expect(library.schema.assetTable == assetTable)
        #expect(library.schema.albumJoin?.table == joinTable)
        #expect(library.schema.albumJoin?.assetColumn == assetColumn)
        #expect(library.schema.albumJoin?.orderColumn == "Z_FOK_" + assetColumn.dropFirst(2))
        #expect(library.version.modelVersion == model)
        #expect(library.version.photosVersion == photos)
    }

    @Test(
        "counts: All Photos leaves out hidden and recently deleted assets",
        arguments: [
            (PhotosLibraries.catalina, 29, 26, 2),
            (PhotosLibraries.ventura, 16, 13, 0),
        ])
    func counts(name: String, all: Int, shown: Int, videos: Int) throws {
        let opened = try Opened(name)
        let library = opened.library
        #expect(try library.assets(ApplePhotosFilter(includeHidden: true, includeTrashed: true)).count == all)
        let assets = try library.assets()
        #expect(assets.count == shown)
        #expect(assets.count(where: \.isMovie) == videos)
        let info = try library.info()
        #expect(info.photos + info.videos == shown)
        #expect(info.hidden == 1)
        #expect(info.trashed == 2)
        #expect(info.favorites == 1)
    }

    @Test("favourites, hidden and trashed assets", arguments: [PhotosLibraries.catalina, PhotosLibraries.ventura])
    func flags(name: String) throws {
        let opened = try Opened(name)
        let library = opened.library
        let all = try library.assets(ApplePhotosFilter(includeHidden: true, includeTrashed: true))
        #expect(all.filter(\.isFavorite).map(\.uuid) == ["E9BC5C36-7CD1-40A1-A72B-8B8FAC227D51"])
        #expect(all.filter(\.isHidden).map(\.uuid) == ["A1DD1F98-2ECD-431F-9AC9-5AFEFE2D3A5C"])
        #expect(Set(all.filter(\.isTrashed).map(\.uuid)) == ["71E3E212-00EB-430D-8A63-5E294B268554", "6FD38366-3BF2-407D-81FE-7153EB6125B6"])
        let shown = Set(try library.assets().map(\.uuid))
        #expect(!shown.contains("A1DD1F98-2ECD-431F-9AC9-5AFEFE2D3A5C"))
        #expect(!shown.contains("71E3E212-00EB-430D-8A63-5E294B268554"))
    }

    @Test("newest first, dates in the time zone the photo was taken in")
    func datesAndOrder() throws {
        let opened = try Opened(PhotosLibraries.catalina)
        let library = opened.library
        let assets = try library.assets()
        #expect(assets.first?.uuid == "A8266C97-9BAF-4AF4-99F3-0013832869B8")
        let dated = assets.compactMap(\.creationDate)
        #expect(dated == dated.sorted(by: >))
        let adelaide = try library.asset(uuid: "3DD2C897-F19E-4CA6-8C22-B027D5A71907")
        #expect(adelaide.creationDate == Date(timeIntervalSince1970: 519_637_736.518 + 978_307_200))
        #expect(adelaide.timeZoneOffset == 34_200)
        #expect(adelaide.timeZoneName == "Australia/Adelaide")
        #expect(adelaide.title == "Elder Park")
        #expect(abs((adelaide.latitude ?? 0) - -34.91889167) < 1e-6)
        // ZDATECREATED 123456789012345 is damage: no date rather than the year 3.9 million.
        let undated = try library.asset(uuid: "8846E3E6-8AC8-4857-8448-E3D025784410")
        #expect(undated.creationDate == nil)
        #expect(assets.last?.uuid == undated.uuid)
        let noLocation = try library.asset(uuid: "F12384F6-CD17-4151-ACBA-AE0E3688539E")
        #expect(noLocation.latitude == nil && noLocation.longitude == nil)
        #expect(noLocation.keywords == ["Kids"])
    }

    @Test(
        "originals not on disk are missing: in iCloud, referenced, or absent",
        arguments: [
            (PhotosLibraries.catalina, ["A1DD1F98", "8E1D7BC9", "8846E3E6", "D05A5FE3", "B13F4485", "1793FAAB"]),
            (PhotosLibraries.ventura, ["A1DD1F98", "8E1D7BC9", "8846E3E6", "D05A5FE3"]),
        ])
    func missing(name: String, expected: [String]) throws {
        let opened = try Opened(name)
        let library = opened.library
        let all = try library.assets(ApplePhotosFilter(includeHidden: true, includeTrashed: true))
        #expect(Set(all.filter(\.isMissing).map { String($0.uuid.prefix(8)) }) == Set(expected))
        let referenced = try library.asset(uuid: "8E1D7BC9-9321-44F9-8CFB-4083F6B9232A")
        #expect(referenced.isReference)
        #expect(!referenced.isOriginalLocal)
    }

    @Test("albums keyed by uuid, folders with their hierarchy", arguments: [PhotosLibraries.catalina, PhotosLibraries.ventura])
    func albums(name: String) throws {
        let albums = try Opened(name).library.albums()
        let byUUID = Dictionary(uniqueKeysWithValues: albums.map { (String($0.uuid.prefix(8)), $0) })
        #expect(albums.filter { $0.title == "Test Album" }.count == 2)
        #expect(byUUID["88A5F8B8"]?.kind == .folder && byUUID["88A5F8B8"]?.parentUUID == nil)
        #expect(byUUID["29EF7A97"]?.title == "SubFolder2" && byUUID["29EF7A97"]?.parentUUID == byUUID["88A5F8B8"]?.uuid)
        #expect(byUUID["973ED0FD"]?.title == "AlbumInFolder" && byUUID["973ED0FD"]?.parentUUID == byUUID["29EF7A97"]?.uuid)
        #expect(byUUID["68001ACE"]?.parentUUID == byUUID["2C2AF115"]?.uuid)
        #expect(byUUID["D4DC7467"]?.assetCount == 0)
        // Import sessions (1506), built-in smart albums (16xx) and the root folder are Photos's own.
        #expect(albums.allSatisfy { !$0.title.isEmpty })
    }

    @Test(
        "album members in the album's sort order",
        arguments: [
            ("0C514A98-8DA9-4D4F-8A62-B0BE8B3ECB2E", ["1EB2B765", "F12384F6", "D79B8D77"]),
            ("68001ACE", ["D05A5FE3", "A92D9C26", "4D521201", "8E1D7BC9"]),
            ("D2402493", ["7783E8E6", "F12384F6", "3DD2C897"]),
            ("10308D7C", ["3DD2C897", "F12384F6", "7783E8E6"]),
            ("3F387CAF", ["7783E8E6", "F12384F6", "3DD2C897"]),
            ("1734D751", ["7783E8E6", "3DD2C897", "F12384F6"]),
            ("EA8E27F6", ["E9BC5C36"]),
        ])
    func albumOrder(prefix: String, expected: [String]) throws {
        let opened = try Opened(PhotosLibraries.catalina)
        let library = opened.library
        let album = try #require(try library.albums().first { $0.uuid.hasPrefix(String(prefix.prefix(8))) })
        #expect(try library.assets(inAlbum: album.uuid).map { String($0.uuid.prefix(8)) } == expected)
    }

    @Test("a burst shows only its key and selected frames")
    func bursts() throws {
        let folder = try TemporaryDirectory()
        let path = try PhotosLibraries.copy(PhotosLibraries.ventura, into: folder)
        // The test libraries hold no burst: make one in the copy, as Photos records it.
        try Shell.run(
            "sqlite3",
            [
                path + "/database/Photos.sqlite",
                """
                UPDATE ZASSET SET ZAVALANCHEUUID = 'BURST-1', ZAVALANCHEPICKTYPE = 2 WHERE ZUUID LIKE '1EB2B765%';
                UPDATE ZASSET SET ZAVALANCHEUUID = 'BURST-1', ZAVALANCHEPICKTYPE = 52 WHERE ZUUID LIKE 'F12384F6%';
                """,
            ])
        let library = try ApplePhotosLibrary(path: path)
        let shown = try library.assets().map { String($0.uuid.prefix(8)) }
        #expect(!shown.contains("1EB2B765"))
        #expect(shown.contains("F12384F6"))
        #expect(try library.asset(uuid: "1EB2B765-0765-43BA-A90C-0D0580E6172C").isBurst)
        #expect(try library.info().burstFrames == 2)
    }

    @Test("thumbnails come from derivatives, even when the original is in iCloud")
    func thumbnails() async throws {
        let opened = try Opened(PhotosLibraries.catalina)
        let engine = try makeEngine(in: opened.folder)
        let source = try engine.applePhotosSource(libraryAt: opened.path)
        let tiff = try source.library.asset(uuid: "8846E3E6-8AC8-4857-8448-E3D025784410")
        #expect(tiff.isMissing)
        #expect(
            source.library.thumbnailSourcePath(of: tiff)?.hasSuffix("derivatives/masters/8/8846E3E6-8AC8-4857-8448-E3D025784410_4_5005_c.jpeg")
                == true)
        let thumbnail = try await source.loadThumbnail(for: tiff.uuid)
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(min(size.width, size.height) == 256)
        let error = await #expect(throws: PhotolalaError.self) { try await source.loadFullImage(for: tiff.uuid) }
        #expect(error?.code == .notAvailableLocally)
        #expect(error?.message.contains("not available locally (in iCloud)") == true)

        // An edited photo's full image is the render; its original is there on request.
        let edited = try source.library.asset(uuid: "E9BC5C36-7CD1-40A1-A72B-8B8FAC227D51")
        #expect(try source.library.fullImagePath(of: edited).hasSuffix("renders/E/E9BC5C36-7CD1-40A1-A72B-8B8FAC227D51_1_201_a.jpeg"))
        #expect(try source.library.fullImagePath(of: edited, edited: false).hasSuffix("originals/E/E9BC5C36-7CD1-40A1-A72B-8B8FAC227D51.jpeg"))
    }

    @Test("a live photo's video and a RAW companion are found beside the original")
    func companions() throws {
        let opened = try Opened(PhotosLibraries.ventura)
        let asset = try opened.library.asset(uuid: "7783E8E6-9CAC-40F3-BE22-81FB7051C266")
        #expect(opened.library.companionPaths(of: asset).isEmpty)
        // The shared libraries keep no file over 4 MiB: put companions where Photos stores them.
        let folder = opened.path + "/originals/7/"
        for name in ["7783E8E6-9CAC-40F3-BE22-81FB7051C266_3.mov", "7783E8E6-9CAC-40F3-BE22-81FB7051C266_4.dng"] {
            try Data("companion".utf8).write(to: URL(fileURLWithPath: folder + name))
        }
        #expect(
            opened.library.companionPaths(of: asset) == [
                folder + "7783E8E6-9CAC-40F3-BE22-81FB7051C266_3.mov", folder + "7783E8E6-9CAC-40F3-BE22-81FB7051C266_4.dng",
            ])
    }

    @Test("the source lists uuids newest first, albums and views, and searches titles, filenames and keywords")
    func source() async throws {
        let opened = try Opened(PhotosLibraries.catalina)
        let source = try makeEngine(in: opened.folder).applePhotosSource(libraryAt: opened.path)
        #expect(source.capabilities == [.albums, .search, .sorting, .grouping, .preview, .star])
        let items = try await source.allItems()
        #expect(items.count == 26)
        #expect(items.first?.id == "A8266C97-9BAF-4AF4-99F3-0013832869B8")
        #expect(try await source.scoped(.favorites).allItems().map(\.id) == ["E9BC5C36-7CD1-40A1-A72B-8B8FAC227D51"])
        #expect(try await source.scoped(.hidden).allItems().map(\.id) == ["A1DD1F98-2ECD-431F-9AC9-5AFEFE2D3A5C"])
        #expect(try await source.scoped(.recentlyDeleted).allItems().count == 2)
        #expect(try await source.search("kids").count == 3)
        #expect(try await source.search("Val d'ISERE").count == 2)
        #expect(try await source.search("elder park").map(\.id) == ["3DD2C897-F19E-4CA6-8C22-B027D5A71907"])
        let listed = source.listedPhotos(for: [items[0], PhotoItem(id: "GONE", displayName: "gone.jpg"), items[1]])
        #expect(listed.map(\.item.id) == [items[0].id, items[1].id])
        #expect(listed.first?.date == 1_630_896_072)  // 2021-09-05T19:41:12.080-07:00
        #expect(listed.first?.width == 1080 && listed.first?.height == 601)
        let metadata = try await source.loadMetadata(for: "3DD2C897-F19E-4CA6-8C22-B027D5A71907")
        #expect(metadata.originalFilename == "IMG_4547.jpg")
        #expect(metadata.photoDateOffsetSeconds == 34_200)
        #expect(metadata.format == .jpeg)
    }

    @Test("a change Photos writes to the database is announced after refresh")
    func changes() async throws {
        let opened = try Opened(PhotosLibraries.ventura)
        let source = try makeEngine(in: opened.folder).applePhotosSource(libraryAt: opened.path)
        #expect(try await source.allItems().count == 13)
        let changes = source.changes()
        try await source.refresh()  // nothing changed: nothing announced, nothing copied
        // As Photos would: one photo deleted, one favourited (its modification date moves).
        // Core Data's triggers call functions only Photos defines: drop them in this copy first.
        let database = opened.path + "/database/Photos.sqlite"
        let drops = try Shell.run("sqlite3", [database, "SELECT 'DROP TRIGGER \"' || name || '\";' FROM sqlite_master WHERE type = 'trigger'"])
        try Shell.run(
            "sqlite3",
            [
                database,
                drops + """
                    UPDATE ZASSET SET ZTRASHEDSTATE = 1 WHERE ZUUID LIKE '1EB2B765%';
                    UPDATE ZASSET SET ZFAVORITE = 1, ZMODIFICATIONDATE = ZMODIFICATIONDATE + 60 WHERE ZUUID LIKE 'F12384F6%';
                    """,
            ])
        try await source.refresh()
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == .removed(["1EB2B765-0765-43BA-A90C-0D0580E6172C"]))
        #expect(await iterator.next()?.updatedIDs == ["F12384F6-CD17-4151-ACBA-AE0E3688539E"])
        #expect(try source.library.asset(uuid: "F12384F6-CD17-4151-ACBA-AE0E3688539E").isFavorite)
        #expect(try await source.allItems().count == 12)
    }

    @Test("export writes the original under its original filename")
    func export() throws {
        let opened = try Opened(PhotosLibraries.catalina)
        let library = opened.library
        let out = opened.folder.path("export")
        let wine = try library.asset(uuid: "7F74DD34-5920-4DA3-B284-479887A34F66")
        let first = try library.exportOriginal(of: wine, to: out)
        let second = try library.exportOriginal(of: try library.asset(uuid: "52083079-73D5-4921-AC1B-FE76F279133F"), to: out)
        #expect(first == out + "/winebottle.jpeg")
        #expect(second == out + "/winebottle (2).jpeg")
        #expect(FileManager.default.contentsEqual(atPath: first, andPath: opened.path + "/originals/7/7F74DD34-5920-4DA3-B284-479887A34F66.jpeg"))
        let missing = try library.asset(uuid: "8846E3E6-8AC8-4857-8448-E3D025784410")
        #expect(throws: PhotolalaError.self) { try library.exportOriginal(of: missing, to: out) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["winebottle (2).jpeg", "winebottle.jpeg"])
    }

    @Test("reading everything leaves the bundle byte-for-byte unchanged", arguments: [PhotosLibraries.catalina, PhotosLibraries.ventura])
    func bundleUnchanged(name: String) async throws {
        let folder = try TemporaryDirectory()
        let path = try PhotosLibraries.copy(name, into: folder)
        let before = try PhotosLibraries.fingerprint(path)
        do {
            let source = try makeEngine(in: folder).applePhotosSource(libraryAt: path)
            _ = try source.library.info()
            for album in try source.library.albums() where album.kind != .folder {
                _ = try source.library.assets(inAlbum: album.uuid)
            }
            for item in try await source.allItems() {
                _ = try? await source.loadThumbnail(for: item.id)
                _ = try? await source.loadFullImage(for: item.id)
            }
        }
        #expect(try PhotosLibraries.fingerprint(path) == before)
    }

    @Test("refuses what is no Photos 5+ library, with a clear message")
    func refusals() throws {
        let folder = try TemporaryDirectory()
        let empty = folder.path("Empty.photoslibrary")
        try FileManager.default.createDirectory(atPath: empty + "/database", withIntermediateDirectories: true)
        #expect { try ApplePhotosLibrary(path: empty) } throws: { ($0 as? PhotolalaError)?.code == .notAPhotosLibrary }

        try Data("SQLite format 3".utf8).write(to: URL(fileURLWithPath: empty + "/database/photos.db"))
        #expect { try ApplePhotosLibrary(path: empty) } throws: { error in
            let error = error as? PhotolalaError
            return error?.code == .unsupportedPhotosLibrary && error?.message.contains("Photos 2–4") == true
        }

        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: empty + "/database/Photos.sqlite"))
        #expect { try ApplePhotosLibrary(path: empty) } throws: { ($0 as? PhotolalaError)?.code == .damagedPhotosLibrary }
    }
}

extension PhotoSourceChange {
    fileprivate var updatedIDs: [PhotoItem.ID]? {
        if case .updated(let items) = self { return items.map(\.id) }
        return nil
    }
}
