import Foundation
import PhotolalaKit
import PhotolalaS3
import PhotolalaTestSupport
import Testing

/// Backing up reads each photo once: starring a photo read before (its thumbnail made) takes
/// its MD5 from the identity index, and the run reads each original once, for its upload, its
/// metadata and (unless the thumbnail store holds it) its thumbnail. Traced with strace.
@Suite("Read once: backing up opens each photo once")
struct BackupReadOnceTests {
    static let userID = "0d7c2f4e-6a1b-4c8d-9e3f-5a6b7c8d9e0f"

    @Test("After thumbnails, backup star opens no photo and backup run opens each starred original once")
    func starAndRunAfterThumbnails() async throws {
        let cli = try CLI()
        let root = URL(fileURLWithPath: cli.folder.path("photos")).resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let names = ["orientation6.jpg", "photo.heic", "photo.png", "photo.tiff"]
        for name in names {
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: root + "/" + name)
        }
        let photos = names.map { root + "/" + $0 }
        // The backup goes to a folder, set as the web UI saves it.
        let backupFolder = cli.folder.path("nas")
        try FileManager.default.createDirectory(atPath: cli.folder.path("data"), withIntermediateDirectories: true)
        try Data(#"{"folder": "\#(backupFolder)", "userID": "\#(Self.userID)"}"#.utf8).write(
            to: URL(fileURLWithPath: cli.folder.path("data/cloud.json")))

        let thumbnails = try await cli.run("thumbnails", root)
        #expect(thumbnails.status == 0, "\(thumbnails.standardError)")

        guard let star = try await cli.traced("backup", "star", photos[0], photos[1], photos[2], photos[3]) else { return }
        #expect(star.output.status == 0, "\(star.output.standardError)")
        #expect(star.output.standardOutput.split(separator: "\n").count == 4, "\(star.output.standardOutput)")
        #expect(star.opens(of: photos).filter { $0.value > 0 }.isEmpty, "the MD5s come from the identity index")

        let run = try #require(try await cli.traced("backup", "run"))
        #expect(run.output.status == 0, "\(run.output.standardError)")
        #expect(run.output.standardOutput.hasPrefix("4 uploaded, 0 already in the cloud, 0 failed"), "\(run.output.standardOutput)")
        #expect(run.opens(of: photos) == Dictionary(uniqueKeysWithValues: photos.map { ($0, 1) }), "each original is read once")

        let store = LocalDirectoryObjectStore(root: backupFolder)
        let status = try await cli.json("backup", "status", "--json")
        #expect(status["done"] as? Int == 4, "\(status)")
        let layout = CloudLayout(userID: Self.userID)
        for photo in photos {
            let md5 = try ContentHash.md5(ofFileAt: photo)
            #expect(try await store.head(layout.photo(md5)) != nil)
            #expect(try await store.head(layout.thumbnail(md5)) != nil)
        }
    }
}
