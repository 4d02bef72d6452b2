import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("Photo dates read from a file's first bytes")
struct HeaderDateTests {
    /// A small JPEG whose EXIF says it was taken at 2008-10-22 16:28:39 (+09:00 when `zoned`).
    private func datedJPEG(in folder: TemporaryDirectory, zoned: Bool) async throws -> [UInt8] {
        let path = folder.path("seed.jpg")
        try await Shell.run("vips", ["black", path, "8", "8"])
        try await Shell.run(
            "exiftool",
            ["-q", "-overwrite_original", "-DateTimeOriginal=2008:10:22 16:28:39"] + (zoned ? ["-OffsetTimeOriginal=+09:00"] : []) + [path])
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("a floating time reads as if UTC, a recorded offset is applied and kept")
    func floatingAndOffset() async throws {
        let folder = try TemporaryDirectory()
        #expect(HeaderDate.date(in: try await datedJPEG(in: folder, zoned: false)) == HeaderDate(seconds: 1_224_692_919, offset: nil))
        #expect(HeaderDate.date(in: try await datedJPEG(in: folder, zoned: true)) == HeaderDate(seconds: 1_224_692_919 - 32_400, offset: 32_400))
    }

    @Test("an EXIF segment behind 120 KB of other segments is read past the first 64 KiB")
    func exifBeyondThePrefix() async throws {
        let folder = try TemporaryDirectory()
        let jpeg = try await datedJPEG(in: folder, zoned: true)
        let comment: [UInt8] = [0xFF, 0xFE, 0xEA, 0x62] + [UInt8](repeating: 0x41, count: 0xEA60)  // a 60,000-byte COM segment
        let path = folder.path("late.jpg")
        try Data(Array(jpeg.prefix(2)) + comment + comment + Array(jpeg.dropFirst(2))).write(to: URL(fileURLWithPath: path))
        #expect(HeaderDate.read(atPath: path)?.offset == 32_400)
    }

    @Test("damaged headers give no date and never trap: every truncation, lying lengths, other formats")
    func hostile() async throws {
        let folder = try TemporaryDirectory()
        let jpeg = try await datedJPEG(in: folder, zoned: false)
        for length in stride(from: 0, to: jpeg.count, by: 3) {
            _ = HeaderDate.date(in: Array(jpeg.prefix(length)))
        }
        #expect(HeaderDate.date(in: [0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF] + Array("Exif\0\0".utf8)) == nil)
        #expect(HeaderDate.date(in: [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x01]) == nil)
        #expect(HeaderDate.date(in: [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x0A] + Array("Exif\0\0".utf8) + [0x49, 0x49, 0x2A, 0x00]) == nil)
        #expect(HeaderDate.date(in: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == nil)
        #expect(HeaderDate.read(atPath: folder.path("missing.jpg")) == nil)
    }

    /// A photo in `format` (heic, avif, png, webp) whose EXIF says it was taken at 2008-10-22
    /// 16:28:39 +09:00, made by libvips and dated by exiftool; `noise` makes one of 600 × 400
    /// random pixels (a HEIC or WebP of over 100 KB whose EXIF exiftool writes at the end).
    private func datedPhoto(_ format: String, in folder: TemporaryDirectory, noise: Bool = false) async throws -> String {
        let image = folder.path("\(format)-\(noise).v")
        if noise {
            try await Shell.run("vips", ["gaussnoise", folder.path("noise.v"), "600", "400"])
            let noise = folder.path("noise.v")
            try await Shell.run("vips", ["bandjoin", "\(noise) \(noise) \(noise)", folder.path("colour.v")])
            try await Shell.run("vips", ["cast", folder.path("colour.v"), image, "uchar"])
        } else {
            try await Shell.run("vips", ["black", image, "16", "16", "--bands", "3"])
        }
        let path = folder.path((noise ? "noise." : "photo.") + format)
        try await Shell.run("vips", format == "avif" ? ["heifsave", image, path, "--compression", "av1"] : ["copy", image, path])
        try await Shell.run("exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2008:10:22 16:28:39", "-OffsetTimeOriginal=+09:00", path])
        return path
    }

