import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Matroska, WebM and AVI headers as the listing, the catalog and the inspector read them:
/// ffmpeg's files compared with what ffprobe and exiftool read from them, then files laid out
/// as mkvmerge, live recordings and cameras write them, and hostile ones.
@Suite("Matroska, WebM and AVI headers")
struct VideoContainerTests {
    private func video(_ name: String) async throws -> String {
        try await Fixtures.videos().appendingPathComponent(name).path
    }

    /// What exiftool (`-n`) says of a file.
    private func exiftool(_ path: String) async throws -> [String: Any] {
        let output = try await Shell.run(
            "exiftool", ["-n", "-j", "-ImageWidth", "-ImageHeight", "-DateTimeOriginal", "-CodecID", "-Compression", "-Duration", path])
        let objects = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
        return try #require(objects?.first)
    }

    /// ffprobe's length of a file in seconds; `nil` when it finds none (`N/A`).
    private func probedDuration(_ path: String) async throws -> Double? {
        Double(
            try await Shell.run("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "default=nw=1:nk=1", path]).trimmingCharacters(
                in: .whitespacesAndNewlines))
    }

    /// exiftool's `DateTimeOriginal` (`2022:03:04 05:06:07`, `Z` when it is UTC) as a header date.
    private func exiftoolDate(_ text: String?) -> HeaderDate? {
        guard let text, let clock = PhotoMetadata.exifLocalTime(String(text.prefix(19))) else { return nil }
        return HeaderDate(seconds: Int64(clock), offset: text.hasSuffix("Z") ? 0 : nil)
    }

    @Test(
        "each file's header says what ffprobe and exiftool read: duration, size, codec and date",
        arguments: [
            // name, format, its date (Unix seconds, offset): DateUTC is UTC, tags and IDIT are clock times.
            ("clip.mkv", ImageFormat.matroska, HeaderDate(seconds: 1_689_297_753, offset: 0)),
            ("clip.webm", .webm, HeaderDate(seconds: 1_646_370_367, offset: 0)),
            ("tagged.mkv", .matroska, HeaderDate(seconds: 1_612_325_106, offset: nil)),
            ("live.mkv", .matroska, HeaderDate(seconds: 1_646_370_367, offset: 0)),
            ("clip.avi", .avi, HeaderDate(seconds: 1_641_038_400, offset: nil)),
        ])
    func sameAsTheTools(_ name: String, _ format: ImageFormat, _ date: HeaderDate) async throws {
        let path = try await video(name)
        let head = Array(try Data(contentsOf: URL(fileURLWithPath: path)).prefix(ImageFormat.sniffLength))
        #expect(ImageFormat(sniffing: head) == format)
        let header = try VideoHeader.read(atPath: path, format: format)
        let tool = try await exiftool(path)
        #expect(header.width == tool["ImageWidth"] as? Int && header.height == tool["ImageHeight"] as? Int)
        #expect(header.width == 640 && header.height == 360)
        #expect(header.codec != nil && header.codec == (tool["CodecID"] ?? tool["Compression"]) as? String)
        #expect(header.date == date)
        #expect(header.date == exiftoolDate(tool["DateTimeOriginal"] as? String), "exiftool: \(tool["DateTimeOriginal"] ?? "none")")
        // A live recording has no Duration before its media; ffprobe finds none either.
        let probed = try await probedDuration(path)
        #expect((header.duration == nil) == (name == "live.mkv") && (probed == nil) == (name == "live.mkv"))
        if let probed, let duration = header.duration {
            #expect(abs(duration - probed) < 0.05, "\(duration) s, ffprobe \(probed) s")
        }
        if format == .avi, let seconds = tool["Duration"] as? Double {
            #expect(abs((header.duration ?? 0) - seconds) < 0.05, "exiftool \(seconds) s")
        }
    }

