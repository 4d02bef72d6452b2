import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// The fixtures' thumbnail items are green (left) and yellow (right), their primary images red
/// (left) and blue (right): the colours say which one a thumbnail was made from.
@Suite("HEIF and AVIF thumbnails from the file's own thumbnail item")
struct HEIFThumbnailTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    static let red = [200, 40, 40], blue = [40, 40, 200], green = [40, 200, 40], yellow = [230, 230, 40]

    private func expectColour(_ jpeg: [UInt8], x: Int, y: Int, _ expected: [Int], _ comment: String) async throws {
        let colour = try await pixel(of: jpeg, x: x, y: y, in: folder)
        #expect(zip(colour, expected).allSatisfy { abs($0 - $1) <= 30 }, "\(comment): expected \(expected), got \(colour)")
    }

    @Test(
        "An iPhone-style HEIC's 320 × 240 thumbnail item is the thumbnail, at its own size (short edge 240, not enlarged to 256)",
        arguments: ["iphone.heic", "iphone.avif"])
    func thumbnailItemIsUsed(name: String) async throws {
        let thumbnail = try await engine.thumbnail(ofFileAt: Fixtures.file(name).path)
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(size.width == 320 && size.height == 240)
        try await expectColour(thumbnail.jpeg, x: 80, y: 120, Self.green, "left half of the thumbnail item")
        try await expectColour(thumbnail.jpeg, x: 240, y: 120, Self.yellow, "right half of the thumbnail item")
    }

    @Test(
        "A thumbnail item too small (160 × 120) or of another shape (320 × 320 for a 4:3 photo) is ignored: the primary is decoded",
        arguments: ["small-thumbnail.heic", "square-thumbnail.heic"])
    func unfitThumbnailItemIsIgnored(name: String) async throws {
        let thumbnail = try await engine.thumbnail(ofFileAt: Fixtures.file(name).path)
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(size.width == 341 && size.height == 256)
        try await expectColour(thumbnail.jpeg, x: 85, y: 128, Self.red, "left half of the primary")
        try await expectColour(thumbnail.jpeg, x: 256, y: 128, Self.blue, "right half of the primary")
    }

    @Test("A thumbnail item larger than the thumbnail (640 × 480) is shrunk to the short edge of 256")
    func largeThumbnailItemIsShrunk() async throws {
        let thumbnail = try await engine.thumbnail(ofFileAt: Fixtures.file("large-thumbnail.heic").path)
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(size.width == 341 && size.height == 256)
        try await expectColour(thumbnail.jpeg, x: 85, y: 128, Self.green, "left half of the thumbnail item")
    }

    @Test("A HEIC turned by irot (and EXIF orientation 6, which HEIF ignores) comes out upright once: thumbnail, preview and size agree")
    func rotationIsAppliedOnce() async throws {
        let path = try await Fixtures.file("iphone-rotated.heic").path
        let thumbnail = try await engine.thumbnail(ofFileAt: path)
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(size.width == 240 && size.height == 320)
        try await expectColour(thumbnail.jpeg, x: 120, y: 80, Self.green, "top of the thumbnail")
        try await expectColour(thumbnail.jpeg, x: 120, y: 240, Self.yellow, "bottom of the thumbnail")

        let preview = try engine.imaging.renderJPEG(of: Array(Data(contentsOf: URL(fileURLWithPath: path))), name: path)
        let previewSize = try dimensions(of: preview)
        #expect(previewSize.width == 1512 && previewSize.height == 2016)
        try await expectColour(preview, x: 756, y: 500, Self.red, "top of the preview")
        try await expectColour(preview, x: 756, y: 1500, Self.blue, "bottom of the preview")

        let metadata = try await engine.metadata(ofFileAt: path)
        #expect(metadata.width == 1512 && metadata.height == 2016 && metadata.orientation == 1)
    }

    @Test("A 10-bit HLG HEIC (BT.2020) keeps its colours, tone-mapped to sRGB, in the thumbnail item and the preview")
    func hybridLogGammaIsToneMapped() async throws {
        let path = try await Fixtures.file("hdr-10bit.heic").path
        let thumbnail = try await engine.thumbnail(ofFileAt: path)
        #expect(try dimensions(of: thumbnail.jpeg) == (360, 240))
        // Codes 900 and 100 of 1023 are bright and dark light; BT.2020's primaries are more
        // saturated than sRGB's, so each channel is full or empty.
        try await expectColour(thumbnail.jpeg, x: 90, y: 120, [0, 255, 0], "left half of the 10-bit thumbnail item")
        try await expectColour(thumbnail.jpeg, x: 270, y: 120, [255, 252, 0], "right half of the 10-bit thumbnail item")

        let preview = try engine.imaging.renderJPEG(of: Array(Data(contentsOf: URL(fileURLWithPath: path))), name: path)
        try await expectColour(preview, x: 300, y: 400, [255, 0, 0], "left half of the 10-bit primary")
        try await expectColour(preview, x: 900, y: 400, [0, 0, 255], "right half of the 10-bit primary")
    }

    @Test(
        "A 10-bit PQ HEIC or AVIF's diffuse white comes out white, not the mid-grey its codes would show as sRGB",
        arguments: ["hdr-pq.heic", "hdr-pq.avif"])
    func perceptualQuantizerIsToneMapped(name: String) async throws {
        let path = try await Fixtures.file(name).path
        let thumbnail = try await engine.thumbnail(ofFileAt: path)
        #expect(try dimensions(of: thumbnail.jpeg) == (384, 256))
        let white = try await pixel(of: thumbnail.jpeg, x: 96, y: 128, in: folder)
        #expect(white.allSatisfy { $0 >= 220 }, "\(name): diffuse white, got \(white)")
        try await expectColour(thumbnail.jpeg, x: 288, y: 128, [255, 0, 0], "\(name): red at diffuse white's light")

        let preview = try engine.imaging.renderJPEG(of: Array(Data(contentsOf: URL(fileURLWithPath: path))), name: path)
        #expect(try dimensions(of: preview) == (1200, 800))
        let previewWhite = try await pixel(of: preview, x: 300, y: 400, in: folder)
        #expect(previewWhite.allSatisfy { $0 >= 220 }, "\(name): diffuse white in the preview, got \(previewWhite)")
    }

    @Test("Tone curves: PQ's 203 cd/m² and HLG's 75 % are diffuse white, highlights roll off below 1 without a kink")
    func toneCurves() throws {
        let pq = try #require(HDRToneMapping(transferCharacteristics: 16, colourPrimaries: 9))
        #expect(abs(pq.linear(0.5807) - 1) < 0.01)
        #expect(abs(pq.linear(1) - 10_000 / 203) < 0.01)
        let hlg = try #require(HDRToneMapping(transferCharacteristics: 18, colourPrimaries: 9))
        #expect(abs(hlg.linear(0.75) - 1) < 0.02)
        #expect(HDRToneMapping(transferCharacteristics: 1, colourPrimaries: 1) == nil)
        #expect(HDRToneMapping.rollOff(0.5) == 0.5 && HDRToneMapping.rollOff(0.75) == 0.75)
        #expect(HDRToneMapping.rollOff(1) < 0.9 && HDRToneMapping.rollOff(50) < 1 && HDRToneMapping.rollOff(50) > 0.99)
        #expect(abs((HDRToneMapping.rollOff(0.7501) - 0.75) / 0.0001 - 1) < 0.01)
    }
}
