import Foundation
import PhotolalaTestSupport
import Testing

/// Numeric options out of range are refused by `validate()` with a sentence naming the range,
/// before any work starts (issue 36: `--jobs 4611686018427387904` ended in SIGILL).
@Suite("photolala numeric options out of range")
struct NumericOptionRangeTests {
    @Test(
        "--jobs and --multipart-threshold beyond their ranges say what the range is",
        arguments: [
            (["catalog", "build", "DIR", "--jobs", "4611686018427387904"], "--jobs must be between 1 and 1024."),
            (["catalog", "build", "DIR", "--jobs", "0"], "--jobs must be between 1 and 1024."),
            (["thumbnails", "DIR", "--jobs", "9223372036854775807"], "--jobs must be between 1 and 1024."),
            (["backup", "run", "--jobs", "4611686018427387904"], "--jobs must be between 1 and 1024."),
            (
                ["backup", "run", "--multipart-threshold", "9223372036854775807"],
                "--multipart-threshold must be between 5242880 (5 MiB, S3's smallest part) and 5368709120 (5 GiB, S3's largest single upload)."
            ),
        ])
    func outOfRange(_ arguments: [String], message: String) async throws {
        let cli = try CLI()
        try FileManager.default.createDirectory(atPath: cli.folder.path("photos"), withIntermediateDirectories: true)
        let output = try await cli.run(arguments.map { $0 == "DIR" ? cli.folder.path("photos") : $0 })
        #expect(output.status == 64, "\(output.standardError)")
        #expect(output.standardError.split(separator: "\n").first.map(String.init) == "Error: \(message)", "\(output.standardError)")
    }
}
