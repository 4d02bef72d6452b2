import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("Photo dates read from a file's first bytes")
struct HeaderDateTests {
    /// A small JPEG whose EXIF says it was taken at 2008-10-22 16:28:39 (+09:00 when `zoned`).
    private func datedJPEG(in folder: TemporaryDirectory, zoned: Bool) throws -> [UInt8] {
        let path = folder.path("seed.jpg")
        try Shell.run("vips", ["black", path, "8", "8"])
        try Shell.run(
            "exiftool",
            ["-q", "-overwrite_original", "-DateTimeOriginal=2008:10:22 16:28:39"] + (zoned ? ["-OffsetTimeOriginal=+09:00"] : []) + [path])
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("a floating time reads as if UTC, a recorded offset is applied and kept")
    func floatingAndOffset() throws {
        let folder = try TemporaryDirectory()
        #expect(HeaderDate.date(in: try datedJPEG(in: folder, zoned: false)) == HeaderDate(seconds: 1_224_692_919, offset: nil))
        #expect(HeaderDate.date(in: try datedJPEG(in: folder, zoned: true)) == HeaderDate(seconds: 1_224_692_919 - 32_400, offset: 32_400))
    }

    @Test("an EXIF segment behind 120 KB of other segments is read past the first 64 KiB")
    func exifBeyondThePrefix() throws {
        let folder = try TemporaryDirectory()
        let jpeg = try datedJPEG(in: folder, zoned: true)
        let comment: [UInt8] = [0xFF, 0xFE, 0xEA, 0x62] + [UInt8](repeating: 0x41, count: 0xEA60)  // a 60,000-byte COM segment
        let path = folder.path("late.jpg")
        try Data(Array(jpeg.prefix(2)) + comment + comment + Array(jpeg.dropFirst(2))).write(to: URL(fileURLWithPath: path))
        #expect(HeaderDate.read(atPath: path)?.offset == 32_400)
    }

    @Test("damaged headers give no date and never trap: every truncation, lying lengths, other formats")
    func hostile() throws {
        let folder = try TemporaryDirectory()
        let jpeg = try datedJPEG(in: folder, zoned: false)
        for length in stride(from: 0, to: jpeg.count, by: 3) {
            _ = HeaderDate.date(in: Array(jpeg.prefix(length)))
        }
        #expect(HeaderDate.date(in: [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + Array("Exif\0\0".utf8)) == nil)
        #expect(HeaderDate.date(in: [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01]) == nil)
        #expect(HeaderDate.date(in: [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x0A] + Array("Exif\0\0".utf8) + [0x49, 0x49, 0x2A, 0x00]) == nil)
        #expect(HeaderDate.date(in: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == nil)
        #expect(HeaderDate.read(atPath: folder.path("missing.jpg")) == nil)
    }
}
