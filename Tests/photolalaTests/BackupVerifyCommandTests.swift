import Foundation
import PhotolalaKit
import PhotolalaS3
import PhotolalaTestSupport
import Testing

/// `photolala backup verify` against SeaweedFS, through the built binary.
@Suite("photolala backup verify")
struct BackupVerifyCommandTests {
    @Test("verify passes, finds a deleted original (exit 1, JSON), repairs it, passes again")
    func verifyAndRepair() async throws {
        guard let server = try await SeaweedFS.shared() else { return print("skipped: \(await SeaweedFS.unavailableReason ?? "")") }
        let store = try await BackupCommandTests.bucket(on: server)
        let cli = try CLI()
        let environment = BackupCommandTests.environment(server, bucket: store.location.bucket)
        let photo = cli.folder.path("orientation6.jpg")
        try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: photo)
        #expect(try await cli.run("backup", "star", photo, environment: environment).status == 0)
        #expect(try await cli.run("backup", "run", environment: environment).status == 0)

        let clean = try await cli.run("backup", "verify", "--read-data", environment: environment)
        #expect(clean.status == 0, "\(clean.standardOutput) \(clean.standardError)")
        #expect(
            clean.standardOutput.hasSuffix("1 photo checked, 1 read, 0 problems (0 repaired), 0 orphans, 0 not checkable.\n"),
            "\(clean.standardOutput)")

        let md5 = try ContentHash.md5(ofFileAt: photo)
        let layout = CloudLayout(userID: BackupCommandTests.userID)
        try await store.delete(layout.photo(md5))
        let broken = try await cli.run("backup", "verify", "--json", environment: environment)
        #expect(broken.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(broken.standardOutput.utf8)) as? [String: Any])
        let problems = try #require(report["problems"] as? [[String: Any]])
        #expect(problems.map { $0["key"] as? String } == [layout.photo(md5)])
        #expect(report["photosChecked"] as? Int == 1)

        let sampled = try await cli.run("backup", "verify", "--read-data=100", environment: environment)
        #expect(sampled.status == 1 && sampled.standardOutput.contains("1 read"), "\(sampled.standardOutput)")
        #expect(try await cli.run("backup", "verify", "--read-data=101", environment: environment).standardError.contains("between 0 and 100"))
        let repaired = try await cli.run("backup", "verify", "--repair", environment: environment)
        #expect(repaired.status == 0, "\(repaired.standardOutput) \(repaired.standardError)")
        #expect(repaired.standardOutput.contains("repaired: \(layout.photo(md5))"))
        #expect(try await store.head(layout.photo(md5))?.etag == md5)
        #expect(try await cli.run("backup", "verify", environment: environment).status == 0)
    }
}
