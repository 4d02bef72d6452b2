public import Foundation

/// The two real Apple Photos libraries of `Tests/Fixtures/photos-libraries` (macOS 10.15.7 and
/// 13.0, from osxphotos, trimmed: see the README there), copied into a test's own folder so
/// nothing ever writes into the committed bundles.
public enum PhotosLibraries {
    public static let catalina = "Test-10.15.7.photoslibrary"
    public static let ventura = "Test-13.0.0.photoslibrary"

    /// `$PHOTOLALA_PHOTOS_LIBRARIES` (a folder holding both bundles), else the repository's
    /// `Tests/Fixtures/photos-libraries`.
    public static let folder: URL = {
        if let configured = ProcessInfo.processInfo.environment["PHOTOLALA_PHOTOS_LIBRARIES"], !configured.isEmpty {
            return URL(fileURLWithPath: configured)
        }
        return Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/photos-libraries")
    }()

    /// Copies the library `name` into `directory` and returns the copy's path: made writable,
    /// as a copy from a Mac would be, or with every file and folder read-only (0444, 0555), as
    /// on a read-only share. Git keeps no empty folder, so the copy gets back the `originals/0`
    /// to `originals/F` shard folders every Photos library has, whose originals were trimmed.
    public static func copy(_ name: String, into directory: TemporaryDirectory, writable: Bool = true) async throws -> String {
        let copy = directory.path(name)
        try await Shell.run("cp", ["-R", folder.appendingPathComponent(name).path, copy])
        for shard in "0123456789ABCDEF" {
            try FileManager.default.createDirectory(atPath: copy + "/originals/\(shard)", withIntermediateDirectories: true)
        }
        try await Shell.run("chmod", ["-R", writable ? "u+w" : "a-w", copy])
        return copy
    }

    /// SHA-256 over every file's relative path and bytes: any change, added or removed file
    /// changes it.
    public static func fingerprint(_ bundle: String) async throws -> String {
        try await Shell.run("sh", ["-c", "cd \"$1\" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum", "sh", bundle])
    }

    /// Runs `sql` on a copied library's database, as Photos would write it. Core Data's
    /// triggers call functions only Photos defines, so they are dropped in the copy first.
    public static func write(_ sql: String, to bundle: String) async throws {
        let database = bundle + "/database/Photos.sqlite"
        let drops = try await Shell.run("sqlite3", [database, "SELECT 'DROP TRIGGER \"' || name || '\";' FROM sqlite_master WHERE type = 'trigger'"])
        try await Shell.run("sqlite3", [database, drops + sql])
    }

