import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Camera RAW files made by `Tests/Fixtures/make-raw-fixtures.py`: listed, thumbnailed from
/// their largest embedded preview at the RAW's orientation (LibRaw's half-size decode when
/// there is none), previewed, and described as exiftool describes them.
@Suite("Camera RAW")
struct CameraRAWTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    static let kinds = ["raw.dng", "raw.nef", "raw.cr3", "raw.raf", "raw.orf", "raw.rw2", "raw-jxl.dng", "raw-nopreview.dng"]

    /// `exiftool -n -json` for one file.
    private func exiftool(_ path: String) async throws -> [String: Any] {
        let output = try await Shell.run("exiftool", ["-n", "-json", path])
        let list = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
        return list?.first ?? [:]
    }

    /// A folder holding every RAW fixture, the damaged one included, and a JPEG.
    private func rawFolder() async throws -> String {
        let root = folder.path("raw")
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for name in Self.kinds + ["raw-damaged.nef", "orientation6.jpg"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: root + "/" + name)
        }
        return root
    }

    @Test("Every RAW kind is listed as a photo, the damaged one too, beside a JPEG")
    func listed() async throws {
        let source = try engine.localSource(root: try await rawFolder())
        let names = Set(try await source.allItems().map(\.displayName))
        #expect(names == Set(Self.kinds + ["raw-damaged.nef", "orientation6.jpg"]))
    }

    @Test(
        "The thumbnail comes from the largest embedded preview, turned by the RAW's own orientation",
        arguments: [
            // name, thumbnail size, colour at the top left (the largest preview is red on its left half, blue on its right)
            ("raw.dng", 256, 384, "red"),  // 1200×800 SubIFD preview, orientation 6
            ("raw.nef", 256, 384, "blue"),  // 1200×800 JpgFromRaw over the 640×424 MakerNote preview, orientation 8
            ("raw.cr3", 384, 256, "blue"),  // the 5472×3648 JPEG in mdat over PRVW and THMB, orientation 3
            ("raw-pruned.cr3", 384, 256, "blue"),  // mdat cut short: the 960×640 PRVW, orientation 3
            ("raw.raf", 256, 384, "red"),  // the embedded 1200×800 JPEG, orientation 6 in its EXIF
            ("raw.orf", 384, 256, "red"),  // 1200×800 in the Olympus MakerNote over IFD1's 160×120, orientation 1
            ("raw.rw2", 256, 384, "blue"),  // the 1200×800 JpgFromRaw, orientation 8
            ("raw-jxl.dng", 256, 384, "red"),  // the 1200×800 JPEG XL preview, orientation 6
        ])
    func thumbnailFromPreview(name: String, width: Int, height: Int, topLeft: String) async throws {
        let thumbnail = try await engine.thumbnail(ofFileAt: Fixtures.file(name).path)
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(size.width == width && size.height == height)
        let corner = try await pixel(of: thumbnail.jpeg, x: 10, y: 10, in: folder)
        let far = try await pixel(of: thumbnail.jpeg, x: width - 10, y: height - 10, in: folder)
        let (red, blue) = ([220, 20, 20], [20, 20, 220])
        let (expectedCorner, expectedFar) = topLeft == "red" ? (red, blue) : (blue, red)
        #expect(zip(corner, expectedCorner).allSatisfy { abs($0 - $1) < 30 }, "\(name): top left \(corner)")
        #expect(zip(far, expectedFar).allSatisfy { abs($0 - $1) < 30 }, "\(name): bottom right \(far)")
    }

    @Test(
        "Every embedded preview is found (MakerNotes', a DNG's kept one, CR3's boxes and first track, a DNG's JPEG XL), and the largest with a short edge of 240 is chosen",
        arguments: [
            ("raw.dng", ImageFormat.dng, [[1200, 800]]),
            ("raw.nef", .nef, [[1200, 800], [640, 424]]),
            ("raw.cr3", .cr3, [[5472, 3648], [960, 640], [160, 120]]),
            // Cut inside mdat, as a pruned copy is: the previews before the cut, whole.
            ("raw-pruned.cr3", .cr3, [[960, 640], [160, 120]]),
            ("raw.raf", .raf, [[1200, 800]]),
            ("raw.orf", .orf, [[1200, 800], [160, 120]]),
            ("raw.rw2", .rw2, [[1200, 800]]),
            ("raw-jxl.dng", .dng, [[1200, 800]]),
            // A Z 9's high-efficiency DNG: the NEF's MakerNote kept in DNGPrivateData holds the one.
            ("raw-he.dng", .dng, [[640, 424]]),
        ])
    func previewsFound(name: String, format: ImageFormat, sizes: [[Int]]) async throws {
        let bytes = Array(try Data(contentsOf: try await Fixtures.file(name)))
        let container = try RAWContainer(bytes, format: format)
        #expect(Set(container.previews.map { [$0.width, $0.height] }) == Set(sizes))
        let chosen = try #require(container.thumbnailPreview(maximumPixels: 268_402_689))
        #expect([chosen.width, chosen.height] == sizes[0])
        // Over the pixel limit, the largest is passed over for the next.
        let next = container.thumbnailPreview(maximumPixels: chosen.pixels - 1)
        #expect(next.map { [$0.width, $0.height] } == sizes.dropFirst().first.flatMap { min($0[0], $0[1]) >= 240 ? $0 : nil })
    }

    @Test("A DNG without a preview is decoded by LibRaw at half size, upright")
    func librawFallback() async throws {
        let thumbnail = try await engine.thumbnail(ofFileAt: Fixtures.file("raw-nopreview.dng").path)
        let size = try dimensions(of: thumbnail.jpeg)
        // 512 × 384 sensor, half size 256 × 192, orientation 6: 192 × 256, not enlarged.
        #expect(size.width == 192 && size.height == 256)
        let top = try await pixel(of: thumbnail.jpeg, x: 96, y: 20, in: folder)
        let bottom = try await pixel(of: thumbnail.jpeg, x: 96, y: 236, in: folder)
        #expect(top[1] > bottom[1] + 40, "the brighter left half of the sensor is on top: \(top) over \(bottom)")
    }

    @Test("LibRaw's decode is refused over the pixel limit")
    func librawPixelLimit() async throws {
        var configuration = ImageProcessor.Configuration()
        configuration.maximumPixels = 100_000
        let processor = ImageProcessor(configuration: configuration)
        let bytes = Array(try Data(contentsOf: try await Fixtures.file("raw-nopreview.dng")))
        #expect {
            try processor.thumbnail(of: bytes, name: "raw-nopreview.dng")
        } throws: { ($0 as? PhotolalaError)?.code == .imageTooLarge }
    }

    @Test("Format, dimensions after orientation, camera, exposure, dates and GPS agree with exiftool", arguments: kinds)
    func metadataMatchesExiftool(name: String) async throws {
        let path = try await Fixtures.file(name).path
        let metadata = try await engine.metadata(ofFileAt: path)
        let reference = try await exiftool(path)
        #expect(metadata.format?.rawValue == reference["FileType"] as? String)
        let size = try #require((reference["ImageSize"] as? String)?.split(separator: " ").compactMap { Int($0) })
        let orientation = reference["Orientation"] as? Int ?? 1
        #expect(metadata.orientation == orientation)
        let upright = orientation >= 5 ? [size[1], size[0]] : size
        #expect([metadata.width, metadata.height] == upright)
        #expect(metadata.cameraMake == reference["Make"] as? String)
        #expect(metadata.cameraModel == reference["Model"] as? String)
        #expect(metadata.lensModel == reference["LensModel"] as? String)
        #expect(metadata.iso == reference["ISO"] as? Int)
        #expect(metadata.exposureTime == reference["ExposureTime"] as? Double)
        #expect(metadata.fNumber == reference["FNumber"] as? Double)
        #expect(metadata.focalLength == reference["FocalLength"] as? Double)
        let taken = try #require(reference["DateTimeOriginal"] as? String)
        let offset = reference["OffsetTimeOriginal"] as? String
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy:MM:dd HH:mm:ssxxx"
        #expect(metadata.photoDate == formatter.date(from: taken + (offset ?? "+00:00")))
        #expect(metadata.photoDateOffsetSeconds == offset.flatMap(PhotoMetadata.exifOffset))
        if let latitude = reference["GPSLatitude"] as? Double, let longitude = reference["GPSLongitude"] as? Double {
            #expect(abs((metadata.latitude ?? 0) - latitude) < 1e-6 && abs((metadata.longitude ?? 0) - longitude) < 1e-6)
        } else {
            #expect(metadata.latitude == nil)
        }
    }

    @Test("The format comes from the bytes: a NEF named .tif and a CR3 named .jpg are still RAW")
    func formatFromBytes() async throws {
        for (fixture, name, format) in [("raw.nef", "renamed.tif", ImageFormat.nef), ("raw.cr3", "renamed.jpg", .cr3)] {
            let path = folder.path(name)
            try FileManager.default.copyItem(atPath: try await Fixtures.file(fixture).path, toPath: path)
            #expect(try await engine.metadata(ofFileAt: path).format == format)
        }
    }

    @Test("The full preview is the largest embedded JPEG: as stored when its orientation is the RAW's, else upright")
    func fullPreview() async throws {
        let root = try await rawFolder()
        let source = try engine.localSource(root: root)
        let items = Dictionary(uniqueKeysWithValues: try await source.allItems().map { ($0.displayName, $0.id) })

        guard case .bytes(let dng) = try await source.fullImage(folder: LocalPhotoSource.rootFolderID, item: try #require(items["raw.dng"])).body
        else {
            Issue.record("a DNG is shown as a rendering")
            return
        }
        let size = try dimensions(of: dng)
        #expect(size.width == 800 && size.height == 1200)
        let top = try await pixel(of: dng, x: 400, y: 20, in: folder)
        #expect(top[0] > 180 && top[2] < 60, "the DNG's preview is turned by its orientation 6: red on top, got \(top)")

        guard case .bytes(let raf) = try await source.fullImage(folder: LocalPhotoSource.rootFolderID, item: try #require(items["raw.raf"])).body
        else {
            Issue.record("a RAF is shown as a rendering")
            return
        }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: root + "/raw.raf")))
        let container = try RAWContainer(bytes, format: .raf)
        let preview = try #require(container.previews.first)
        #expect(raf == Array(bytes[preview.range]), "the RAF's JPEG, oriented as the RAF says, is sent as it is")

        guard case .bytes(let cr3) = try await source.fullImage(folder: LocalPhotoSource.rootFolderID, item: try #require(items["raw.cr3"])).body
        else {
            Issue.record("a CR3 is shown as a rendering")
            return
        }
        let cr3Size = try dimensions(of: cr3)
        #expect(cr3Size.width == 5472 && cr3Size.height == 3648, "the CR3's full-size JPEG of its first track, not its PRVW")
        let cr3Corner = try await pixel(of: cr3, x: 20, y: 20, in: folder)
        #expect(cr3Corner[2] > 180 && cr3Corner[0] < 60, "turned by orientation 3: blue at the top left, got \(cr3Corner)")

        guard case .bytes(let jxl) = try await source.fullImage(folder: LocalPhotoSource.rootFolderID, item: try #require(items["raw-jxl.dng"])).body
        else {
            Issue.record("a JPEG XL DNG is shown as a rendering")
            return
        }
        #expect(jxl.starts(with: [0xFF, 0xD8]), "a JPEG XL preview is sent as JPEG, which every browser shows")
        let jxlSize = try dimensions(of: jxl)
        #expect(jxlSize.width == 800 && jxlSize.height == 1200)
        let jxlTop = try await pixel(of: jxl, x: 400, y: 20, in: folder)
        #expect(jxlTop[0] > 180 && jxlTop[2] < 60, "turned by orientation 6: red on top, got \(jxlTop)")
    }

    @Test("A JPEG XL preview larger than its directory says is held to the pixel limit by its own header")
    func jpegXLPreviewPixelLimit() async throws {
        var bytes = Array(try Data(contentsOf: try await Fixtures.file("raw-jxl.dng")))
        // The preview directory's ImageWidth 1200 and ImageLength 800 (LONG, little-endian) become 600 × 400.
        for (tag, from, to) in [(UInt8(0x00), UInt16(1200), UInt16(600)), (0x01, 800, 400)] {
            let entry: [UInt8] = [tag, 0x01, 4, 0, 1, 0, 0, 0, UInt8(from & 0xFF), UInt8(from >> 8), 0, 0]
            let at = try #require((0...bytes.count - entry.count).first { bytes[$0..<$0 + entry.count].elementsEqual(entry) })
            bytes[at + 8] = UInt8(to & 0xFF)
            bytes[at + 9] = UInt8(to >> 8)
        }
        var configuration = ImageProcessor.Configuration()
        configuration.maximumPixels = 500_000
        let processor = ImageProcessor(configuration: configuration)
        #expect {
            try processor.thumbnail(of: bytes, name: "lying.dng")
        } throws: { ($0 as? PhotolalaError)?.code == .imageTooLarge }
        // Within the limit, the same file's preview is used.
        let thumbnail = try ImageProcessor(configuration: ImageProcessor.Configuration()).thumbnail(of: bytes, name: "lying.dng")
        let size = try dimensions(of: thumbnail)
        #expect(size.width == 256 && size.height == 384)
    }

    @Test("A damaged RAW gets a clear error, and the rest of its folder still has thumbnails")
    func damaged() async throws {
        let root = try await rawFolder()
        let source = try engine.localSource(root: root)
        var failures: [String: PhotolalaError] = [:]
        for item in try await source.allItems() {
            do {
                _ = try await source.thumbnail(folder: LocalPhotoSource.rootFolderID, item: item.id, priority: .visible)
            } catch let error as PhotolalaError {
                failures[item.displayName] = error
            }
        }
        #expect(Array(failures.keys) == ["raw-damaged.nef"])
        let error = try #require(failures["raw-damaged.nef"])
        #expect(error.code == .damagedImage)
        #expect(error.message.contains("its NEF structure is damaged") && error.message.contains("LibRaw cannot decode it"), "\(error.message)")
    }

    @Test("Hostile containers end in an answer: directory and SubIFD loops, boxes claiming more than the file")
    func hostileContainers() throws {
        // IFD0 at 8 with one entry, SubIFDs pointing back at itself, and the chain looping too.
        var loop: [UInt8] = Array("II*\0".utf8) + [8, 0, 0, 0, 1, 0]
        loop += [0x4A, 0x01, 4, 0, 1, 0, 0, 0, 8, 0, 0, 0] + [8, 0, 0, 0]
        let container = try RAWContainer(loop, format: .dng)
        #expect(container.previews.isEmpty)
        // A JPEG pointer far past the end, and a preview length of 4 GiB.
        var pointers: [UInt8] = Array("II*\0".utf8) + [8, 0, 0, 0, 2, 0]
        pointers += [0x01, 0x02, 4, 0, 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0x7F]
        pointers += [0x02, 0x02, 4, 0, 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF] + [0, 0, 0, 0]
        #expect(try RAWContainer(pointers, format: .nef).previews.isEmpty)
        // An ISO-BMFF box claiming 2^63 bytes.
        let box: [UInt8] = [0, 0, 0, 1] + Array("moov".utf8) + [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]
        let ftyp: [UInt8] = [0, 0, 0, 16] + Array("ftypcrx ".utf8) + [0, 0, 0, 1]
        #expect(throws: RAWContainer.Damage.self) { try RAWContainer(ftyp + box, format: .cr3) }
        // A RAF header cut short.
        #expect(throws: RAWContainer.Damage.self) { try RAWContainer(Array("FUJIFILMCCD-RAW 0201".utf8), format: .raf) }
    }
}
