import Foundation
import PhotolalaS3
import PhotolalaTestSupport
import Testing

/// `cloud get` and `cloud restore` of an MD5 the backup does not hold say so, rather than call
/// it a listed photo missing from the bucket (issue 36).
@Suite("photolala cloud get and restore of an MD5 the backup lacks")
struct CloudUnknownPhotoCommandTests {
    @Test("get and restore of an unknown MD5 say the backup has no photo with it")
    func unknownMD5() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        let store = try await BackupCommandTests.bucket(on: server)
        let environment = BackupCommandTests.environment(server, bucket: store.location.bucket)
        let cli = try CLI()
        let md5 = "0123456789abcdef0123456789abcdef"
        let message =
            "Error: The backup has no photo with MD5 '\(md5)': check the MD5 with 'photolala cloud ls', after 'photolala cloud sync' if another device backed it up.\n"
        let get = try await cli.run("cloud", "get", md5, "-o", cli.folder.path("out.jpg"), environment: environment)
        #expect(get.status == 1)
        #expect(get.standardError == message)
        let restore = try await cli.run("cloud", "restore", md5, "--tier", "Bulk", "--days", "2", "--yes", environment: environment)
        #expect(restore.status == 1)
        #expect(restore.standardError == message)
    }
}
