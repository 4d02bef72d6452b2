import Foundation
import PhotolalaSupport
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

#if canImport(Glibc)
    import Glibc
#endif

@Suite("The desktop's Trash, as the freedesktop.org specification and trash-cli read it")
struct TrashTests: WorkspaceSuite {
    let workspace: TestWorkspace

    init() throws {
        workspace = try TestWorkspace()
    }

    /// A Trash whose home is this test's own folder, as trash-cli finds it with the same environment.
    private var environment: [String: String] { ["HOME": folder.path("home"), "XDG_DATA_HOME": folder.path("home/.local/share")] }

    private func file(_ path: String, _ text: String = "photo") throws {
        try FileManager.default.createDirectory(
            atPath: String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]), withIntermediateDirectories: true)
        try AtomicFile.write(Array(text.utf8), to: path)
    }

    @Test("A photo and its sidecar go to the home Trash with their .trashinfo, trash-list lists them, and Restore puts them back")
    func homeTrash() async throws {
        let photo = photos + "/Summer 2024/IMG 1.jpg"
        try file(photo)
        try file(photo + ".xmp", "<x/>")
        let trash = FreedesktopTrash(environment: environment)
        let moved = try trash.trashPhoto(at: photo)
        #expect(moved.map(\.originalPath) == [photo, photo + ".xmp"])
        #expect(access(photo, F_OK) != 0 && access(photo + ".xmp", F_OK) != 0)
        #expect(moved[0].path == folder.path("home/.local/share/Trash/files/IMG 1.jpg"))
        let info = try String(contentsOfFile: moved[0].infoPath, encoding: .utf8)
        let lines = info.split(separator: "\n").map(String.init)
        #expect(lines[0] == "[Trash Info]")
        #expect(lines[1] == "Path=" + photo.replacingOccurrences(of: " ", with: "%20"))
        #expect(lines[2].wholeMatch(of: /DeletionDate=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/) != nil)

        // The reference reader: each trashed file's deletion date and the path it came from.
        let listed = try await Shell.run("trash-list", [], environment: environment).split(separator: "\n")
        #expect(listed.map { $0.dropFirst(20) }.sorted() == [photo[...], (photo + ".xmp")[...]], "\(listed)")

        for item in moved.reversed() { try trash.restore(item) }
        #expect(try String(contentsOfFile: photo, encoding: .utf8) == "photo")
        #expect(access(moved[0].infoPath, F_OK) != 0)
        #expect(try await Shell.run("trash-list", [], environment: environment).isEmpty)
    }

    @Test("Two photos of one name get two names in the Trash; a restore never replaces a file that is back")
    func namesAndRestores() throws {
        let trash = FreedesktopTrash(environment: environment)
        try file(photos + "/a/IMG_1.jpg", "first")
        try file(photos + "/b/IMG_1.jpg", "second")
        let first = try trash.trash(photos + "/a/IMG_1.jpg")
        let second = try trash.trash(photos + "/b/IMG_1.jpg")
        #expect(FilePath.name(of: first.path) == "IMG_1.jpg" && FilePath.name(of: second.path) == "IMG_1.2.jpg")
        try file(photos + "/a/IMG_1.jpg", "new")
        let error = #expect(throws: PhotolalaError.self) { try trash.restore(first) }
        #expect(error?.code == .writeFailed)
        #expect(try String(contentsOfFile: photos + "/a/IMG_1.jpg", encoding: .utf8) == "new")
        #expect(try String(contentsOfFile: first.path, encoding: .utf8) == "first", "the trashed file stays in the Trash")
    }

    @Test("A RAW+JPEG pair's Lightroom sidecar stays with the half that stays")
    func pairSidecar() throws {
        let trash = FreedesktopTrash(environment: environment)
        for name in ["IMG_2.CR3", "IMG_2.jpg", "IMG_2.xmp", "IMG_2.jpg.xmp"] { try file(photos + "/" + name) }
        let moved = try trash.trashPhoto(at: photos + "/IMG_2.jpg")
        #expect(moved.map { FilePath.name(of: $0.originalPath) } == ["IMG_2.jpg", "IMG_2.jpg.xmp"])
        #expect(access(photos + "/IMG_2.xmp", F_OK) == 0)
        let raw = try trash.trashPhoto(at: photos + "/IMG_2.CR3")
        #expect(raw.map { FilePath.name(of: $0.originalPath) } == ["IMG_2.CR3", "IMG_2.xmp"])
    }

    @Test("A photo on another filesystem goes to that volume's .Trash-UID, named from its top")
    func volumeTrash() throws {
        let disk = try #require(
            SmallDisk(at: folder.path("disk"), megabytes: 4), "this test mounts a tmpfs: run it as root, as make test is on this machine kind")
        defer { disk.unmount() }
        try file(disk.path + "/Photos/IMG_3.jpg")
        let trashed = try FreedesktopTrash(environment: environment).trash(disk.path + "/Photos/IMG_3.jpg")
        #expect(trashed.path == disk.path + "/.Trash-\(getuid())/files/IMG_3.jpg")
        let info = try String(contentsOfFile: trashed.infoPath, encoding: .utf8)
        #expect(info.contains("\nPath=Photos/IMG_3.jpg\n"), "\(info)")
    }
}
