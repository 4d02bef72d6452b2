import Foundation
import PhotolalaTestSupport
import Testing

/// Every date the CLI prints as text has one format: a time of events (a file's modification)
/// is local with its offset, like a photo's recorded offset, never UTC with a `Z`.
@Suite("One date format on the command line")
struct DateFormatCommandTests {
    @Test("info prints a file time in the local zone with its offset, never UTC with a Z")
    func fileTimesAreLocalWithOffset() async throws {
        let folder = try TemporaryDirectory()
        let undated = try await PhotoDateCommandTests.photo("undated.jpg", in: folder, tags: [])
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_500_000_000)], ofItemAtPath: undated)
        let cli = try CLI()
        let info = try await cli.run(["info", undated], environment: ["TZ": "Asia/Kolkata"])
        let lines = info.standardOutput.split(separator: "\n")
        #expect(lines.contains("Modified:    2017-07-14T08:10:00+05:30"), "\(info.standardOutput)")
        #expect(!info.standardOutput.contains("Z\n"))
    }
}
