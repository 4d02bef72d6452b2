import Foundation
import PhotolalaKit

extension Bench {
    /// iPhone-style HEICs (a 4032 × 3024 primary, a 320 × 240 thumbnail item): Photolala's
    /// thumbnail, from the item, against `vipsthumbnail -s x256`, which decodes the primary (the
    /// item's short edge is under its 256), and `vipsthumbnail -s 256`, whose 256-pixel box the
    /// item is large enough for, on the same files in the same run, `jobs` at a time.
    static func heicThumbnails(photos: String, jobs: Int) async throws -> [Measurement] {
        let files = try FileManager.default.contentsOfDirectory(atPath: photos).filter { $0.hasSuffix(".HEIC") }.sorted()
            .map { photos + "/" + $0 }
        try shell("cat '\(photos)'/*.HEIC > /dev/null")
        let processor = ImageProcessor()
        var oursBest = Double.infinity
        var references: [(size: String, best: Double)] = [("x256", .infinity), ("256", .infinity)]
        for _ in 0..<2 {
            for index in references.indices {
                references[index].best = min(
                    references[index].best, try vipsthumbnailSeconds(folder: photos, matching: "*.HEIC", size: references[index].size, jobs: jobs))
            }
            oursBest = min(oursBest, try await time { try await render(files, with: processor, jobs: jobs) })
        }
        let ours = String(format: "%.1f img/s", Double(files.count) / oursBest)
        return references.map { reference in
            Measurement(
                name: "iPhone-style HEIC thumbnails (4032 × 3024, embedded 320 × 240), \(files.count) files, \(jobs) jobs"
                    + (reference.size == "x256" ? "" : ", against vipsthumbnail taking the item too"),
                ours: ours, reference: String(format: "%.1f img/s", Double(files.count) / reference.best),
                tool: "xargs -P\(jobs) -n20 vipsthumbnail -s \(reference.size)", ratio: reference.best / oursBest,
                target: reference.size == "x256" ? "≥ 0.8×" : "(the item for both)")
        }
    }
}
