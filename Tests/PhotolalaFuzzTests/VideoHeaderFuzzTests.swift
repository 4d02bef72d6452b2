import Foundation
import PhotolalaTestSupport
import Testing

@testable import PhotolalaKit

/// Mutates the generated videos (MP4, QuickTime with Apple's keys, a rotated one, HEVC, WebM,
/// Matroska with a tag and as a live recording, AVI with IDIT) and reads each mutation's header
/// the way a listing and a thumbnail do: sniffed, then read from the bytes by every container's
/// reader (the QuickTime atoms, Matroska's elements, AVI's chunks), and from a file as its bytes
/// say. A crash, or a batch that runs over 10 s, fails the run with the seed that replays it.
@Suite("Fuzzing video headers")
struct VideoHeaderFuzzTests {
    private static let batch = 100

    @Test("mutated videos: no crash, no hang, from bytes and from a file")
    func mutatedVideos() async throws {
        let budget = FuzzBudget(share: 0.05)
        let videos = try await Fixtures.videos()
        let seeds = try FileManager.default.contentsOfDirectory(atPath: videos.path).sorted().map {
            [UInt8](try Data(contentsOf: videos.appendingPathComponent($0)))
        }
        let folder = try TemporaryDirectory()
        var mutator = Mutator(seed: budget.seed)
        var iteration = 0
        var read = 0
        while budget.hasTime || iteration < 10 * Self.batch {
            let inputs = (0..<Self.batch).map { mutator.mutate(seeds[(iteration + $0) % seeds.count], limit: 1 << 20) }
            let path = folder.path("mutation.mov")
            try Data(inputs[0]).write(to: URL(fileURLWithPath: path))
            let counted = Counter()
            let finished = TimedProcess.finishes {
                counted.value = inputs.count { bytes in
                    let format = ImageFormat(sniffing: bytes) ?? .mov
                    let movie = try? QuickTimeMovieReader.read(size: Int64(bytes.count), format: format, name: "mutation") { offset, count in
                        guard offset >= 0, offset < Int64(bytes.count) else { return [] }
                        return Array(bytes[Int(offset)..<min(bytes.count, Int(offset) + count)])
                    }
                    var elements = VideoFileRanges(bytes: bytes, budget: MatroskaReader.readLimit)
                    let matroska = try? MatroskaReader.read(&elements, format: format, name: "mutation")
                    var chunks = VideoFileRanges(bytes: bytes, budget: AVIReader.readLimit)
                    let avi = try? AVIReader.read(&chunks, format: format, name: "mutation")
                    return movie != nil || matroska != nil || avi != nil
                }
                _ = try? VideoHeader.read(atPath: path, format: ImageFormat(sniffing: inputs[0]) ?? .mov)
            }
            guard finished else {
                Issue.record(
                    "reading video headers hung over 10 s: PHOTOLALA_FUZZ_SEED=\(budget.seed), iterations \(iteration)..<\(iteration + Self.batch)")
                return
            }
            read += counted.value
            iteration += Self.batch
        }
        print("VideoHeaderFuzzTests: \(iteration) mutated videos, \(read) still read, seed \(budget.seed)")
    }
}

/// How many inputs of a batch were read, written on the reading thread and read after it finished.
private final class Counter: @unchecked Sendable {
    var value = 0
}