    /// One value the copied library's database answers, e.g. an entity number.
    public static func query(_ sql: String, in bundle: String) async throws -> String {
        try await Shell.run("sqlite3", [bundle + "/database/Photos.sqlite", sql]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The asset table of a copied library: `ZGENERICASSET` (10.15) or `ZASSET`.
    public static func assetTable(in bundle: String) async throws -> String {
        try await query("SELECT name FROM sqlite_master WHERE name IN ('ZGENERICASSET', 'ZASSET')", in: bundle)
    }

    /// The burst ``addBurst(to:)`` makes: `ZAVALANCHEPICKTYPE` by uuid prefix.
    public static let burstFrames = ["1EB2B765": 2, "F12384F6": 52, "D79B8D77": 8, "6191423D": 36, "DC99FBDD": 24, "3DD2C897": 0]

    /// Makes a burst of six photos in a copied library (the test libraries hold none), as Photos
    /// records it after the user selected frames: ``burstFrames`` gives each frame's pick type
    /// (2 not selected, 4 Photos's default pick, 8 selected, 16 key frame, 32 set with the
    /// default pick, 0 none), so there is a key frame, user-selected frames, the default pick
    /// after the user chose others, an unselected frame and a frame without flags.
    public static func addBurst(to bundle: String) async throws {
        let table = try await assetTable(in: bundle)
        try await write(
            burstFrames.map { "UPDATE \(table) SET ZAVALANCHEUUID = 'BURST-1', ZAVALANCHEPICKTYPE = \($1) WHERE ZUUID LIKE '\($0)%';" }
                .joined(separator: "\n"), to: bundle)
    }

    /// What ``addLivePhoto(to:)`` makes.
    public struct LivePhoto: Sendable {
        public let assetUUID: String
        /// The still's original filename; the movie is listed as its base name and `.MOV`.
        public let originalFilename: String
        /// The movie beside the original, `<uuid>_3.mov`.
        public let moviePath: String
    }

    /// Makes photo 1EB2B765 (`Pumpkins3.jpg`) of a copied library a Live Photo, as Photos
    /// records one (the test libraries hold none): `ZKINDSUBTYPE` 2, and its movie beside its
    /// original as `<uuid>_3.mov`, 2 s of H.264 made by ffmpeg from its test pattern.
    public static func addLivePhoto(to bundle: String) async throws -> LivePhoto {
        let live = LivePhoto(
            assetUUID: "1EB2B765-0765-43BA-A90C-0D0580E6172C", originalFilename: "Pumpkins3.jpg",
            moviePath: bundle + "/originals/1/1EB2B765-0765-43BA-A90C-0D0580E6172C_3.mov")
        try await write("UPDATE \(try assetTable(in: bundle)) SET ZKINDSUBTYPE = 2 WHERE ZUUID = '\(live.assetUUID)';", to: bundle)
        // The still's original, which the trimmed test library does not keep.
        try await putOriginal(bundle + "/originals/1/\(live.assetUUID).jpeg")
        try await Shell.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=30", "-t", "2",
                "-c:v", "libx264", "-pix_fmt", "yuv420p", "-f", "mov", live.moviePath,
            ])
        return live
    }

    /// A small JPEG of its own where a copied library's original is not kept (the trimmed test
    /// libraries keep few), so a test can open, star or export that asset; an original there stays.
    public static func putOriginal(_ path: String) async throws {
        guard !FileManager.default.fileExists(atPath: path) else { return }
        // Its name in its bytes: two put originals are two contents, as two photos are.
        try await Fixtures.datedPhoto(at: path, tags: ["-ImageDescription=" + URL(fileURLWithPath: path).lastPathComponent])
    }

    /// What ``addSharedAlbum(to:)`` adds.
    public struct SharedAlbum: Sendable {
        public let albumUUID: String
        public let title: String
        public let assetUUID: String
        public let originalFilename: String
        /// Where Photos keeps the shared photo and its thumbnail-sized derivative.
        public let originalPath: String
        public let derivativePath: String
    }

