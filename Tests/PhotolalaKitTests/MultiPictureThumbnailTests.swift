import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Camera JPEGs' thumbnails from the Large Thumbnail of their Multi-Picture Format index. In
/// every fixture the primary image is red and the images after it blue (green and yellow for the
/// sideways one), so the colour tells which one a thumbnail was made from.
@Suite("Thumbnails from a camera JPEG's embedded preview")
struct MultiPictureThumbnailTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    @Test(
        "A JPEG's Large Thumbnail is what its thumbnail is made from, at the primary's thumbnail size: an index in either byte order",
        arguments: ["mpf-preview.jpg", "mpf-big-endian.jpg"])
    func largeThumbnailIsUsed(name: String) async throws {
        let thumbnail = try await engine.thumbnail(ofFileAt: Fixtures.file(name).path)
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(size.width == 341 && size.height == 256)
        let colour = try await pixel(of: thumbnail.jpeg, x: 170, y: 128, in: folder)
        #expect(colour[2] > 200 && colour[0] < 60, "the preview is blue, the primary red; got \(colour)")
    }

    @Test("The preview is turned upright by the primary image's EXIF orientation")
    func previewTakesThePrimarysOrientation() async throws {
        let thumbnail = try await engine.thumbnail(ofFileAt: Fixtures.file("mpf-orientation6.jpg").path)
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(size.width == 256 && size.height == 341)
        let top = try await pixel(of: thumbnail.jpeg, x: 128, y: 40, in: folder)
        let bottom = try await pixel(of: thumbnail.jpeg, x: 128, y: 300, in: folder)
        #expect(top[1] > 200 && top[0] < 60 && top[2] < 60, "top should be the preview's green, got \(top)")
        #expect(bottom[0] > 200 && bottom[1] > 200 && bottom[2] < 60, "bottom should be the preview's yellow, got \(bottom)")
    }

    @Test(
        "An MPF image that cannot stand for the photo is not used: a depth or gain map, another shape, too small, cut short",
        arguments: ["mpf-depth-map.jpg", "mpf-other-shape.jpg", "mpf-too-small.jpg", "mpf-cut-short.jpg"])
    func unusableImagesFallBackToThePrimary(name: String) async throws {
        let thumbnail = try await engine.thumbnail(ofFileAt: Fixtures.file(name).path)
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(size.width == 341 && size.height == 256)
        let colour = try await pixel(of: thumbnail.jpeg, x: 170, y: 128, in: folder)
        #expect(colour[0] > 200 && colour[2] < 60, "the primary is red; got \(colour)")
    }

    @Test("An index whose offsets, sizes and counts lie lists nothing outside the file")
    func lyingIndexIsBounded() async throws {
        let bytes = try [UInt8](Data(contentsOf: await Fixtures.file("mpf-preview.jpg")))
        let header = try #require(JPEGHeader(bytes)?.multiPictureHeader)
        let honest = try #require(MultiPictureIndex(bytes, header: header))
        #expect(honest.previews.map { [$0.width, $0.height] } == [[640, 480]])
        #expect(honest.previews.allSatisfy { bytes[$0.range.lowerBound] == 0xFF && $0.range.upperBound <= bytes.count })
        // The second entry (the preview) is the 16 bytes after the first; its size and offset
        // are made to point past the file, then to wrap around it.
        let entries = header + 8 + 2 + 3 * 12 + 4
        for (size, offset) in [(UInt32(1000), UInt32(bytes.count)), (UInt32.max, UInt32(100)), (UInt32(100), UInt32.max)] {
            var lying = bytes
            lying.replaceSubrange(entries + 20..<entries + 28, with: littleEndian(size) + littleEndian(offset))
            let index = try #require(MultiPictureIndex(lying, header: header))
            #expect(index.previews.isEmpty)
            let thumbnail = try ImageProcessor().thumbnail(of: lying, name: "lying.jpg")
            let size = try dimensions(of: thumbnail)
            #expect(size.width == 341 && size.height == 256)
        }
        // A count claiming a million entries reads at most the entries the file holds.
        var huge = bytes
        huge.replaceSubrange(header + 8 + 2 + 2 * 12 + 4..<header + 8 + 2 + 2 * 12 + 8, with: littleEndian(16_000_000))
        #expect(MultiPictureIndex(huge, header: header)?.previews.isEmpty ?? true)
    }

    private func littleEndian(_ value: UInt32) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian, Array.init)
    }
}
