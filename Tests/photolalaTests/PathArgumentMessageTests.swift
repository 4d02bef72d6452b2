import Foundation
import PhotolalaTestSupport
import Testing

/// A path that names no photo file (a folder, a library, nothing, a device, a FIFO, a file
/// whose size says nothing) is refused in a sentence, never with a Foundation error's dump
/// (issue 36: `backup star DIR` printed `Error Domain=NSCocoaErrorDomain Code=256 …`).
@Suite("photolala path arguments that name no photo file")
struct PathArgumentMessageTests {
    @Test("backup star of a folder, a library, an empty path and /proc/self/mem says which it is")
    func starNoPhotoFile() async throws {
        let cli = try CLI()
        let folder = cli.folder.path("photos")
        let library = cli.folder.path("Family.photoslibrary")
        for path in [folder, library] {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        let environment = StoreUnreachableCommandTests.environment("http://127.0.0.1:9")
        let expected = [
            folder: "error: \(folder): '\(folder)' is a folder, not a photo file: name the photo files in it.\n",
            library: "error: \(library): '\(library)' is a folder, not a photo file: name the photo files in it.\n",
            "": "error: : An empty path names no file: give the path of a photo file.\n",
            "/proc/self/mem": "error: /proc/self/mem: '/proc/self/mem' is empty (0 bytes): there is no image in it.\n",
        ]
        for (path, line) in expected {
            let output = try await cli.run(["backup", "star", path], environment: environment)
            #expect(output.status == 1)
            #expect(output.standardError == line + "Error: 1 of 1 photos could not be starred.\n", "\(path)")
        }
    }

    @Test("info and thumbnail of /dev/zero or a FIFO say it is not a regular file")
    func infoOfDevice() async throws {
        let cli = try CLI()
        let fifo = cli.folder.path("pipe.jpg")
        #expect(mkfifo(fifo, 0o600) == 0)
        for path in ["/dev/zero", fifo] {
            let message = "Error: '\(path)' is not a regular file (a device, a FIFO or a socket): give the path of a photo file.\n"
            let info = try await cli.run("info", path)
            #expect(info.status == 1)
            #expect(info.standardError == message)
            let thumbnail = try await cli.run("thumbnail", path, "-o", cli.folder.path("out.jpg"))
            #expect(thumbnail.status == 1)
            #expect(thumbnail.standardError == message)
        }
    }
}
