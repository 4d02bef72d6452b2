import Foundation
import PhotolalaTestSupport
import Testing

@Suite("photolala trash")
struct TrashCommandTests {
    @Test("moves photos and their sidecars to the Trash, saying where; a photo that is not there fails the command and the rest are moved")
    func trash() async throws {
        let cli = try CLI()
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        for name in ["a.jpg", "a.jpg.xmp", "b.jpg"] {
            try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: photos + "/" + name)
        }
        let home = cli.folder.path("home")
        let environment = ["HOME": home, "XDG_DATA_HOME": home + "/.local/share"]
        let trash = home + "/.local/share/Trash"
        let done = try await cli.run(["trash", photos + "/a.jpg", photos + "/gone.jpg", photos + "/b.jpg"], environment: environment)
        #expect(done.status == 1)
        #expect(
            done.standardOutput
                == "\(photos)/a.jpg: moved to \(trash)/files/a.jpg\n\(photos)/a.jpg.xmp: moved to \(trash)/files/a.jpg.xmp\n"
                + "\(photos)/b.jpg: moved to \(trash)/files/b.jpg\n")
        #expect(done.standardError.hasSuffix("Error: 1 of 3 photos could not be moved to the Trash.\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: photos).isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: trash + "/info").sorted() == [
                "a.jpg.trashinfo", "a.jpg.xmp.trashinfo", "b.jpg.trashinfo",
            ])
    }
}
