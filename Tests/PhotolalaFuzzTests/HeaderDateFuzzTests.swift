import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Mutates small JPEG, TIFF, HEIC, AVIF, PNG and WebP photos whose EXIF records a date (made by
/// libvips and exiftool) and reads each mutation's date the way an uncatalogued listing does,
/// from the bytes and from a file, and the first of each batch's header as the search index of
/// an uncatalogued folder does (``PhotoHeader``, as a JPEG, a HEIC, a NEF and a CR3). A crash, or a batch of mutations that runs over 10 s, fails
/// the run with the seed that replays it.
@Suite("Fuzzing header dates")
struct HeaderDateFuzzTests {
    /// Mutations read per batch: reading one date takes microseconds.
    private static let batch = 200

    @Test("mutated headers: no crash, no hang, from bytes and from a file")
    func mutatedHeaders() async throws {
        let budget = FuzzBudget(share: 0.1)
        let folder = try TemporaryDirectory()
        let seeds = try await Self.seeds(in: folder)
        var mutator = Mutator(seed: budget.seed)
        var iteration = 0
        var dated = 0
        while budget.hasTime || iteration < 12 * Self.batch {
            let inputs = (0..<Self.batch).map { offset in
                let seed = seeds[(iteration + offset) % seeds.count]
                return mutator.mutate(seed, limit: 1 << 20)
            }
            let path = folder.path("mutation")
            try Data(inputs[0]).write(to: URL(fileURLWithPath: path))
            let counted = Counter()
            let finished = TimedProcess.finishes {
                counted.value = inputs.count { HeaderDate.date(in: $0) != nil }
                _ = HeaderDate.read(atPath: path)
                for name in ["jpg", "heic", "nef", "cr3"] {
                    let named = path + "." + name
                    guard FileManager.default.createFile(atPath: named, contents: Data(inputs[0])) else { continue }
                    _ = try? PhotoHeader.inspection(ofFileAt: named)
                }
            }
            guard finished else {
                Issue.record("reading dates hung over 10 s: PHOTOLALA_FUZZ_SEED=\(budget.seed), iterations \(iteration)..<\(iteration + Self.batch)")
                return
            }
            dated += counted.value
            iteration += Self.batch
        }
        print("HeaderDateFuzzTests: \(iteration) mutated headers, \(dated) still dated, seed \(budget.seed)")
    }

    /// A 16 × 16 photo in each format the listing dates, taken at 2008-10-22 16:28:39 +09:00.
    private static func seeds(in folder: TemporaryDirectory) async throws -> [[UInt8]] {
        let image = folder.path("seed.v")
        try await Shell.run("vips", ["black", image, "16", "16", "--bands", "3"])
        var seeds: [[UInt8]] = []
        for (name, save) in [("jpg", "copy"), ("tiff", "copy"), ("heic", "heifsave"), ("avif", "heifsave"), ("png", "copy"), ("webp", "copy")] {
            let path = folder.path("seed.\(name)")
            try await Shell.run("vips", [save, image, path] + (name == "avif" ? ["--compression", "av1"] : []))
            try await Shell.run(
                "exiftool", ["-q", "-overwrite_original", "-DateTimeOriginal=2008:10:22 16:28:39", "-OffsetTimeOriginal=+09:00", path])
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(HeaderDate.date(in: bytes)?.offset == 32_400, "the \(name) seed is dated")
            seeds.append(bytes)
        }
        return seeds
    }
}

/// How many inputs of a batch were dated, written on the reading thread and read after it finished.
private final class Counter: @unchecked Sendable {
    var value = 0
}
