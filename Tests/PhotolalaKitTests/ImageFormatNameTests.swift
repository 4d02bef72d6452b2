import PhotolalaSupport
import Testing

@testable import PhotolalaKit

/// What a file's name says of its format, as listings and the backup read it: the extension
/// of the last component only, in any case.
@Suite("formats from names")
struct ImageFormatNameTests {
    @Test("the last component's extension, in any case, names the format")
    func extensions() {
        #expect(ImageFormat(name: "IMG_0001.JPG") == .jpeg)
        #expect(ImageFormat(name: "/photos/2024/IMG_0001.jpeg") == .jpeg)
        #expect(ImageFormat(name: "été/Été.HeIc") == .heif)
        #expect(ImageFormat(name: "clip.MOV") == .mov)
        #expect(ImageFormat(name: "clip.webm") == .webm)
        #expect(ImageFormat(name: "_MG_1234.CR3") == .cr3)
        #expect(ImageFormat(name: ".jpg") == .jpeg)
    }

    @Test("names without a photo's extension name no format")
    func notPhotos() {
        #expect(ImageFormat(name: "README") == nil)
        #expect(ImageFormat(name: "photo.") == nil)
        #expect(ImageFormat(name: "photo.jpeg2") == nil)
        #expect(ImageFormat(name: "notes.txt") == nil)
        #expect(ImageFormat(name: "album.jpg/cover") == nil)
        #expect(ImageFormat(name: "photo.j\u{0301}pg") == nil)
    }

    @Test("a path's name and folder are split at its last slash")
    func paths() {
        #expect(FilePath.name(of: "/a/b.jpg") == "b.jpg")
        #expect(FilePath.name(of: "b.jpg") == "b.jpg")
        #expect(FilePath.name(of: "/a/") == "")
        #expect(FilePath.parent(of: "/a/b.jpg") == "/a")
        #expect(FilePath.parent(of: "/b.jpg") == "/")
        #expect(FilePath.parent(of: "b.jpg") == ".")
        #expect(FilePath.name(of: "/été/ça.HEIC") == "ça.HEIC")
    }
}