    @Test("listing rows carry their duration and date, and the catalog their size and date")
    func rowsAndCatalog() async throws {
        let temporary = try TemporaryDirectory()
        let engine = try makeEngine(in: temporary)
        let folder = try await Fixtures.videos()
        let source = try engine.folderListing(folder.path)
        var rows: [ListedPhoto] = []
        for try await batch in source.listFolder() {
            rows += batch
        }
        let byName = Dictionary(uniqueKeysWithValues: rows.map { ($0.item.displayName, $0) })
        #expect(byName["clip.avi"]?.duration == 3 && byName["clip.mkv"]?.duration == 3 && byName["clip.webm"]?.duration == 3)
        #expect(byName["clip.avi"]?.date == 1_641_038_400 && byName["clip.avi"]?.offset == nil && byName["clip.avi"]?.dateSource == .exif)
        #expect(byName["clip.webm"]?.date == 1_646_370_367 && byName["clip.webm"]?.offset == 0)
        #expect(byName["live.mkv"]?.duration == nil && byName["live.mkv"]?.date == 1_646_370_367)
        #expect(ImageFormat.videoDuration(ofFileAt: folder.appendingPathComponent("clip.avi").path) == 3)

        let names = ["clip.avi", "clip.webm", "tagged.mkv"]
        let entries = try engine.fileReader.catalogEntries(at: names.map { folder.appendingPathComponent($0).path }).entries.map { try $0.get() }
        let catalogued = Dictionary(uniqueKeysWithValues: entries.map { ($0.filename, $0) })
        #expect(catalogued["clip.avi"]?.width == 640 && catalogued["clip.avi"]?.height == 360)
        #expect(catalogued["clip.avi"]?.photoDate == 1_641_038_400 && catalogued["tagged.mkv"]?.photoDate == 1_612_325_106)
        #expect(catalogued["clip.webm"]?.photoDate == 1_646_370_367)
    }

    @Test("rotated.mkv: its track's ROTATE tag turns it as ffprobe reads the tag, 640 × 360 frames shown 360 × 640")
    func rotateTag() async throws {
        let path = try await video("rotated.mkv")
        let probed = try await Shell.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_streams", path])
        #expect(probed.contains("TAG:ROTATE=90") && probed.contains("\nwidth=640\n") && probed.contains("\nheight=360\n"), "\(probed)")
        let header = try VideoHeader.read(atPath: path, format: .matroska)
        #expect(header.rotation == 90 && header.width == 360 && header.height == 640)
        #expect(try VideoHeader.read(atPath: try await video("clip.mkv"), format: .matroska).rotation == 0)
    }

    // MARK: - Matroska laid out by hand

    @Test(
        "a rectangular projection's roll turns the film counter-clockwise; another projection, a roll out of range or a tag of another track does not"
    )
    func turns() throws {
        func turned(_ video: [UInt8], tags: [UInt8] = []) throws -> (rotation: Int, width: Int?, height: Int?) {
            var file = VideoFileRanges(bytes: EBML.turned(video: video, tags: tags), budget: MatroskaReader.readLimit)
            let header = try MatroskaReader.read(&file, format: .matroska, name: "turned.mkv")
            return (header.rotation, header.width, header.height)
        }
        #expect(try turned(EBML.projection(roll: -90)) == (90, 360, 640), "a quarter clockwise, as ffmpeg writes a phone's film")
        #expect(try turned(EBML.projection(roll: 90)) == (270, 360, 640))
        #expect(try turned(EBML.projection(roll: 180)) == (180, 640, 360))
        #expect(try turned(EBML.projection(roll: -89.6)) == (90, 360, 640), "to the nearest quarter")
        #expect(try turned(EBML.projection(type: 1, roll: -90)) == (0, 640, 360), "an equirectangular projection's roll is no turn")
        #expect(try turned(EBML.projection(roll: 1e300)) == (0, 640, 360))
        #expect(try turned(EBML.projection(roll: .nan)) == (0, 640, 360))
        #expect(try turned([], tags: EBML.rotateTag(track: 7, "90")) == (90, 360, 640))
        #expect(try turned([], tags: EBML.rotateTag(track: 7, "-90")) == (270, 360, 640))
        #expect(try turned([], tags: EBML.rotateTag(track: 8, "90")) == (0, 640, 360), "another track's tag")
        #expect(try turned([], tags: EBML.rotateTag(track: 7, "sideways")) == (0, 640, 360))
        #expect(try turned([], tags: EBML.rotateTag(track: 7, "1e400")) == (0, 640, 360))
        #expect(try turned(EBML.projection(roll: 0), tags: EBML.rotateTag(track: 7, "90")) == (0, 640, 360), "the projection first")
    }

    @Test("mkvmerge's layout: Tags after the clusters found through the SeekHead, the media never read, a ratio's displayed size")
    func seekHeadToTags() throws {
        let bytes = EBML.file()
        var file = VideoFileRanges(bytes: bytes, budget: MatroskaReader.readLimit)
        let header = try MatroskaReader.read(&file, format: .matroska, name: "seek.mkv")
        #expect(header.duration == 2.5)
        #expect(header.codec == "V_MPEG4/ISO/AVC")
        // 720 × 576 pixels shown at 16:9: 1024 × 576.
        #expect(header.width == 1024 && header.height == 576)
        // The segment's tag, with its offset; the track's tag (1999) is not the film's date.
        #expect(header.date == HeaderDate(seconds: 1_588_748_889 - 7_200, offset: 7_200))
        #expect(file.spent < 4_096, "read \(file.spent) of \(bytes.count) bytes")
    }

