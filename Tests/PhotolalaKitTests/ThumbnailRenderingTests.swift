import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

@Suite("Thumbnails rendered by libvips")
struct ThumbnailRenderingTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    @Test("A photo stored sideways with EXIF orientation 6 comes out upright")
    func orientationIsApplied() async throws {
        let thumbnail = try await engine.thumbnail(ofFileAt: Fixtures.file("orientation6.jpg").path)
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(size.width == 256 && size.height == 341)
        let top = try await pixel(of: thumbnail.jpeg, x: 128, y: 40, in: folder)
        let bottom = try await pixel(of: thumbnail.jpeg, x: 128, y: 300, in: folder)
        #expect(top[0] > 200 && top[2] < 60, "top should be red, got \(top)")
        #expect(bottom[2] > 200 && bottom[0] < 60, "bottom should be blue, got \(bottom)")
    }

    @Test(
        "Short edge 256, long edge at most 512, whole: a panorama beyond 2:1 is scaled to 512 wide, not cropped",
        arguments: [
            ("photo-4000x3000.jpg", 341, 256),
            ("panorama-6000x2000.jpg", 512, 171),
            ("orientation6.jpg", 256, 341),
        ])
    func thumbnailGeometry(name: String, width: Int, height: Int) async throws {
        let thumbnail = try await engine.thumbnail(ofFileAt: Fixtures.file(name).path)
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(size.width == width && size.height == height)
    }

    @Test("Small images are not enlarged, and very long ones are scaled whole to a long edge of 512")
    func smallAndLongImages() throws {
        let processor = ImageProcessor()
        #expect(processor.thumbnailSize(width: 100, height: 80) == (100, 80))
        #expect(processor.thumbnailSize(width: 300, height: 100) == (300, 100))
        #expect(processor.thumbnailSize(width: 174, height: 38) == (174, 38))
        #expect(processor.thumbnailSize(width: 1000, height: 10_000) == (51, 512))
        #expect(processor.thumbnailSize(width: 1024, height: 512) == (512, 256))
        #expect(processor.thumbnailSize(width: 1, height: 100_000) == (1, 512))
    }

    @Test("A 174 × 38 banner comes out whole, as its own size")
    func bannerIsWhole() async throws {
        let path = folder.path("banner.png")
        try await Shell.run("vips", ["black", path, "174", "38"])
        let thumbnail = try await engine.thumbnail(ofFileAt: path)
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(size.width == 174 && size.height == 38)
    }

    @Test(
        "Every supported format decodes, whatever the file is called",
        arguments: [
            "photo.png", "photo-16bit.png", "photo.webp", "photo.heic", "photo.tiff", "photo.gif", "photo.bmp",
            "png-named.jpg", "IMG_0001",
        ])
    func formatsDecode(name: String) async throws {
        let thumbnail = try await engine.thumbnail(ofFileAt: Fixtures.file(name).path)
        let size = try dimensions(of: thumbnail.jpeg)
        #expect(min(size.width, size.height) == 256)
        #expect(Array(thumbnail.jpeg.prefix(3)) == [0xFF, 0xD8, 0xFF])
    }

    @Test("Transparent pixels are flattened onto white")
    func alphaIsFlattenedOnWhite() async throws {
        let thumbnail = try await engine.thumbnail(ofFileAt: Fixtures.file("photo.png").path)
        // The fixture is green (10, 200, 30) at half opacity.
        let colour = try await pixel(of: thumbnail.jpeg, x: 100, y: 100, in: folder)
        #expect(abs(colour[0] - 132) < 12 && abs(colour[1] - 227) < 12 && abs(colour[2] - 142) < 12, "got \(colour)")
    }

    @Test("The thumbnail carries no metadata")
    func metadataIsStripped() async throws {
        let thumbnail = try await engine.thumbnail(ofFileAt: Fixtures.file("photo-4000x3000.jpg").path)
        let inspection = try ImageProcessor().inspect(thumbnail.jpeg, name: "thumbnail")
        #expect(inspection.exif == nil)
    }

    @Test(
        "Broken and fake files get a clear error",
        arguments: [
            ("truncated.jpg", PhotolalaError.Code.damagedImage, "truncated or damaged"),
            ("empty.jpg", .emptyFile, "is empty (0 bytes)"),
            ("notes.jpg", .notAnImage, "is not an image"),
            ("bomb.png", .imageTooLarge, "100000×100000 pixels"),
        ])
    func brokenFiles(name: String, code: PhotolalaError.Code, phrase: String) async throws {
        let path = try await Fixtures.file(name).path
        let error = await #expect(throws: PhotolalaError.self) {
            try await engine.thumbnail(ofFileAt: path)
        }
        #expect(error?.code == code)
        #expect(error?.message.contains(phrase) == true, "\(error?.message ?? "")")
        #expect(error?.message.contains(name) == true)
    }
}
