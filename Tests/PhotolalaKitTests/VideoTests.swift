import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Videos made by ffmpeg (Tests/Fixtures/make-videos.sh) as a user meets them: recognised by
/// their bytes, listed with their duration, described (date and offset, displayed size, place,
/// camera) and shown as a poster frame; a damaged one fails alone with a clear message.
@Suite("Videos")
struct VideoTests {
    private func video(_ name: String) async throws -> String {
        try await Fixtures.videos().appendingPathComponent(name).path
    }

    private func head(_ name: String) async throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: try await video(name))).prefix(ImageFormat.sniffLength))
    }

    @Test(
        "each container is recognised by its bytes, whatever its name",
        arguments: [
            ("clip.mp4", ImageFormat.mp4), ("rotated.mov", .mov), ("iphone.mov", .mov), ("hevc.mp4", .mp4), ("clip.webm", .webm),
            ("clip.mkv", .matroska), ("clip.avi", .avi),
        ])
    func recognised(_ name: String, _ format: ImageFormat) async throws {
        #expect(ImageFormat(sniffing: try await head(name)) == format)
        #expect(format.kind == .video)
    }

    @Test("an image or a camera RAW in an ISO-BMFF box is no video")
    func notVideos() {
        func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
            let brands = Array(major.utf8) + [0, 0, 0, 0] + compatible.flatMap { Array($0.utf8) }
            return [0, 0, 0, UInt8(8 + brands.count)] + Array("ftyp".utf8) + brands
        }
        #expect(ImageFormat(sniffing: ftyp("heic", ["mif1", "heic"])) == .heif)
        #expect(ImageFormat(sniffing: ftyp("crx ", ["crx ", "isom"])) == .cr3)
        #expect(ImageFormat(sniffing: ftyp("M4A ", ["M4A ", "mp42", "isom"])) == nil)
        #expect(ImageFormat(sniffing: ftyp("mp42", ["isom", "mp42"])) == .mp4)
    }

    @Test("an iPhone's movie: Apple's creation date with its offset, its place, camera and codec")
    func appleKeys() async throws {
        let temporary = try TemporaryDirectory()
        let engine = try makeEngine(in: temporary)
        let metadata = try engine.fileReader.metadata(at: try await video("iphone.mov"))
        #expect(metadata.kind == .video && metadata.format == .mov)
        // 2024-05-01T14:23:11+0200, not the movie header's UTC time alone.
        #expect(metadata.photoDate == Date(timeIntervalSince1970: 1_714_566_191))
        #expect(metadata.photoDateOffsetSeconds == 7_200)
        #expect(metadata.latitude == 48.8584 && metadata.longitude == 2.2945 && metadata.altitude == 35)
        #expect(metadata.cameraMake == "Apple" && metadata.cameraModel == "iPhone 15 Pro")
        #expect(metadata.videoCodec == "avc1" && metadata.duration == 3)
        #expect(metadata.width == 640 && metadata.height == 360)
    }

    @Test("the movie header's creation time is UTC; a 90° matrix swaps the displayed size; HEVC names its codec")
    func movieHeader() async throws {
        let temporary = try TemporaryDirectory()
        let engine = try makeEngine(in: temporary)
        let clip = try engine.fileReader.metadata(at: try await video("clip.mp4"))
        #expect(clip.photoDate == Date(timeIntervalSince1970: 1_689_297_753) && clip.photoDateOffsetSeconds == 0)
        let rotated = try engine.fileReader.metadata(at: try await video("rotated.mov"))
        #expect(rotated.width == 360 && rotated.height == 640)
        #expect(try engine.fileReader.metadata(at: try await video("hevc.mp4")).videoCodec == "hvc1")
    }

    @Test(
        "the thumbnail is a poster frame, upright, short edge 256 (a smaller clip is not enlarged)",
        arguments: [
            ("clip.mp4", 455, 256), ("rotated.mov", 256, 455), ("short.mp4", 320, 240), ("hevc.mp4", 455, 256), ("clip.webm", 455, 256),
            ("clip.mkv", 455, 256), ("clip.avi", 455, 256), ("rotated.mkv", 256, 455),
        ])
    func posterFrame(_ name: String, _ width: Int, _ height: Int) async throws {
        let workspace = try TestWorkspace()
        let thumbnail = try await workspace.engine.thumbnail(ofFileAt: try await video(name))
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(size.width == width && size.height == height)
        #expect(thumbnail.origin == .generated)
        // Known by its MD5 next time: nothing is decoded again.
        #expect(try await workspace.engine.thumbnail(ofFileAt: try await video(name)).origin == .disk)
    }

    @Test(
        "a rotated clip's poster is the upright clip's poster turned as its container says (QuickTime's matrix, Matroska's tag), the other way round is not",
        arguments: [("rotated.mov", ImageFormat.mov), ("rotated.mkv", .matroska)])
    func posterIsTurned(_ name: String, _ format: ImageFormat) async throws {
        let workspace = try TestWorkspace()
        let rotation = try VideoHeader.read(atPath: try await video(name), format: format).rotation
        #expect(rotation == 90 || rotation == 270)
        try Data(try await workspace.engine.thumbnail(ofFileAt: try await video("clip.mp4")).jpeg).write(
            to: URL(fileURLWithPath: workspace.folder.path("clip.jpg")))
        try Data(try await workspace.engine.thumbnail(ofFileAt: try await video(name)).jpeg).write(
            to: URL(fileURLWithPath: workspace.folder.path("rotated.jpg")))
        /// The mean difference between the rotated clip's poster and the clip's turned `degrees` clockwise.
        func distance(turning degrees: Int) async throws -> Double {
            let name = "d\(degrees)"
            try await Shell.run("vips", ["rot", workspace.folder.path("clip.jpg"), workspace.folder.path("\(name).v"), name])
            try await Shell.run(
                "vips",
                ["subtract", workspace.folder.path("\(name).v"), workspace.folder.path("rotated.jpg"), workspace.folder.path("\(name)-difference.v")])
            try await Shell.run("vips", ["abs", workspace.folder.path("\(name)-difference.v"), workspace.folder.path("\(name)-distance.v")])
            return Double(
                try await Shell.run("vips", ["avg", workspace.folder.path("\(name)-distance.v")]).trimmingCharacters(in: .whitespacesAndNewlines))
                ?? .infinity
        }
        let matching = try await distance(turning: rotation)
        let opposite = try await distance(turning: 360 - rotation)
        #expect(matching < 5 && opposite > 20, "mean difference \(matching) turned as the matrix says, \(opposite) the other way")
    }

    @Test("no video is decoded past the pixel limit")
    func pixelLimit() async throws {
        let temporary = try TemporaryDirectory()
        var configuration = EngineConfiguration(cacheDirectory: temporary.path("cache"), dataDirectory: temporary.path("data"))
        configuration.imaging.maximumPixels = 100_000
        let engine = try Engine(configuration: configuration)
        // Known from the header before ffmpeg runs…
        let known = await #expect(throws: PhotolalaError.self) { try await engine.thumbnail(ofFileAt: try await video("clip.mp4")) }
        #expect(known?.code == .imageTooLarge)
        // …from Matroska's and AVI's headers too…
        for name in ["clip.mkv", "clip.avi"] {
            let header = await #expect(throws: PhotolalaError.self) { try await engine.thumbnail(ofFileAt: try await video(name)) }
            #expect(header?.code == .imageTooLarge)
        }
        // …and refused by ffmpeg's decoder for a header that does not say its size.
        let posters = VideoPosterFrame(imaging: ImageProcessor(configuration: configuration.imaging))
        let unknown = await #expect(throws: PhotolalaError.self) {
            try posters.thumbnail(ofVideoAt: try await video("clip.mkv"), header: VideoHeader(format: .matroska))
        }
        #expect(unknown?.code == .damagedImage)
    }

    @Test("a folder of videos lists each as a video with its duration; the damaged one is listed and fails alone")
    func listingAndDamage() async throws {
        let workspace = try TestWorkspace()
        let source = try workspace.engine.localSource(root: try await Fixtures.videos().path)
        var rows: [ListedPhoto] = []
        for try await batch in try source.folderListing(id: LocalPhotoSource.rootFolderID).listFolder() {
            rows += batch
        }
        let byName = Dictionary(uniqueKeysWithValues: rows.map { ($0.item.displayName, $0) })
        #expect(byName.count == 12)
        #expect(byName.values.allSatisfy { $0.kind == .video })
        #expect(byName["iphone.mov"]?.duration == 3 && byName["short.mp4"]?.duration == 0.4)
        #expect(byName["iphone.mov"]?.offset == 7_200 && byName["iphone.mov"]?.dateSource == .exif)
        #expect(byName["truncated.mp4"]?.duration == nil)

        // Every other video gets its thumbnail; the damaged one says what is wrong with it.
        var failures: [String: PhotolalaError] = [:]
        for row in rows {
            do {
                _ = try await source.thumbnail(folder: "~", item: row.item.id, priority: .visible)
            } catch let error as PhotolalaError {
                failures[row.item.displayName] = error
            }
        }
        #expect(Array(failures.keys) == ["truncated.mp4"])
        #expect(failures["truncated.mp4"]?.code == .damagedImage)
        #expect(failures["truncated.mp4"]?.message.contains("could not be read as a video: the file is truncated or damaged") == true)
    }

    @Test("a catalog lists videos with their size and date, and the damaged one with a row of its own")
    func catalogRows() async throws {
        let temporary = try TemporaryDirectory()
        let engine = try makeEngine(in: temporary)
        let folder = try await Fixtures.videos()
        let paths = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0).path }
        let entries = try engine.fileReader.catalogEntries(at: paths).entries.map { try $0.get() }
        let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0.filename, $0) })
        #expect(byName["rotated.mov"]?.width == 360 && byName["rotated.mov"]?.height == 640)
        #expect(byName["clip.mp4"]?.photoDate == 1_689_297_753)
        #expect(byName["truncated.mp4"] != nil && byName["truncated.mp4"]?.width == nil)
    }

    @Test("ISO 6709 places in degrees, degrees and minutes, and degrees, minutes and seconds")
    func iso6709() {
        let paris = ISO6709Location("+48.8584+002.2945+035.000/")
        #expect(paris?.latitude == 48.8584 && paris?.longitude == 2.2945 && paris?.altitude == 35)
        #expect(ISO6709Location("-3345.5+15112.5/")?.latitude == -(33 + 45.5 / 60))
        #expect(ISO6709Location("+404530.0-0735830.0/")?.longitude == -(73 + 58.0 / 60 + 30.0 / 3600))
        #expect(ISO6709Location("+91.0+000.0/") == nil)
        #expect(ISO6709Location("garbage") == nil)
    }
}