    @Test("Tags after a cluster of unknown size with no SeekHead to them are not found; Info and Tracks before it are")
    func liveLayout() throws {
        var file = VideoFileRanges(bytes: EBML.file(seekHead: false, unknownCluster: true), budget: MatroskaReader.readLimit)
        let header = try MatroskaReader.read(&file, format: .matroska, name: "live.mkv")
        #expect(header.codec == "V_MPEG4/ISO/AVC" && header.date == nil && header.duration == 2.5)
    }

    @Test("hostile Matroska: sizes past the file or over the limit, endless elements, deep nesting, huge counts, a SeekHead to itself")
    func hostileMatroska() throws {
        func read(_ bytes: [UInt8]) -> Result<VideoHeader, any Error> {
            var file = VideoFileRanges(bytes: bytes, budget: MatroskaReader.readLimit)
            return Result { try MatroskaReader.read(&file, format: .matroska, name: "hostile.mkv") }
        }
        func message(_ result: Result<VideoHeader, any Error>) -> String? {
            guard case .failure(let error as PhotolalaError) = result, error.code == .damagedImage else { return nil }
            return error.message
        }
        let start = EBML.header + EBML.segmentStart
        // An Info claiming a petabyte, and one cut short by the file's end.
        let huge = start + EBML.id(EBML.info) + [0x01, 0x04, 0, 0, 0, 0, 0, 0] + [0x2A, 0xD7, 0xB1, 0x81, 0x01]
        #expect(message(read(huge))?.contains("over the 4194304-byte limit") == true)
        let cut = start + EBML.element(EBML.info, EBML.uint(EBML.timestampScale, 1_000_000)).dropLast(3)
        #expect(message(read(Array(cut)))?.contains("past the file's end") == true)
        // No EBML header, no segment.
        #expect(message(read(Array(repeating: 0x42, count: 64)))?.contains("no Matroska segment") == true)
        // A hundred thousand Void elements before Info: the walk gives up after its limit.
        let voids = start + [UInt8]([0xEC, 0x80]).repeated(100_000) + EBML.element(EBML.info, [])
        #expect(message(read(voids))?.contains("no segment information") == true)
        // Tracks nested ten thousand masters deep, and a hundred thousand empty track entries.
        var nested: [UInt8] = []
        let wrapper = EBML.element(EBML.video, []).count
        for depth in stride(from: 9_999, through: 1, by: -1) {
            nested += EBML.head(EBML.video, size: depth * wrapper)
        }
        nested += EBML.element(EBML.video, [])
        let deep = start + EBML.element(EBML.tracks, EBML.element(EBML.trackEntry, EBML.uint(EBML.trackType, 1) + nested))
        #expect(try read(deep).get().width == nil)
        let many = start + EBML.element(EBML.tracks, EBML.element(EBML.trackEntry, []).repeated(100_000))
        #expect(try read(many).get().codec == nil)
        // A SeekHead pointing at itself and past the file.
        let seekHead = EBML.element(
            EBML.seekHead,
            EBML.element(EBML.seek, EBML.element(EBML.seekID, EBML.id(EBML.seekHead)) + EBML.uint(EBML.seekPosition, 0))
                + EBML.element(EBML.seek, EBML.element(EBML.seekID, EBML.id(EBML.tags)) + EBML.uint(EBML.seekPosition, 1 << 62)))
        let looped = start + seekHead + EBML.element(EBML.info, EBML.float(EBML.duration, 1000))
        #expect(try read(looped).get().duration == 1)
    }

    // MARK: - AVI laid out by hand

    @Test("an OpenDML AVI over 1 GB: its duration from every part's frames, its size and codec from its stream, IDIT's clock time")
    func openDML() throws {
        var file = VideoFileRanges(bytes: RIFF.file(), budget: AVIReader.readLimit)
        let header = try AVIReader.read(&file, format: .avi, name: "long.avi")
        // 108,000 frames at 30000/1001 per second, where the main header counts its first part's 1000.
        #expect(abs((header.duration ?? 0) - 3_603.6) < 0.001)
        #expect(header.width == 1920 && header.height == 1080 && header.codec == "H264")
        #expect(header.date == HeaderDate(seconds: 1_641_038_400, offset: nil))
    }

