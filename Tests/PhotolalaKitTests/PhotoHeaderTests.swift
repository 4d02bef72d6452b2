import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// ``PhotoHeader`` reads a photo's header alone, for the facts of a folder never read before:
/// it must give what the whole file's inspection gives, or say it cannot.
@Suite("Reading a photo's facts from its header alone")
struct PhotoHeaderTests {
    /// Photos whose header says all: JPEGs (one turned by EXIF), HEICs (one turned by `irot`),
    /// TIFF-based RAWs and a CR3.
    static let readFromHeader = [
        "photo-4000x3000.jpg", "orientation6.jpg", "mpf-preview.jpg", "photo.heic", "iphone.heic", "iphone-rotated.heic", "iphone.avif",
        "raw.dng", "raw.nef", "raw.cr3", "raw.orf", "raw.rw2", "raw-jxl.dng", "raw-nopreview.dng",
    ]

    /// The whole file's inspection, as a thumbnail's read makes it.
    private func wholeInspection(_ path: String) throws -> ImageInspection {
        try ImageProcessor().inspect(Array(try Data(contentsOf: URL(fileURLWithPath: path))), name: path)
    }

    /// - Parameter xmpWritten: Whether exiftool wrote XMP into the file: libvips misses a HEIF's
    ///   XMP item that exiftool adds, which the header reads as exiftool does.
    private func expectSame(_ header: ImageInspection, _ whole: ImageInspection, _ name: String, xmpWritten: Bool = false) throws {
        #expect(header.format == whole.format, "\(name)")
        #expect(
            header.width == whole.width && header.height == whole.height,
            "\(name): \(header.width)×\(header.height), whole \(whole.width)×\(whole.height)")
        #expect(header.orientation == whole.orientation, "\(name)")
        #expect(header.exif?.primary == whole.exif?.primary && header.exif?.exif == whole.exif?.exif, "\(name)")
        #expect(header.exif?.gps == whole.exif?.gps, "\(name)")
        if whole.xmpPacket != nil || !xmpWritten {
            #expect(header.xmpPacket == whole.xmpPacket, "\(name)")
        }
        if xmpWritten {
            let described = PhotoDescription(exif: nil, xmp: try XMPPacket(try #require(header.xmpPacket, "\(name)'s XMP")), iptc: nil)
            #expect(described.keywords == ["header"] && described.title == "Read from the header", "\(name)")
        }
        #expect(header.iptcBlock == whole.iptcBlock, "\(name)")
    }

    @Test("A photo's header gives its size, orientation, EXIF, XMP and IPTC as a read of the whole file does", arguments: readFromHeader)
    func sameAsWholeRead(name: String) async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path(name)
        try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: path)
        // XMP where exiftool writes it (it cannot rewrite the trimmed CR3, RW2 and ORF fixtures).
        let written =
            (try? await Shell.run(
                "exiftool", ["-q", "-q", "-overwrite_original", "-XMP-dc:Subject=header", "-XMP-dc:Title=Read from the header", path])) != nil
        let header = try #require(try PhotoHeader.inspection(ofFileAt: path), "\(name) is read from its header")
        // exiftool writes an RW2's XMP into the EXIF of its embedded JPEG, where neither read looks.
        try expectSame(header, try wholeInspection(path), name, xmpWritten: written && !name.hasSuffix(".rw2"))
    }

    @Test("A CR3's XMP box is found wherever it lies, past 30 MB of image data too")
    func cr3XMPAtTheEnd() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("far.cr3")
        var bytes = Array(try Data(contentsOf: try await Fixtures.file("raw.cr3")))
        func box(_ type: String, _ body: [UInt8], extended: [UInt8] = []) -> [UInt8] {
            withUnsafeBytes(of: UInt32(8 + extended.count + body.count).bigEndian, Array.init) + Array(type.utf8) + extended + body
        }
        // 30 MB of image data, then the XMP box, as a camera's CR3 rewritten by a tool may lay them out.
        bytes += box("free", [UInt8](repeating: 0, count: 30 << 20))
        bytes += box("uuid", Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8), extended: RAWContainer.xmpUUID)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let header = try #require(try PhotoHeader.inspection(ofFileAt: path))
        #expect(header.xmpPacket == Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8))
        try expectSame(header, try wholeInspection(path), "far.cr3")
    }

    @Test("A RAF (its EXIF only in its preview) and a PNG are left to a whole read")
    func leftToWholeRead() async throws {
        for name in ["raw.raf", "photo.png"] {
            #expect(try PhotoHeader.inspection(ofFileAt: try await Fixtures.file(name).path) == nil, "\(name)")
        }
    }

    @Test("A header that points past its budget or loops ends in nil, quickly, never reading gigabytes")
    func hostileHeaders() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("hostile")
        func read(_ bytes: [UInt8], as name: String) throws -> ImageInspection? {
            try Data(bytes).write(to: URL(fileURLWithPath: path + name))
            return try PhotoHeader.inspection(ofFileAt: path + name)
        }
        // A NEF whose IFD0 points at its EXIF directory 2 GB on, in a file of 40 bytes.
        var far: [UInt8] = Array("II*\0".utf8) + [8, 0, 0, 0, 1, 0]
        far += [0x69, 0x87, 4, 0, 1, 0, 0, 0, 0, 0, 0, 0x7F] + [0, 0, 0, 0]
        #expect(try read(far, as: ".nef") == nil)
        // A DNG whose directory chain loops on itself.
        var loop: [UInt8] = Array("II*\0".utf8) + [8, 0, 0, 0, 1, 0]
        loop += [0x4A, 0x01, 4, 0, 1, 0, 0, 0, 8, 0, 0, 0] + [8, 0, 0, 0]
        #expect(try read(loop, as: ".dng") == nil)
        // A HEIF whose `meta` claims 4 GB.
        let ftyp: [UInt8] = [0, 0, 0, 16] + Array("ftypheic".utf8) + [0, 0, 0, 0]
        #expect(try read(ftyp + [0xFF, 0xFF, 0xFF, 0xF0] + Array("meta".utf8) + [0, 0, 0, 0], as: ".heic") == nil)
        // A JPEG whose segments go on past its end.
        #expect(try read([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 100), as: ".jpg") == nil)
    }
}
