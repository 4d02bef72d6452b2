import Foundation
import PhotolalaTestSupport
import Testing

@Suite("photolala export")
struct ExportCommandTests {
    @Test("copies photos into a folder under their names, numbering a taken one; a file that is no photo is refused")
    func export() async throws {
        let cli = try CLI()
        let a = cli.folder.path("a")
        let b = cli.folder.path("b")
        for folder in [a, b] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: folder + "/IMG_0001.jpg")
        }
        let notes = try await Fixtures.file("notes.jpg").path
        let out = cli.folder.path("out")
        let done = try await cli.run("export", a + "/IMG_0001.jpg", b + "/IMG_0001.jpg", "-o", out)
        #expect(done.status == 0, "\(done.standardError)")
        #expect(done.standardOutput == "\(out)/IMG_0001.jpg\n\(out)/IMG_0001 (2).jpg\n")
        #expect(FileManager.default.contentsEqual(atPath: out + "/IMG_0001 (2).jpg", andPath: b + "/IMG_0001.jpg"))

        let refused = try await cli.run("export", notes, "-o", out)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("is not an image"))
        #expect(refused.standardError.hasSuffix("Error: 1 of 1 photos could not be exported.\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).count == 2)
    }
}
