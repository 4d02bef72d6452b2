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

        init(_ name: String) async throws {
            folder = try TemporaryDirectory()
            path = try await PhotosLibraries.copy(name, into: folder)
            library = try ApplePhotosLibrary(path: path)
        }
    }

    @Test(
        "schema names and model version come from the database",
        arguments: [
            (PhotosLibraries.catalina, "ZGENERICASSET", "Z_26ASSETS", "Z_34ASSETS", 13703, 5),
            (PhotosLibraries.ventura, "ZASSET", "Z_28ASSETS", "Z_3ASSETS", 16320, 8),
        ])
    func schema(name: String, assetTable: String, joinTable: String, assetColumn: String, model: Int, photos: Int) async throws {
        let opened = try await Opened(name)
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
    func counts(name: String, all: Int, shown: Int, videos: Int) async throws {
        let opened = try await Opened(name)
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
    func flags(name: String) async throws {
        let opened = try await Opened(name)
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
    func datesAndOrder() async throws {
        let opened = try await Opened(PhotosLibraries.catalina)
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
            // The originals the trimmed test libraries keep (Tests/Fixtures/photos-libraries/README.md);
            // every other asset's is missing, as when iCloud keeps the originals.
            (PhotosLibraries.catalina, ["E9BC5C36", "F12384F6", "7F74DD34", "52083079", "7783E8E6", "35329C57", "D1359D09"]),
            (PhotosLibraries.ventura, ["6191423D", "F12384F6"]),
        ])
    func missing(name: String, local: [String]) async throws {
        let opened = try await Opened(name)
        let library = opened.library
        let all = try library.assets(ApplePhotosFilter(includeHidden: true, includeTrashed: true))
        #expect(Set(all.filter { !$0.isMissing }.map { String($0.uuid.prefix(8)) }) == Set(local))
        // Referenced outside the library, in iCloud by the database, or not on disk: missing all three ways.
        #expect(Set(all.filter(\.isMissing).map { String($0.uuid.prefix(8)) }).isSuperset(of: ["A1DD1F98", "8E1D7BC9", "8846E3E6", "D05A5FE3"]))
        let referenced = try library.asset(uuid: "8E1D7BC9-9321-44F9-8CFB-4083F6B9232A")
        #expect(referenced.isReference)
        #expect(!referenced.isOriginalLocal)
    }

    @Test("albums keyed by uuid, folders with their hierarchy", arguments: [PhotosLibraries.catalina, PhotosLibraries.ventura])
    func albums(name: String) async throws {
        let albums = try await Opened(name).library.albums()
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
    func albumOrder(prefix: String, expected: [String]) async throws {
        let opened = try await Opened(PhotosLibraries.catalina)
        let library = opened.library
        let album = try #require(try library.albums().first { $0.uuid.hasPrefix(String(prefix.prefix(8))) })
        #expect(try library.assets(inAlbum: album.uuid).map { String($0.uuid.prefix(8)) } == expected)
    }

    @Test("a burst shows its key frame and the frames the user selected, as osxphotos does")
    func bursts() async throws {
        let folder = try TemporaryDirectory()
        let path = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: folder)
        try await PhotosLibraries.addBurst(to: path)
        let library = try ApplePhotosLibrary(path: path)
        let shown = Set(try library.assets().map { String($0.uuid.prefix(8)) })
        // Key frame, user-selected frames and a frame with no flags are shown; an unselected
        // frame and Photos's default pick, once the user chose others, are not.
        #expect(shown.isSuperset(of: ["F12384F6", "D79B8D77", "DC99FBDD", "3DD2C897"]))
        #expect(shown.isDisjoint(with: ["1EB2B765", "6191423D"]))
        #expect(try library.asset(uuid: "1EB2B765-0765-43BA-A90C-0D0580E6172C").isBurst)
        #expect(try library.info().burstFrames == PhotosLibraries.burstFrames.count)
    }

    @Test("thumbnails come from derivatives, even when the original is in iCloud")
    func thumbnails() async throws {
        let opened = try await Opened(PhotosLibraries.catalina)
        let engine = try makeEngine(in: opened.folder)
        let source = try engine.applePhotosSource(libraryAt: opened.path)
        let tiff = try source.library.asset(uuid: "8846E3E6-8AC8-4857-8448-E3D025784410")
        #expect(tiff.isMissing)
        #expect(
            source.library.thumbnailSourcePath(of: tiff)?.hasSuffix("derivatives/masters/8/8846E3E6-8AC8-4857-8448-E3D025784410_4_5005_c.jpeg")
                == true)
        let root = LocalPhotoSource.rootFolderID
        let thumbnail = try await source.thumbnail(folder: root, item: tiff.uuid, priority: .visible)
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(min(size.width, size.height) == 256)
        let error = await #expect(throws: SourceError.self) { try await source.fullImage(folder: root, item: tiff.uuid) }
        #expect(error?.code == .notFound && error?.reason == "inICloud")
        #expect(error?.message.contains("not available locally (in iCloud)") == true)

        // An edited photo's full image is the render; its original is there on request.
        let edited = try source.library.asset(uuid: "E9BC5C36-7CD1-40A1-A72B-8B8FAC227D51")
        #expect(try source.library.fullImagePath(of: edited).hasSuffix("renders/E/E9BC5C36-7CD1-40A1-A72B-8B8FAC227D51_1_201_a.jpeg"))
        #expect(try source.library.fullImagePath(of: edited, edited: false).hasSuffix("originals/E/E9BC5C36-7CD1-40A1-A72B-8B8FAC227D51.jpeg"))
    }

    @Test("renders: an edited video's is <uuid>_2_0_a.mov, an edited live photo's movie is its companion's, and an unedited asset has none")
    func renders() async throws {
        let folder = try TemporaryDirectory()
        let path = try await PhotosLibraries.copy(PhotosLibraries.catalina, into: folder)
        let video = "35329C57-B963-48D6-BB75-6AFF9370CBBC"
        let live = "1EB2B765-0765-43BA-A90C-0D0580E6172C"
        // As Photos records an edited video and an edited live photo.
        try await PhotosLibraries.write(
            """
            UPDATE ZGENERICASSET SET ZHASADJUSTMENTS = 1 WHERE ZUUID = '\(video)';
            UPDATE ZGENERICASSET SET ZHASADJUSTMENTS = 1, ZKINDSUBTYPE = 2 WHERE ZUUID = '\(live)';
            """, to: path)
        let renders = path + "/resources/renders/"
        let files = [
            renders + "3/\(video)_2_0_a.mov", renders + "1/\(live)_2_100_a.mov", path + "/originals/1/\(live)_3.mov",
            // Left behind by an edit since reverted: the asset has no adjustments any more.
            renders + "F/F12384F6-CD17-4151-ACBA-AE0E3688539E_1_201_a.jpeg",
        ]
        for file in files {
            try FileManager.default.createDirectory(atPath: FilePath.parent(of: file), withIntermediateDirectories: true)
            try Data("render".utf8).write(to: URL(fileURLWithPath: file))
        }
        let library = try ApplePhotosLibrary(path: path)
        #expect(try library.fullImagePath(of: try library.asset(uuid: video)) == files[0])
        let livePhoto = try library.asset(uuid: live)
        #expect(library.renderPath(of: livePhoto) == nil)
        let movie = try #require(ApplePhotosCompanion.companions(of: livePhoto).first)
        #expect(movie.id == live + "~live" && movie.role == .live)
        #expect(try library.companionPath(movie, of: livePhoto) == files[1])
        #expect(try library.companionPath(movie, of: livePhoto, edited: false) == files[2])
        let unedited = try library.asset(uuid: "F12384F6-CD17-4151-ACBA-AE0E3688539E")
        #expect(try library.fullImagePath(of: unedited).hasSuffix("originals/F/F12384F6-CD17-4151-ACBA-AE0E3688539E.jpeg"))
    }

    @Test(
        "an edited photo's type is its original's (the HEIC), the edit's is kept apart",
        arguments: [(PhotosLibraries.catalina, "public.jpeg"), (PhotosLibraries.ventura, "public.heic")])
    func originalType(name: String, editedUTI: String) async throws {
        let opened = try await Opened(name)
        // 10.15 names the original's type in a table its resource row points to; 13 keeps a
        // compact code, so the original filename's extension tells.
        let heic = try opened.library.asset(uuid: "7783E8E6-9CAC-40F3-BE22-81FB7051C266")
        #expect(heic.hasAdjustments)
        #expect(heic.uti == editedUTI)
        #expect(heic.originalUTI == "public.heic")
        #expect(try opened.library.asset(uuid: "D05A5FE3-15FB-49A1-A15D-AB3DA6F8B068").originalUTI == "com.adobe.raw-image")
        #expect(try opened.library.asset(uuid: "8846E3E6-8AC8-4857-8448-E3D025784410").originalUTI == "public.tiff")
        let source = try makeEngine(in: opened.folder).applePhotosSource(libraryAt: opened.path)
        #expect(try await source.metadata(folder: LocalPhotoSource.rootFolderID, item: heic.uuid).metadata.format == .heif)
    }

    @Test(
        "RAW+JPEG pairs come from the database, though their RAW files are not on disk",
        arguments: [PhotosLibraries.catalina, PhotosLibraries.ventura])
    func rawPairs(name: String) async throws {
        let opened = try await Opened(name)
        let all = try opened.library.assets(ApplePhotosFilter(includeHidden: true, includeTrashed: true))
        // Three JPEGs shot with a .CR2 beside them; the .dng alone is a RAW original, no pair.
        #expect(Set(all.filter(\.hasRAW).map { String($0.uuid.prefix(8)) }) == ["A92D9C26", "4D521201", "8E1D7BC9"])
        let source = try makeEngine(in: opened.folder).applePhotosSource(libraryAt: opened.path)
        let pair = "4D521201-92AC-43E5-8F7C-59BC41C37A96"
        func details(_ item: PhotoItem.ID) async throws -> [PhotoDetail] {
            try await source.metadata(folder: LocalPhotoSource.rootFolderID, item: item).details
        }
        let kind = try await details(pair).first { $0.field == "kind" }?.value
        #expect(kind?.contains("RAW+JPEG") == true)
        #expect(try await details("D05A5FE3-15FB-49A1-A15D-AB3DA6F8B068").first { $0.field == "kind" } == nil)

        // The RAW is the pair's companion, named as Photos exports it, with the size Photos
        // recorded (10.15 names its type in a table, 13 by a compact code); its file is not here.
        let asset = try opened.library.asset(uuid: pair)
        let companion = try #require(ApplePhotosCompanion.companions(of: asset).first)
        #expect(ApplePhotosCompanion.companions(of: asset).count == 1)
        #expect(companion.role == .raw && companion.id == pair + "~raw" && ApplePhotosCompanion(id: companion.id) == companion)
        #expect(companion.name(of: asset) == "IMG_1997.CR2")
        #expect(asset.rawFileSize == 15_921_433)
        let error = #expect(throws: PhotolalaError.self) { try opened.library.companionPath(companion, of: asset) }
        #expect(error?.code == .notAvailableLocally)
        #expect(error?.message.contains("'IMG_1997.CR2' is not available locally (in iCloud)") == true)
        // Its file is `<stem>_4.<ext>` beside the original; a stray one of an asset without a RAW is no companion.
        let raw = opened.path + "/originals/4/\(pair)_4.cr2"
        let stray = opened.path + "/originals/7/7783E8E6-9CAC-40F3-BE22-81FB7051C266_4.dng"
        for path in [raw, stray] {
            try Data("raw".utf8).write(to: URL(fileURLWithPath: path))
        }
        #expect(try opened.library.companionPath(companion, of: asset) == raw)
        #expect(ApplePhotosCompanion.companions(of: try opened.library.asset(uuid: "7783E8E6-9CAC-40F3-BE22-81FB7051C266")).isEmpty)
        // The referenced pair's RAW is listed too, and said to be outside the library.
        let referenced = try opened.library.asset(uuid: "8E1D7BC9-9321-44F9-8CFB-4083F6B9232A")
        let outside = try #require(ApplePhotosCompanion.companions(of: referenced).first)
        #expect(outside.name(of: referenced) == "IMG_2000.CR2")
        let elsewhere = #expect(throws: PhotolalaError.self) { try opened.library.companionPath(outside, of: referenced) }
        #expect(elsewhere?.message.contains("referenced outside the library") == true)
    }

    @Test(
        "a photo received through a shared album is local, in its album, and has its thumbnail",
        arguments: [PhotosLibraries.catalina, PhotosLibraries.ventura])
    func sharedAlbum(name: String) async throws {
        let folder = try TemporaryDirectory()
        let path = try await PhotosLibraries.copy(name, into: folder)
        let shared = try await PhotosLibraries.addSharedAlbum(to: path)
        let library = try ApplePhotosLibrary(path: path)
        let asset = try library.asset(uuid: shared.assetUUID)
        #expect(asset.isShared)
        #expect(asset.isOriginalLocal && !asset.isMissing)
        #expect(library.originalPath(of: asset) == shared.originalPath)
        #expect(library.thumbnailSourcePath(of: asset) == shared.derivativePath)
        #expect(asset.albumUUIDs == [shared.albumUUID])
        let album = try library.album(uuid: shared.albumUUID)
        #expect(album.kind == .sharedAlbum && album.title == shared.title && album.parentUUID == nil)
        #expect(try library.assets(inAlbum: shared.albumUUID).map(\.uuid) == [shared.assetUUID])
        #expect(try library.info().sharedAlbums == 1)
        let source = try makeEngine(in: folder).applePhotosSource(libraryAt: path)
        let thumbnail = try await source.thumbnail(folder: shared.albumUUID, item: shared.assetUUID, priority: .visible)
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(min(size.width, size.height) == 256)
    }

    @Test("the source lists uuids newest first, albums and views, and searches titles, filenames and keywords")
    func source() async throws {
        let opened = try await Opened(PhotosLibraries.catalina)
        let source = try makeEngine(in: opened.folder).applePhotosSource(libraryAt: opened.path)
        #expect(source.capabilities == [.albums, .search, .sorting, .grouping, .preview, .star])
        let root = LocalPhotoSource.rootFolderID
        let allPhotos = try source.listing(of: root)
        let items = try await allPhotos.allItems()
        #expect(items.count == 26)
        #expect(items.first?.id == "A8266C97-9BAF-4AF4-99F3-0013832869B8")
        #expect(try await source.listing(of: "favorites").allItems().map(\.id) == ["E9BC5C36-7CD1-40A1-A72B-8B8FAC227D51"])
        // Hidden and Recently Deleted are listed when the source is made with them.
        let everything = try makeEngine(in: opened.folder).applePhotosSource(libraryAt: opened.path, views: [.favorites, .hidden, .recentlyDeleted])
        #expect(try await everything.listing(of: "hidden").allItems().map(\.id) == ["A1DD1F98-2ECD-431F-9AC9-5AFEFE2D3A5C"])
        #expect(try await everything.listing(of: "recently-deleted").allItems().count == 2)
        #expect(try await source.search(folder: root, text: "kids").count == 3)
        #expect(try await source.search(folder: root, text: "Val d'ISERE").count == 2)
        #expect(try await source.search(folder: root, text: "elder park").map(\.item.id) == ["3DD2C897-F19E-4CA6-8C22-B027D5A71907"])
        // A search stays in its folder: of the "Kids" photos, none is a favourite.
        #expect(try await source.search(folder: "favorites", text: "kids").isEmpty)
        #expect(try await source.search(folder: "favorites", text: "WEDDING").map(\.item.id) == ["E9BC5C36-7CD1-40A1-A72B-8B8FAC227D51"])
        let listed = try allPhotos.listedPhotos(for: [items[0], PhotoItem(id: "GONE", displayName: "gone.jpg"), items[1]])
        #expect(listed.map(\.item.id) == [items[0].id, items[1].id])
        #expect(listed.first?.date == 1_630_896_072)  // 2021-09-05T19:41:12.080-07:00
        #expect(listed.first?.width == 1080 && listed.first?.height == 601)
        let metadata = try await source.metadata(folder: root, item: "3DD2C897-F19E-4CA6-8C22-B027D5A71907").metadata
        #expect(metadata.originalFilename == "IMG_4547.jpg")
        #expect(metadata.photoDateOffsetSeconds == 34_200)
        #expect(metadata.format == .jpeg)
    }

    @Test("a change Photos writes to the database is announced after refresh")
    func changes() async throws {
        let opened = try await Opened(PhotosLibraries.ventura)
        let source = try makeEngine(in: opened.folder).applePhotosSource(libraryAt: opened.path)
        let allPhotos = try source.listing(of: LocalPhotoSource.rootFolderID)
        let favorites = try source.listing(of: "favorites")
        #expect(try await allPhotos.allItems().count == 13)
        let changes = allPhotos.changes()
        try await allPhotos.refresh()  // nothing changed: nothing announced, nothing copied
        // As Photos would: one photo deleted, one favourited (its modification date moves).
        // Core Data's triggers call functions only Photos defines: drop them in this copy first.
        let database = opened.path + "/database/Photos.sqlite"
        let drops = try await Shell.run("sqlite3", [database, "SELECT 'DROP TRIGGER \"' || name || '\";' FROM sqlite_master WHERE type = 'trigger'"])
        try await Shell.run(
            "sqlite3",
            [
                database,
                drops + """
                    UPDATE ZASSET SET ZTRASHEDSTATE = 1 WHERE ZUUID LIKE '1EB2B765%';
                    UPDATE ZASSET SET ZFAVORITE = 1, ZMODIFICATIONDATE = ZMODIFICATIONDATE + 60 WHERE ZUUID LIKE 'F12384F6%';
                    """,
            ])
        // Two open folders notice the change at once: the database is copied once.
        async let allPhotosRefreshed: Void = allPhotos.refresh()
        async let favoritesRefreshed: Void = favorites.refresh()
        _ = try await (allPhotosRefreshed, favoritesRefreshed)
        #expect(source.live.current.generation == 1)
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == .removed(["1EB2B765-0765-43BA-A90C-0D0580E6172C"]))
        #expect(await iterator.next()?.updatedIDs == ["F12384F6-CD17-4151-ACBA-AE0E3688539E"])
        #expect(try source.library.asset(uuid: "F12384F6-CD17-4151-ACBA-AE0E3688539E").isFavorite)
        #expect(try await allPhotos.allItems().count == 12)
    }

    @Test("a database written to while it is copied is copied again, never torn")
    func consistentCopy() async throws {
        let folder = try TemporaryDirectory()
        let path = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: folder)
        let database = path + "/database/Photos.sqlite"
        var attempts = 0
        let copy = try ApplePhotosDatabaseCopy.make(of: database, in: folder.path("copy"), library: path) {
            attempts += 1
            // Photos writes during the first copy: its write-ahead log grows.
            if attempts == 1, let wal = FileHandle(forWritingAtPath: database + "-wal") {
                wal.seekToEndOfFile()
                wal.write(Data(repeating: 0, count: 4096))
                try? wal.close()
            }
        }
        #expect(attempts == 2)
        for suffix in ["", "-wal", "-shm"] {
            #expect(FileManager.default.contentsEqual(atPath: copy + suffix, andPath: database + suffix))
        }
        // A database that never stops changing is given up on, with a message.
        #expect(throws: PhotolalaError.self) {
            try ApplePhotosDatabaseCopy.make(of: database, in: folder.path("copy2"), library: path) {
                try? Data("\(UUID())".utf8).write(to: URL(fileURLWithPath: database + "-shm"))
            }
        }
    }

    @Test("a read-only bundle opens: its database is copied into the working folder, writable, and left unchanged")
    func readOnlyBundle() async throws {
        let folder = try TemporaryDirectory()
        let path = try await PhotosLibraries.copy(PhotosLibraries.catalina, into: folder, writable: false)
        let database = path + "/database/Photos.sqlite"
        #expect(try FileManager.default.attributesOfItem(atPath: database)[.posixPermissions] as? Int == 0o444)
        let before = try await PhotosLibraries.fingerprint(path)
        let work = folder.path("work")
        do {
            let library = try ApplePhotosLibrary(path: path, workingDirectory: work)
            #expect(try library.assets().count == 26)
            let copies = try FileManager.default.contentsOfDirectory(atPath: work)
            #expect(copies.count == 1 && copies[0].hasPrefix("photolala-photos-\(getpid())-"))
            for name in try FileManager.default.contentsOfDirectory(atPath: work + "/" + copies[0]) {
                let mode = try FileManager.default.attributesOfItem(atPath: work + "/\(copies[0])/\(name)")[.posixPermissions] as? Int ?? 0
                #expect(mode & 0o600 == 0o600, "\(name): \(String(mode, radix: 8))")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: work).isEmpty)
        #expect(try await PhotosLibraries.fingerprint(path) == before)
    }

    @Test("a database with nothing in its write-ahead log is read in place: no working copy, nothing written beside it")
    func readInPlace() async throws {
        let folder = try TemporaryDirectory()
        // 13.0's database was checkpointed (its -wal is empty); 10.15.7's still has frames.
        let settled = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: folder, writable: false)
        let pending = try await PhotosLibraries.copy(PhotosLibraries.catalina, into: folder, writable: false)
        let before = try await PhotosLibraries.fingerprint(settled)
        let work = folder.path("work")
        do {
            let library = try ApplePhotosLibrary(path: settled, workingDirectory: work)
            #expect(try library.assets().count == 13)
            #expect(try library.albums().isEmpty == false)
            #expect((try? FileManager.default.contentsOfDirectory(atPath: work)) ?? [] == [])
            let other = try ApplePhotosLibrary(path: pending, workingDirectory: work)
            #expect(try other.assets().count == 26)
            #expect(try FileManager.default.contentsOfDirectory(atPath: work).count == 1)
        }
        #expect(try await PhotosLibraries.fingerprint(settled) == before)
    }

    @Test("working copies left by a killed process are removed when a library is opened; a live process's stay")
    func staleCopies() async throws {
        let folder = try TemporaryDirectory()
        // 10.15.7's database has frames in its write-ahead log: it is copied.
        let path = try await PhotosLibraries.copy(PhotosLibraries.catalina, into: folder)
        let work = folder.path("work")
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let stale = work + "/photolala-photos-\(ended.processIdentifier)-\(UUID().uuidString)"
        let live = work + "/photolala-photos-\(getpid())-\(UUID().uuidString)"
        let unrelated = work + "/something-else"
        for copy in [stale, live, unrelated] {
            try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
            try Data("copy".utf8).write(to: URL(fileURLWithPath: copy + "/Photos.sqlite"))
        }
        let library = try ApplePhotosLibrary(path: path, workingDirectory: work)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: work))
        #expect(!left.contains(FilePath.name(of: stale)))
        #expect(left.isSuperset(of: [FilePath.name(of: live), "something-else"]))
        #expect(left.count == 3)
        _ = library
    }

    @Test("export writes the original under its original filename")
    func export() async throws {
        let opened = try await Opened(PhotosLibraries.catalina)
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

        // A copy that fails says why, as the system does.
        let blocked = opened.path + "/originals/5/52083079-73D5-4921-AC1B-FE76F279133F.jpeg"
        try FileManager.default.removeItem(atPath: blocked)
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: false)
        let error = #expect(throws: PhotolalaError.self) {
            try library.exportOriginal(of: try library.asset(uuid: "52083079-73D5-4921-AC1B-FE76F279133F"), to: out)
        }
        #expect(error?.code == .unreadableFile)
        #expect(error?.message.contains("is a directory") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).count == 2)
    }

    @Test("export names are always valid file names: no slash or NUL, never empty, . or .., at most 255 bytes")
    func exportNames() throws {
        let folder = try TemporaryDirectory()
        let out = folder.path("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        func name(_ original: String) -> String {
            ExportName.free(for: original, fallback: "ABCD.jpeg") { FileManager.default.fileExists(atPath: out + "/" + $0) }
        }
        #expect(name("a/b.jpg") == "a_b.jpg")
        #expect(name("a\0b.jpg") == "a_b.jpg")
        for unusable in ["", ".", ".."] {
            #expect(name(unusable) == "ABCD.jpeg")
        }
        #expect(name(".hidden") == ".hidden")
        let long = String(repeating: "é", count: 200) + ".jpeg"
        let fitted = name(long)
        #expect(fitted.utf8.count <= 255 && fitted.hasSuffix(".jpeg") && fitted.hasPrefix("éé"))
        try Data().write(to: URL(fileURLWithPath: out + "/" + fitted))
        let second = name(long)
        #expect(second.utf8.count <= 255 && second.hasSuffix(" (2).jpeg"))
        let longExtension = "photo." + String(repeating: "x", count: 300)
        #expect(name(longExtension).utf8.count <= 255)
    }

    @Test("reading everything leaves the bundle byte-for-byte unchanged", arguments: [PhotosLibraries.catalina, PhotosLibraries.ventura])
    func bundleUnchanged(name: String) async throws {
        let folder = try TemporaryDirectory()
        let path = try await PhotosLibraries.copy(name, into: folder)
        let before = try await PhotosLibraries.fingerprint(path)
        do {
            let source = try makeEngine(in: folder).applePhotosSource(libraryAt: path)
            _ = try source.library.info()
            for album in try source.library.albums() where album.kind != .folder {
                _ = try source.library.assets(inAlbum: album.uuid)
            }
            let root = LocalPhotoSource.rootFolderID
            for item in try await source.listing(of: root).allItems() {
                _ = try? await source.thumbnail(folder: root, item: item.id, priority: .visible)
                _ = try? await source.fullImage(folder: root, item: item.id)
            }
        }
        #expect(try await PhotosLibraries.fingerprint(path) == before)
    }

    @Test("refuses what is no Photos 5+ library, with a clear message")
    func refusals() async throws {
        let folder = try TemporaryDirectory()
        let empty = folder.path("Empty.photoslibrary")
        #expect { try ApplePhotosLibrary(path: empty) } throws: { ($0 as? PhotolalaError)?.code == .notAPhotosLibrary }
        try FileManager.default.createDirectory(atPath: empty + "/database", withIntermediateDirectories: true)
        #expect { try ApplePhotosLibrary(path: empty) } throws: { error in
            let error = error as? PhotolalaError
            return error?.code == .damagedPhotosLibrary && error?.message.contains("database/Photos.sqlite is missing") == true
        }

        // A photos.db that is no database tells nothing: not taken for a Photos 2–4 library.
        try Data("SQLite format 3".utf8).write(to: URL(fileURLWithPath: empty + "/database/photos.db"))
        #expect { try ApplePhotosLibrary(path: empty) } throws: { error in
            let error = error as? PhotolalaError
            return error?.code == .damagedPhotosLibrary && error?.message.contains("photos.db tells no Photos version") == true
        }

        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: empty + "/database/Photos.sqlite"))
        #expect { try ApplePhotosLibrary(path: empty) } throws: { ($0 as? PhotolalaError)?.code == .damagedPhotosLibrary }

        // A Photos.sqlite of an older Photos (model 12000) lacks Photos 5's tables: unsupported, not damaged.
        try FileManager.default.removeItem(atPath: empty + "/database/Photos.sqlite")
        try await Shell.run(
            "sqlite3",
            [
                empty + "/database/Photos.sqlite",
                "CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB); "
                    + "INSERT INTO Z_METADATA VALUES (1, 'X', X'\(try Self.modelPlist(12000))');",
            ])
        #expect { try ApplePhotosLibrary(path: empty) } throws: { error in
            let error = error as? PhotolalaError
            return error?.code == .unsupportedPhotosLibrary && error?.message.contains("older than Photos 5") == true
        }
    }

    /// A `Z_METADATA` property list naming `model`, as hex for an SQL blob literal.
    private static func modelPlist(_ model: Int) throws -> String {
        let plist = try PropertyListSerialization.data(fromPropertyList: ["PLModelVersion": model], format: .binary, options: 0)
        return plist.map { String(format: "%02X", $0) }.joined()
    }

    @Test("the model version is read from Z_METADATA's newest row; versions osxphotos does not name are unknown")
    func versions() async throws {
        let folder = try TemporaryDirectory()
        let path = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: folder)
        try await PhotosLibraries.write("INSERT INTO Z_METADATA VALUES (0, 'OLD', X'\(try Self.modelPlist(12000))');", to: path)
        let library = try ApplePhotosLibrary(path: path)
        #expect(library.version.modelVersion == 16320)
        #expect(library.version.description == "Photos 8, macOS 13")
        #expect(ApplePhotosVersion(modelVersion: 19063).description == "Photos 11, macOS 26")
        #expect(ApplePhotosVersion(modelVersion: 270_008_501).description == "Photos 12, macOS 27")
        // Between Photos 10's last and Photos 11's first model version osxphotos names.
        #expect(ApplePhotosVersion(modelVersion: 19000).description == "unknown (model 19000)")
        #expect(ApplePhotosVersion(modelVersion: 19000).photosVersion == nil)
    }

    @Test("a library whose album or keyword table is not found opens, and says albums and keywords will show empty")
    func missingJoinTables() async throws {
        let folder = try TemporaryDirectory()
        let path = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: folder)
        try await PhotosLibraries.write("DROP TABLE Z_28ASSETS; DROP TABLE Z_1KEYWORDS;", to: path)
        let library = try ApplePhotosLibrary(path: path)
        #expect(library.schema.albumJoin == nil && library.schema.keywordJoin == nil)
        #expect(library.problems.count == 2)
        #expect(library.problems.first?.hasPrefix("The album-photo table Z_28ASSETS was not found") == true)
        #expect(library.problems.first?.contains("every album shows empty") == true)
        #expect(try library.info().problems == library.problems)
        #expect(try library.assets().count == 13)
        #expect(try await Opened(PhotosLibraries.ventura).library.problems.isEmpty)
    }

    @Test("photos Photos shows only outside the library are never listed: unsaved \"Shared with You\" and iCloud links")
    func outsideLibrary() async throws {
        let folder = try TemporaryDirectory()
        let path = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: folder)
        try await PhotosLibraries.write(
            """
            UPDATE ZADDITIONALASSETATTRIBUTES SET ZSYNDICATIONIDENTIFIER = 'message-1', ZSYNDICATIONHISTORY = 0
                WHERE ZASSET = (SELECT Z_PK FROM ZASSET WHERE ZUUID LIKE '1EB2B765%');
            UPDATE ZADDITIONALASSETATTRIBUTES SET ZSYNDICATIONIDENTIFIER = 'message-2', ZSYNDICATIONHISTORY = 1
                WHERE ZASSET = (SELECT Z_PK FROM ZASSET WHERE ZUUID LIKE 'D79B8D77%');
            UPDATE ZASSET SET ZMOMENTSHARE = 1 WHERE ZUUID LIKE 'F12384F6%';
            """, to: path)
        let library = try ApplePhotosLibrary(path: path)
        let listed = Set(try library.assets(ApplePhotosFilter(includeHidden: true, includeTrashed: true)).map { String($0.uuid.prefix(8)) })
        #expect(listed.isDisjoint(with: ["1EB2B765", "F12384F6"]))
        // Saved from Messages into the library: an ordinary photo.
        #expect(listed.contains("D79B8D77"))
        #expect(try library.asset(uuid: "1EB2B765-0765-43BA-A90C-0D0580E6172C").isOutsideLibrary)
        #expect(try library.info().photos == 11)
    }

    @Test("albums and folders inside a trashed folder are left out with it")
    func trashedFolder() async throws {
        let folder = try TemporaryDirectory()
        let path = try await PhotosLibraries.copy(PhotosLibraries.ventura, into: folder)
        try await PhotosLibraries.write("UPDATE ZGENERICALBUM SET ZTRASHEDSTATE = 1 WHERE ZTITLE = 'Folder1' AND ZKIND = 4000;", to: path)
        let titles = try ApplePhotosLibrary(path: path).albums().map(\.title)
        #expect(titles.contains("Folder2") && titles.contains("Raw"))
        #expect(!titles.contains("Folder1") && !titles.contains("SubFolder1") && !titles.contains("SubFolder2") && !titles.contains("AlbumInFolder"))
    }
}

extension PhotoSourceChange {
    fileprivate var updatedIDs: [PhotoItem.ID]? {
        if case .updated(let items) = self { return items.map(\.id) }
        return nil
    }
}