/// Videos in the backup: a video goes up as any photo does, under a Format its container names,
/// with its poster frame as its thumbnail, in parts when it is large, and comes back with its extension.
@Suite("Videos in the backup")
struct VideoBackupTests {
    @Test("a QuickTime movie and a large MP4 are backed up with Format MOV and MP4 and their posters, the large one in parts")
    func backedUp() async throws {
        let workspace = try TestWorkspace()
        guard let store = try await makeStore(.localDirectory, in: workspace.folder) else { return }
        let videos = try await Fixtures.videos()
        // An MP4 of about 7 MB goes up in parts of 5 MiB, as a 200 MB video would in its 16 MiB ones.
        let large = workspace.folder.path("large.mp4")
        try await Shell.run(
            "ffmpeg",
            [
                "-hide_banner", "-loglevel", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=25", "-t", "4", "-c:v", "libx264",
                "-preset", "ultrafast", "-qp", "0", "-pix_fmt", "yuv420p", large,
            ])
        let largeSize = try FileStatus(path: large).size
        #expect(largeSize > 5 << 20, "over the multipart threshold")
        let paths = [videos.appendingPathComponent("iphone.mov").path, large]
        var options = BackupService.Options()
        options.multipartThreshold = 5 << 20
        options.partSize = 5 << 20
        let userID = "0f2504e0-4f89-11d3-9a0c-0305e82c3301"
        let report = try await workspace.engine.backupService(store: store, userID: userID, options: options).backUp(paths)
        #expect(report.failed.isEmpty, "\(report.failed)")
        let layout = CloudLayout(userID: userID)
        for (path, (format, fileExtension)) in zip(paths, [("MOV", "mov"), ("MP4", "mp4")]) {
            let md5 = try ContentHash.md5(ofFileAt: path)
            let tags = try await store.tags(layout.photo(md5))
            #expect(tags == ["Format": format])
            #expect(RestoreService.fileExtension(format: tags["Format"]) == fileExtension)
            #expect(try await store.get(layout.photo(md5)) == [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
            let thumbnail = try #require(try await store.get(layout.thumbnail(md5)))
            let size = try dimensions(of: thumbnail)
            #expect(size.width == 455 && size.height == 256, "the poster frame, not a placeholder")
            let plist = try #require(try await store.get(layout.metadata(md5)))
            let metadata = try PropertyListDecoder().decode(PhotoMetadata.self, from: Data(plist))
            #expect(metadata.kind == .video && metadata.duration == (path == large ? 4 : 3))
        }
    }
}
