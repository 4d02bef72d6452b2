import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("Metadata read from EXIF agrees with exiftool")
struct MetadataTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    /// `exiftool -n -json` for one file, as a dictionary.
    private func exiftool(_ path: String) async throws -> [String: Any] {
        let output = try await Shell.run("exiftool", ["-n", "-json", path])
        let list = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]]
        return list?.first ?? [:]
    }

    /// exiftool's `YYYY:MM:DD HH:MM:SS` plus an optional `±HH:MM`, as Unix seconds.
    private func unixSeconds(_ text: String, offset: String?) throws -> Double {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy:MM:dd HH:mm:ssxxx"
        let date = try #require(formatter.date(from: text + (offset ?? "+00:00")))
        return date.timeIntervalSince1970
    }

    @Test("Date, dimensions, camera and GPS match exiftool -n", arguments: ["photo-4000x3000.jpg", "southwest.jpg", "photo.tiff"])
    func matchesExiftool(name: String) async throws {
        let path = try await Fixtures.file(name).path
        let metadata = try await engine.metadata(ofFileAt: path)
        let reference = try await exiftool(path)

        #expect(metadata.width == reference["ImageWidth"] as? Int)
        #expect(metadata.height == reference["ImageHeight"] as? Int)
        #expect(metadata.cameraMake == reference["Make"] as? String)
        #expect(metadata.cameraModel == reference["Model"] as? String)
        let taken = try #require(reference["DateTimeOriginal"] as? String)
        let expected = try unixSeconds(taken, offset: reference["OffsetTimeOriginal"] as? String)
        #expect(metadata.photoDate?.timeIntervalSince1970 == expected)
        if let latitude = reference["GPSLatitude"] as? Double, let longitude = reference["GPSLongitude"] as? Double {
            #expect(abs((metadata.latitude ?? 0) - latitude) < 1e-6)
            #expect(abs((metadata.longitude ?? 0) - longitude) < 1e-6)
        } else {
            #expect(metadata.latitude == nil && metadata.longitude == nil)
        }
    }

    @Test("All fields of a camera photo")
    func cameraPhoto() async throws {
        let path = try await Fixtures.file("photo-4000x3000.jpg").path
        let metadata = try await engine.metadata(ofFileAt: path)
        #expect(metadata.format == .jpeg)
        #expect(metadata.photoDate == Date(timeIntervalSince1970: 1_689_297_753))  // 2023-07-14 10:22:33 +09:00
        #expect(metadata.photoDateOffsetSeconds == 9 * 3_600)
        #expect(metadata.lensModel == "RF24-105mm F4 L IS USM")
        #expect(metadata.exposureTime == 0.004)
        #expect(metadata.fNumber == 8)
        #expect(metadata.iso == 200)
        #expect(metadata.focalLength == 50)
        #expect(metadata.altitude == 40.5)
        #expect(metadata.originalFilename == "photo-4000x3000.jpg")
        #expect(metadata.fileSize == Int64(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? -1))
        let md5 = try await Shell.run("md5sum", [path]).prefix(32)
        #expect(metadata.md5 == String(md5))
    }

    @Test("South, west and below sea level are negative")
    func signedCoordinates() async throws {
        let metadata = try await engine.metadata(ofFileAt: Fixtures.file("southwest.jpg").path)
        #expect(metadata.latitude.map { $0 < 0 } == true)
        #expect(metadata.longitude.map { $0 < 0 } == true)
        #expect(metadata.altitude == -12)
        #expect(metadata.photoDateOffsetSeconds == nil)
    }

    @Test("Width and height are as displayed, after orientation")
    func orientedDimensions() async throws {
        let metadata = try await engine.metadata(ofFileAt: Fixtures.file("orientation6.jpg").path)
        #expect(metadata.orientation == 6)
        #expect(metadata.width == 300 && metadata.height == 400)
    }

    @Test("The format comes from the bytes, not the name")
    func formatFromContent() async throws {
        #expect(try await engine.metadata(ofFileAt: Fixtures.file("png-named.jpg").path).format == .png)
        #expect(try await engine.metadata(ofFileAt: Fixtures.file("photo.heic").path).format == .heif)
        #expect(try await engine.metadata(ofFileAt: Fixtures.file("photo.webp").path).format == .webp)
    }

    @Test("EXIF dates and offsets parse, and nonsense does not")
    func exifDateParsing() {
        #expect(PhotoMetadata.exifLocalTime("2023:07:14 10:22:33") == 1_689_330_153)
        #expect(PhotoMetadata.exifLocalTime("0000:00:00 00:00:00") == nil)
        #expect(PhotoMetadata.exifLocalTime("garbage") == nil)
        #expect(PhotoMetadata.exifOffset("+09:00") == 32_400)
        #expect(PhotoMetadata.exifOffset("-05:30") == -19_800)
        #expect(PhotoMetadata.exifOffset("   :  ") == nil)
    }

    @Test("A damaged EXIF block yields what it can and never traps")
    func damagedExif() {
        var block = Array("Exif\0\0MM\0*\0\0\0\u{8}".utf8)
        block += [0x00, 0x02, 0x01, 0x0F, 0x00, 0x02, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0xFF, 0xFF]
        let reader = ExifReader(block)
        #expect(reader.primary.isEmpty)
        for length in 0..<block.count {
            _ = ExifReader(Array(block.prefix(length)))
        }
    }

    @Test(
        "The JPEG marker reader agrees with libvips, and gives up safely on damaged headers",
        arguments: ["photo-4000x3000.jpg", "orientation6.jpg", "southwest.jpg", "panorama-6000x2000.jpg"])
    func jpegHeaderAgreesWithVips(name: String) async throws {
        let bytes = Array(try Data(contentsOf: try await Fixtures.file(name)))
        let header = try #require(JPEGHeader(bytes))
        let viaVips = try bytes.withUnsafeBytes { buffer in
            try #require(ImageProcessorProbe.header(buffer))
        }
        #expect(header.width == viaVips.width && header.height == viaVips.height)
        #expect(header.orientation == viaVips.orientation)
        for length in stride(from: 0, to: min(bytes.count, 4_096), by: 7) {
            _ = JPEGHeader(Array(bytes.prefix(length)))
        }
    }
}
