import Foundation
import PhotolalaKit
import PhotolalaS3
import PhotolalaTestSupport
import Testing

/// A backup keeps the bytes a user has, whatever they are: a damaged photo goes up as it is,
/// and a file that is no photo at all is refused when it is starred.
@Suite("photolala backup of damaged photos and of files that are no photos")
struct BackupDamagedPhotoTests {
    @Test("a truncated JPEG and one whose header is destroyed are stored with their exact MD5 and Format, and the run succeeds")
    func damagedPhotosAreStored() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        let store = try await BackupCommandTests.bucket(on: server)
        let cli = try CLI()
        let environment = BackupCommandTests.environment(server, bucket: store.location.bucket)
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        // The first 60 % of a real camera-sized JPEG: a browser shows most of it.
        let whole = try [UInt8](Data(contentsOf: try await Fixtures.file("photo-4000x3000.jpg")))
        let truncated = photos + "/truncated.jpg"
        try Data(whole.prefix(whole.count * 6 / 10)).write(to: URL(fileURLWithPath: truncated))
        // A JPEG's start marker, then garbage where the frame header should be.
        let headless = photos + "/headless.jpg"
        try Data([0xFF, 0xD8, 0xFF] + [UInt8](repeating: 0x5A, count: 4096)).write(to: URL(fileURLWithPath: headless))

        let star = try await cli.run("backup", "star", truncated, headless, environment: environment)
        #expect(star.status == 0, "\(star.standardError)")
        let run = try await cli.run("backup", "run", environment: environment)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("2 uploaded, 0 already in the cloud, 0 failed"), "\(run.standardOutput)")
        #expect(!run.standardError.contains("error:"), "\(run.standardError)")
        let layout = CloudLayout(userID: BackupCommandTests.userID)
        for path in [truncated, headless] {
            let md5 = try ContentHash.md5(ofFileAt: path)
            let stored = try #require(try await store.get(layout.photo(md5)))
            #expect(ContentHash.md5(of: stored) == md5)
            #expect(try await store.tags(layout.photo(md5)) == ["Format": "JPEG"])
            // A placeholder thumbnail completes the photo, so the next run finds nothing to do.
            #expect(try await store.head(layout.thumbnail(md5)) != nil)
            #expect(try await store.head(layout.metadata(md5)) != nil)
        }
        #expect(try await cli.run("backup", "star", truncated, headless, environment: environment).status == 0)
        let again = try await cli.run("backup", "run", environment: environment)
        #expect(again.standardOutput.hasPrefix("0 uploaded, 2 already in the cloud, 0 failed"), "\(again.standardOutput)")
    }

    @Test("a text file is refused at backup star with a message saying it is no photo; the photos starred with it are queued")
    func textFileIsRefusedAtStar() async throws {
        let cli = try CLI()
        let folder = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let notes = folder + "/notes.txt"
        try Data("Shopping list: film, batteries.\n".utf8).write(to: URL(fileURLWithPath: notes))
        let photo = folder + "/orientation6.jpg"
        try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: photo)
        let star = try await cli.run("backup", "star", notes, photo)
        #expect(star.status == 1)
        #expect(
            star.standardError.contains("error: \(notes): '\(notes)' is not a photo: neither its content nor its name is JPEG"),
            "\(star.standardError)")
        #expect(star.standardOutput.contains(photo))
        #expect(try await cli.run("backup", "status", "--json").standardOutput.contains(#""queued":1"#))
    }

    @Test("a photo deleted after it was starred fails without being told to run the backup again")
    func goneFileIsNoRetry() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        let store = try await BackupCommandTests.bucket(on: server)
        let cli = try CLI()
        let environment = BackupCommandTests.environment(server, bucket: store.location.bucket)
        let photo = cli.folder.path("orientation6.jpg")
        try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: photo)
        #expect(try await cli.run("backup", "star", photo, environment: environment).status == 0)
        try FileManager.default.removeItem(atPath: photo)
        let run = try await cli.run("backup", "run", environment: environment)
        #expect(run.status == 1)
        #expect(!run.standardError.contains("again to retry"), "\(run.standardError)")
        #expect(run.standardError.contains("Error: 1 photo could not be backed up; see the reasons above."), "\(run.standardError)")
    }
}
