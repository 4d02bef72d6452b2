import Foundation
import PhotolalaTestSupport
import Testing

/// libvips and the hundred libraries it brings are loaded by the first command that reads an
/// image, not by every command: a scan starts as fast as a program without them.
@Suite("Imaging libraries loaded when first needed")
struct ImagingLibraryLoadingTests {
    /// The shared libraries the dynamic linker loaded for one run (glibc's `LD_DEBUG=files`).
    private func loadedLibraries(_ cli: CLI, _ arguments: String...) async throws -> Set<String> {
        let output = try await cli.run(arguments, environment: ["LD_DEBUG": "files"])
        #expect(output.status == 0, "\(output.standardError.suffix(2_000))")
        let names = output.standardError.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "file=") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != " " })
        }
        return Set(names)
    }

    @Test("a scan loads none of libvips, LibRaw and libheif; a thumbnail loads libvips")
    func loadedWhenNeeded() async throws {
        let cli = try CLI()
        let photos = cli.folder.path("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try await Fixtures.file("orientation6.jpg").path, toPath: photos + "/a.jpg")

        let scan = try await loadedLibraries(cli, "scan", photos, "--json")
        #expect(!scan.isEmpty, "LD_DEBUG printed nothing: the check cannot see what is loaded")
        let imaging = scan.filter { $0.hasPrefix("libvips") || $0.hasPrefix("libraw") || $0.hasPrefix("libheif") }
        #expect(imaging.isEmpty, "a scan loaded \(imaging.sorted())")

        let thumbnail = try await loadedLibraries(cli, "thumbnail", photos + "/a.jpg", "-o", cli.folder.path("a-thumbnail.jpg"))
        #expect(thumbnail.contains { $0.hasPrefix("libvips.so.") }, "a thumbnail loaded \(thumbnail.sorted())")
        #expect(FileManager.default.fileExists(atPath: cli.folder.path("a-thumbnail.jpg")))
    }
}