    @Test(
        "IDIT's dates as cameras write them",
        arguments: [
            ("SAT JAN 01 12:00:00 2022\n\0", 1_641_038_400), ("Mon Mar 10 15:04:43 2003", 1_047_308_683), ("2022:01:01 12:00:00", 1_641_038_400),
            ("2002-12-16  15:35:01\0\0", 1_040_052_901), ("2005/11/28/ 09:19", 1_133_169_540), ("2001/ 1/27  1:42PM", 980_602_920),
        ])
    func iditDates(_ text: String, _ seconds: Int) {
        #expect(AVIReader.clockTime(text) == seconds)
    }

    @Test("hostile AVI: a header list past the file, endless chunks, no header list, garbage")
    func hostileAVI() throws {
        func message(_ bytes: [UInt8]) -> String? {
            var file = VideoFileRanges(bytes: bytes, budget: AVIReader.readLimit)
            do {
                _ = try AVIReader.read(&file, format: .avi, name: "hostile.avi")
                return nil
            } catch let error as PhotolalaError {
                return error.message
            } catch {
                return nil
            }
        }
        let hdrl = RIFF.list("hdrl", RIFF.chunk("avih", [UInt8](repeating: 0, count: 56)))
        #expect(message(RIFF.riff(Array(hdrl.dropLast(20))))?.contains("its header list claims") == true)
        #expect(message(RIFF.riff(RIFF.chunk("JUNK", []).repeated(100_000) + hdrl))?.contains("no header list") == true)
        #expect(message(Array(repeating: 0x41, count: 64))?.contains("no RIFF 'AVI ' header") == true)
        // A header list of a hundred thousand empty chunks and a stream list nested in itself.
        let crowded = RIFF.list("hdrl", RIFF.chunk("strl", []).repeated(100_000) + RIFF.list("strl", RIFF.list("strl", [])))
        var file = VideoFileRanges(bytes: RIFF.riff(crowded), budget: AVIReader.readLimit)
        #expect(try AVIReader.read(&file, format: .avi, name: "crowded.avi").duration == nil)
    }
}

extension Array {
    /// The array `count` times over.
    fileprivate func repeated(_ count: Int) -> [Element] {
        Array([[Element]](repeating: self, count: count).joined())
    }
}

/// EBML elements written by hand, every size in 8 bytes.
private enum EBML {
    static let info: UInt32 = 0x1549_A966, timestampScale: UInt32 = 0x2A_D7B1, duration: UInt32 = 0x4489
    static let tracks: UInt32 = 0x1654_AE6B, trackEntry: UInt32 = 0xAE, trackType: UInt32 = 0x83, codecID: UInt32 = 0x86
    static let video: UInt32 = 0xE0, seekHead: UInt32 = 0x114D_9B74, seek: UInt32 = 0x4DBB, seekID: UInt32 = 0x53AB, seekPosition: UInt32 = 0x53AC
    static let tags: UInt32 = 0x1254_C367

    static let header = element(0x1A45_DFA3, element(0x4282, Array("matroska".utf8)))

    static func id(_ id: UInt32) -> [UInt8] {
        Array(withUnsafeBytes(of: id.bigEndian, Array.init).drop { $0 == 0 })
    }

    /// An element's header: its ID and its size in 8 bytes.
    static func head(_ identifier: UInt32, size: Int) -> [UInt8] {
        id(identifier) + [0x01] + withUnsafeBytes(of: UInt64(size).bigEndian, Array.init).suffix(7)
    }

    static func element(_ identifier: UInt32, _ body: [UInt8]) -> [UInt8] {
        head(identifier, size: body.count) + body
    }

    static func uint(_ identifier: UInt32, _ value: UInt64) -> [UInt8] {
        element(identifier, withUnsafeBytes(of: value.bigEndian, Array.init))
    }

    static func float(_ identifier: UInt32, _ value: Double) -> [UInt8] {
        element(identifier, withUnsafeBytes(of: value.bitPattern.bigEndian, Array.init))
    }

    static func string(_ identifier: UInt32, _ value: String) -> [UInt8] {
        element(identifier, Array(value.utf8))
    }

    /// A film of 640 × 360 pixels whose track's UID is 7, with `turn` among its video's fields
    /// and `tags` before its media.
    static func turned(video turn: [UInt8], tags: [UInt8]) -> [UInt8] {
        let info = element(Self.info, uint(timestampScale, 1_000_000) + float(duration, 1_000))
        let video = element(Self.video, uint(0xB0, 640) + uint(0xBA, 360) + turn)
        let tracks = element(Self.tracks, element(trackEntry, uint(trackType, 1) + uint(0x73C5, 7) + string(codecID, "V_VP9") + video))
        return header + segmentStart + info + tracks + tags + element(0x1F43_B675, [UInt8](repeating: 0, count: 16))
    }