    @Test("HEIC, AVIF, PNG and WebP are dated from their EXIF in an uncatalogued listing, read past the first 64 KiB where it lies there")
    func otherFormats() async throws {
        let folder = try TemporaryDirectory()
        let photos = folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for format in ["heic", "avif", "png", "webp"] {
            try await FileManager.default.moveItem(atPath: try datedPhoto(format, in: folder), toPath: photos + "/photo.\(format)")
        }
        for format in ["heic", "webp"] {
            let noise = try await datedPhoto(format, in: folder, noise: true)
            let size = try #require(try FileManager.default.attributesOfItem(atPath: noise)[.size] as? Int)
            #expect(size > HeaderDate.prefixLength + 4096, "late.\(format)")
            let head = try #require(try FileHandle(forReadingAtPath: noise)?.read(upToCount: HeaderDate.prefixLength))
            #expect(HeaderDate.date(in: [UInt8](head)) == nil, "late.\(format)")  // its EXIF lies past the first bytes
            try FileManager.default.moveItem(atPath: noise, toPath: photos + "/late.\(format)")
        }

        let source = try makeEngine(in: folder).folderListing(photos)
        var listed: [ListedPhoto] = []
        for try await batch in source.listFolder() {
            listed += batch
        }
        #expect(Set(listed.map(\.item.displayName)) == ["photo.heic", "photo.avif", "photo.png", "photo.webp", "late.heic", "late.webp"])
        let taken: Int64 = 1_224_692_919 - 32_400  // 2008-10-22 16:28:39 +09:00
        for photo in listed {
            #expect(photo.date == taken, "\(photo.item.displayName)")
            #expect(photo.offset == 32_400 && photo.dateSource == .exif, "\(photo.item.displayName)")
        }
    }