    /// Adds to a copied library an iCloud shared album (kind 1505) holding one photo received
    /// through it, as Photos records them: the asset has a publish date (`ZCLOUDBATCHPUBLISHDATE`)
    /// and its original a resource of `ZDATASTORESUBTYPE` 3, and its files are in the
    /// cloud-sharing folders (`scopes/cloudsharing/` from macOS 13, `resources/cloudsharing/`
    /// before). The rows are copies of photo F12384F6's, so every column a version has is set.
    public static func addSharedAlbum(to bundle: String) async throws -> SharedAlbum {
        let table = try await assetTable(in: bundle)
        // Of the two test libraries, 10.15's keeps shared files under resources/, 13's under scopes/.
        let model = table == "ZGENERICASSET" ? "resources" : "scopes"
        let join = "Z_" + (try await query("SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Album'", in: bundle)) + "ASSETS"
        let columns = try await query("SELECT name FROM pragma_table_info('\(join)')", in: bundle).split(separator: "\n").map(String.init)
        guard let albumColumn = columns.first(where: { $0.hasSuffix("ALBUMS") }),
            let assetColumn = columns.first(where: { $0.hasSuffix("ASSETS") && !$0.hasPrefix("Z_FOK_") }),
            let orderColumn = columns.first(where: { $0.hasPrefix("Z_FOK_") })
        else { throw Shell.Failure(command: "PRAGMA table_info(\(join))", output: Shell.Output(status: 1, standardOutput: "", standardError: "")) }
        let shared = SharedAlbum(
            albumUUID: "5EA4ED00-0000-4000-8000-00000000A1B0", title: "Shared Pumpkins", assetUUID: "5EA4ED00-0000-4000-8000-0000000A55E7",
            originalFilename: "Shared.JPG",
            originalPath: bundle + "/\(model)/cloudsharing/data/SHARED-STREAM/5EA4ED00-0000-4000-8000-0000000A55E7.JPG",
            derivativePath: bundle + "/\(model)/cloudsharing/resources/derivatives/masters/5/5EA4ED00-0000-4000-8000-0000000A55E7_4_5005_c.jpeg")
        try await write(
            """
            CREATE TEMP TABLE a AS SELECT * FROM \(table) WHERE ZUUID = 'F12384F6-CD17-4151-ACBA-AE0E3688539E';
            CREATE TEMP TABLE aa AS SELECT * FROM ZADDITIONALASSETATTRIBUTES WHERE ZASSET = (SELECT Z_PK FROM a);
            CREATE TEMP TABLE r AS SELECT * FROM ZINTERNALRESOURCE WHERE ZASSET = (SELECT Z_PK FROM a) AND ZDATASTORESUBTYPE = 1;
            CREATE TEMP TABLE g AS SELECT * FROM ZGENERICALBUM WHERE ZTITLE = 'Pumpkin Farm' AND ZKIND = 2;
            UPDATE a SET Z_PK = (SELECT MAX(Z_PK) + 1 FROM \(table)), ZUUID = '\(shared.assetUUID)', ZDIRECTORY = 'SHARED-STREAM',
                ZFILENAME = '\(shared.assetUUID).JPG', ZCLOUDBATCHPUBLISHDATE = 700000000, ZSAVEDASSETTYPE = 4, ZFAVORITE = 0,
                ZADDITIONALATTRIBUTES = (SELECT MAX(Z_PK) + 1 FROM ZADDITIONALASSETATTRIBUTES);
            UPDATE aa SET Z_PK = (SELECT MAX(Z_PK) + 1 FROM ZADDITIONALASSETATTRIBUTES), ZASSET = (SELECT Z_PK FROM a),
                ZORIGINALFILENAME = '\(shared.originalFilename)', ZMASTERFINGERPRINT = NULL;
            UPDATE r SET Z_PK = (SELECT MAX(Z_PK) + 1 FROM ZINTERNALRESOURCE), ZASSET = (SELECT Z_PK FROM a), ZDATASTORESUBTYPE = 3,
                ZLOCALAVAILABILITY = 1, ZFINGERPRINT = NULL;
            UPDATE g SET Z_PK = (SELECT MAX(Z_PK) + 1 FROM ZGENERICALBUM), ZUUID = '\(shared.albumUUID)', ZTITLE = '\(shared.title)',
                ZKIND = 1505, ZPARENTFOLDER = NULL, Z_ENT = (SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'CloudSharedAlbum');
            INSERT INTO \(table) SELECT * FROM a;
            INSERT INTO ZADDITIONALASSETATTRIBUTES SELECT * FROM aa;
            INSERT INTO ZINTERNALRESOURCE SELECT * FROM r;
            INSERT INTO ZGENERICALBUM SELECT * FROM g;
            INSERT INTO \(join) (\(albumColumn), \(assetColumn), \(orderColumn)) VALUES ((SELECT Z_PK FROM g), (SELECT Z_PK FROM a), 1024);
            """, to: bundle)
        let files = FileManager.default
        for (source, destination) in [
            ("originals/F/F12384F6-CD17-4151-ACBA-AE0E3688539E.jpeg", shared.originalPath),
            ("resources/derivatives/masters/F/F12384F6-CD17-4151-ACBA-AE0E3688539E_4_5005_c.jpeg", shared.derivativePath),
        ] {
            try files.createDirectory(atPath: URL(fileURLWithPath: destination).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try files.copyItem(atPath: bundle + "/" + source, toPath: destination)
        }
        return shared
    }
}
