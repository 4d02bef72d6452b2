import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Mutates small JPEG (one with a Multi-Picture Format index and its preview), PNG, TIFF, HEIC,
/// AVIF, WebP and GIF photos and camera RAW containers (DNG, NEF, CR3, RAF and a DNG LibRaw
/// decodes) (made by `make-fixtures.sh`, the
/// HEIC and AVIF ones with thumbnail items, one turned by irot, which libheif reads first; and a
/// HEIC, a PNG and a WebP dated by exiftool, whose EXIF the listing's date reader finds) and
/// reads each mutation's header date, EXIF and thumbnail in-process, and a sample of them through
/// `photolala info` and `photolala thumbnail` as child processes. A crash, a signal or an input
/// that runs over 10 s fails the run with the seed that replays it; an error is an answer.
@Suite("Fuzzing images")
struct ImageFuzzTests {
    static let seeds = [
        "orientation6.jpg", "mpf-orientation6.jpg", "photo.png", "photo.tiff", "photo.heic", "iphone-rotated.heic", "iphone.avif",
        "photo.webp", "photo.gif", "raw.dng", "raw.nef", "raw.cr3", "raw.raf", "raw-jxl.dng", "raw-nopreview.dng",
        "raw-pruned.cr3", "raw-he.dng",
    ]

    @Test("mutated images: no crash, no hang, in-process and through the command line")
    func mutatedImages() async throws {
        let budget = FuzzBudget(share: 0.15)
        let folder = try TemporaryDirectory()
        let binary = try #require(TimedProcess.binary, "the photolala binary is not built beside the tests")
        let processor = ImageProcessor()
        var seeds: [(name: String, bytes: [UInt8])] = []
        for name in Self.seeds {
            seeds.append((name, Array(try Data(contentsOf: try await Fixtures.file(name)))))
        }
        for name in ["photo.heic", "photo.png", "photo.webp"] {
            let dated = folder.path("dated-" + name)
            try FileManager.default.copyItem(atPath: try await Fixtures.file(name).path, toPath: dated)
            try await Shell.run(
                "exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2008:10:22 16:28:39", "-OffsetTimeOriginal=+09:00", dated])
            seeds.append(("dated-" + name, Array(try Data(contentsOf: URL(fileURLWithPath: dated)))))
        }
        let environment = ["PHOTOLALA_CACHE_DIR": folder.path("cache"), "PHOTOLALA_DATA_DIR": folder.path("data")]

        var mutator = Mutator(seed: budget.seed)
        var iteration = 0
        var refused = 0
        while budget.hasTime || iteration < 12 {
            defer { iteration += 1 }
            let seed = seeds[iteration % seeds.count]
            let input = mutator.mutate(seed.bytes, limit: 4 << 20)
            let replay = "PHOTOLALA_FUZZ_SEED=\(budget.seed), iteration \(iteration), \(seed.name)"
            let outcome = Outcome()
            let finished = TimedProcess.finishes {
                _ = ExifReader(input)
                _ = HeaderDate.date(in: input)
                do {
                    _ = try processor.inspect(input, name: seed.name)
                    _ = try processor.thumbnail(of: input, name: seed.name)
                    _ = try processor.renderJPEG(of: input, name: seed.name)
                } catch {
                    outcome.refused = true
                }
            }
            guard finished else {
                Issue.record("decoding hung over 10 s: \(replay)")
                return
            }
            refused += outcome.refused ? 1 : 0
            // One mutation in six also goes through the command line.
            if iteration % 6 == 0 {
                let path = folder.path("\(iteration)-" + seed.name)
                try Data(input).write(to: URL(fileURLWithPath: path))
                for arguments in [["info", path, "--json"], ["thumbnail", path, "-o", folder.path("thumbnail.jpg")]] {
                    let ending = try TimedProcess.run(binary, arguments, environment: environment)
                    if ending.isFailure {
                        Issue.record("photolala \(arguments[0]): \(ending): \(replay)")
                        return
                    }
                }
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        print("ImageFuzzTests: \(iteration) mutated images, \(refused) refused with an error, seed \(budget.seed)")
    }
}

/// Whether one input was refused, written on the decoding thread and read after it finished.
private final class Outcome: @unchecked Sendable {
    var refused = false
}