    /// A HEIF of three boxes: `ftyp`, a `meta` whose `iloc` places item 1 (type Exif) at
    /// `offset`, `length` in the file (the item's own length when `nil`), and `mdat` holding the item.
    private func heif(block: [UInt8], offset: UInt32? = nil, length: UInt32? = nil) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, Array.init) }
        func box(_ type: String, _ payload: [UInt8]) -> [UInt8] { be32(8 + payload.count) + Array(type.utf8) + payload }
        let item = be32(6) + Array("Exif\0\0".utf8) + block
        let infe = box("infe", [2, 0, 0, 0, 0, 1, 0, 0] + Array("Exif".utf8))
        let iinf = box("iinf", [0, 0, 0, 0, 0, 1] + infe)
        func meta(itemAt start: Int) -> [UInt8] {
            // iloc version 0, 4-byte offsets and lengths, no base offset: item 1, one extent.
            let entry: [UInt8] = [0, 1, 0, 0, 0, 1] + be32(Int(offset ?? UInt32(start))) + be32(Int(length ?? UInt32(item.count)))
            let iloc = box("iloc", [0, 0, 0, 0, 0x44, 0x00, 0, 1] + entry)
            return box("meta", [0, 0, 0, 0] + iinf + iloc)
        }
        let ftyp = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8))
        let start = ftyp.count + meta(itemAt: 0).count + 8
        return ftyp + meta(itemAt: start) + box("mdat", item)
    }

    @Test("damaged HEIF boxes, PNG and WebP chunks give no date quickly and never trap")
    func hostileHEIFPNGAndWebP() async throws {
        let folder = try TemporaryDirectory()
        let heic = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try await datedPhoto("heic", in: folder))))
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try await datedPhoto("png", in: folder))))
        let webP = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try await datedPhoto("webp", in: folder))))
        #expect(HeaderDate.date(in: webP)?.offset == 32_400)
        guard case .found(let block) = HeaderDate.scanHEIF(heic) else {
            Issue.record("no Exif item found in the HEIC made by exiftool")
            return
        }
        let clock = ContinuousClock()
        let started = clock.now
        #expect(HeaderDate.date(in: heif(block: block))?.offset == 32_400)  // the synthetic HEIF itself is read
        for bytes in [heic, png, webP] {
            for length in 0..<bytes.count {
                _ = HeaderDate.date(in: Array(bytes.prefix(length)))
            }
        }
        let path = folder.path("past-the-end.heic")
        try Data(heif(block: block, offset: 0x7FFF_FFF0)).write(to: URL(fileURLWithPath: path))
        #expect(HeaderDate.read(atPath: path) == nil)  // an extent past the end of the file
        try Data(heif(block: block, length: 0xFFFF_FFFF)).write(to: URL(fileURLWithPath: path))
        #expect(HeaderDate.read(atPath: path) == nil)  // an extent longer than anything read
        #expect(HeaderDate.date(in: heif(block: block, length: 0)) == nil)  // "to the end of the data"
        #expect(HeaderDate.date(in: heif(block: block, length: 5)) == nil)  // shorter than its TIFF header offset

        let good = heif(block: block)
        var lying = good
        lying.replaceSubrange(24..<28, with: [0, 0, 0, 0])  // meta's size 0 ("to the end of the file") at the top level
        #expect(HeaderDate.date(in: lying) == nil)
        lying = good
        lying.replaceSubrange(24..<28, with: [0, 0, 0, 1])  // a 64-bit size of 2⁶⁴ − 1
        lying.insert(contentsOf: [UInt8](repeating: 0xFF, count: 8), at: 32)
        #expect(HeaderDate.date(in: lying) == nil)
        lying = good
        lying.replaceSubrange(24..<28, with: [0xFF, 0xFF, 0xFF, 0xF0])  // meta claims 4 GB
        #expect(HeaderDate.scanHEIF(lying) == .needs(24 + 0xFFFF_FFF0))
        lying = good
        lying.replaceSubrange(36..<40, with: [0, 0, 0, 4])  // a child box smaller than its own header
        #expect(HeaderDate.date(in: lying) == nil)
        lying = good
        // An `iinf` too small for its own item count, first in `meta` (found by the fuzzer).
        lying.insert(contentsOf: [0, 0, 0, 12] + Array("iinf".utf8) + [1, 0, 0, 0], at: 36)
        let metaSize = lying[24..<28].reduce(0) { $0 << 8 | Int($1) } + 12
        lying.replaceSubrange(24..<28, with: withUnsafeBytes(of: UInt32(metaSize).bigEndian, Array.init))
        #expect(HeaderDate.date(in: lying) == nil)

        let iloc = try #require((0..<good.count - 4).first { good[$0..<$0 + 4].elementsEqual("iloc".utf8) })
        lying = good
        lying.replaceSubrange(iloc + 8..<iloc + 9, with: [0x00])  // extents of no bytes at all…
        lying.replaceSubrange(iloc + 16..<iloc + 18, with: [0xFF, 0xFF])  // …65,535 of them
        #expect(HeaderDate.date(in: lying) == nil)
        lying = good
        lying.replaceSubrange(iloc + 10..<iloc + 12, with: [0xFF, 0xFF])  // 65,535 items, one recorded
        lying.replaceSubrange(iloc + 12..<iloc + 14, with: [0, 2])  // and not the Exif one
        #expect(HeaderDate.date(in: lying) == nil)

        var chunk = png
        chunk.replaceSubrange(8..<12, with: [0x80, 0, 0, 0])  // IHDR longer than a chunk may be
        #expect(HeaderDate.date(in: chunk) == nil)
        let exif = try #require((8..<png.count - 4).first { png[$0..<$0 + 4].elementsEqual("eXIf".utf8) }) - 4
        let length = png[exif..<exif + 4].reduce(0) { $0 << 8 | Int($1) }
        #expect(HeaderDate.scanPNG(Array(png.prefix(exif + 10))) == .needs(exif + 8 + length))  // read on to the chunk's end
        var webPLying = webP
        webPLying[20] = 0  // VP8X says there is no EXIF chunk
        #expect(HeaderDate.date(in: webPLying) == nil)
        webPLying = webP
        webPLying.replaceSubrange(34..<38, with: [0xF0, 0xFF, 0xFF, 0x7F])  // the image chunk runs past the RIFF
        #expect(HeaderDate.date(in: webPLying) == nil)
        // Unknown chunks before the image are walked past, a few of them; twenty, and the walk
        // gives up before it reaches the EXIF.
        func padded(_ count: Int) -> [UInt8] {
            var bytes = Array(webP[0..<30]) + (0..<count).flatMap { _ in Array("JUNK".utf8) + [0, 0, 0, 0] } + Array(webP[30...])
            bytes.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(bytes.count - 8).littleEndian, Array.init))
            return bytes
        }
        #expect(HeaderDate.date(in: padded(5))?.offset == 32_400)
        #expect(HeaderDate.date(in: padded(20)) == nil)
        #expect(clock.now - started < .seconds(5))
    }
}