    /// A video's `Projection` of `type` (0: rectangular) with a roll of `roll` degrees.
    static func projection(type: UInt64 = 0, roll: Double) -> [UInt8] {
        element(0x7670, uint(0x7671, type) + float(0x7675, roll))
    }

    /// `Tags` holding a `ROTATE` tag of `value` for the track of UID `track`.
    static func rotateTag(track: UInt64, _ value: String) -> [UInt8] {
        element(
            Self.tags, element(0x7373, element(0x63C0, uint(0x63C5, track)) + element(0x67C8, string(0x45A3, "ROTATE") + string(0x4487, value))))
    }

    /// A segment's header of unknown size, as live recordings write it.
    static let segmentStart = id(0x1853_8067) + [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]

    /// A 2.5 s film of 720 × 576 pixels shown at 16:9, an audio track first, 100 KB of media, and
    /// the segment's date (with its offset) in Tags after the media, where a SeekHead says.
    static func file(seekHead: Bool = true, unknownCluster: Bool = false) -> [UInt8] {
        let info = element(Self.info, uint(timestampScale, 1_000_000) + float(duration, 2_500))
        let video = element(
            Self.video, uint(0xB0, 720) + uint(0xBA, 576) + uint(0x54B0, 16) + uint(0x54BA, 9) + uint(0x54B2, 3))
        let tracks = element(
            Self.tracks,
            element(trackEntry, uint(trackType, 2) + string(codecID, "A_OPUS"))
                + element(trackEntry, uint(trackType, 1) + string(codecID, "V_MPEG4/ISO/AVC") + video))
        let media = [UInt8](repeating: 0xA3, count: 100_000)
        let cluster = unknownCluster ? id(0x1F43_B675) + [0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + media : element(0x1F43_B675, media)
        let tags = element(
            Self.tags,
            element(
                0x7373,
                element(0x63C0, uint(0x68CA, 50)) + element(0x67C8, string(0x45A3, "DATE_RECORDED") + string(0x4487, "2020-05-06 07:08:09.123+02:00"))
            )
                + element(
                    0x7373,
                    element(0x63C0, uint(0x63C5, 1)) + element(0x67C8, string(0x45A3, "DATE_RECORDED") + string(0x4487, "1999-01-01 00:00:00"))))
        func seeks(_ position: Int) -> [UInt8] {
            element(Self.seekHead, element(seek, element(seekID, id(Self.tags)) + uint(seekPosition, UInt64(position))))
        }
        let head = seekHead ? seeks(0) : []
        let body = (seekHead ? seeks(head.count + info.count + tracks.count + cluster.count) : []) + info + tracks + cluster + tags
        return header + segmentStart + body
    }
}

/// RIFF chunks written by hand.
private enum RIFF {
    static func le32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }

    static func chunk(_ id: String, _ body: [UInt8]) -> [UInt8] {
        Array(id.utf8) + le32(UInt32(body.count)) + body + (body.count % 2 == 1 ? [0] : [])
    }

    static func list(_ type: String, _ body: [UInt8]) -> [UInt8] {
        chunk("LIST", Array(type.utf8) + body)
    }

    static func riff(_ body: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + le32(UInt32(body.count + 4)) + Array("AVI ".utf8) + body
    }

    /// An OpenDML file's first part: a main header counting 1000 frames of 40 ms, a 1920 × 1080
    /// top-down H.264 stream of 54,000 frames at 30000/1001 per second, `dmlh` counting 108,000,
    /// IDIT in EXIF's form, then media.
    static func file() -> [UInt8] {
        let main =
            le32(40_000) + le32(0) + le32(0) + le32(0) + le32(1_000) + le32(0) + le32(1) + le32(0) + le32(1920) + le32(1080)
            + [UInt8](repeating: 0, count: 16)
        let streamHeader =
            Array("vidsH264".utf8) + le32(0) + le32(0) + le32(0) + le32(1001) + le32(30_000) + le32(0) + le32(54_000)
            + [UInt8](repeating: 0, count: 20)
        let planesAndBits: [UInt8] = [1, 0, 24, 0]
        let bitmap = le32(40) + le32(1920) + le32(UInt32(bitPattern: -1080)) + planesAndBits + Array("H264".utf8) + [UInt8](repeating: 0, count: 20)
        let headers = list(
            "hdrl",
            chunk("avih", main) + list("strl", chunk("strh", streamHeader) + chunk("strf", bitmap)) + list("odml", chunk("dmlh", le32(108_000)))
                + chunk("IDIT", Array("2022:01:01 12:00:00\0".utf8)))
        return riff(headers + list("movi", chunk("00dc", [UInt8](repeating: 0, count: 1_000))))
    }
}
