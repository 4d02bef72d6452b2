import Foundation
import PhotolalaKit

extension Bench {
    // MARK: - Video poster frames

    /// Video thumbnails as a grid asks for them (MD5, header, poster frame through ffmpeg, disk
    /// cache), `jobs` at a time, against ffmpeg taking the frame at 1 s scaled to 256 lines, one
    /// process per file, `jobs` at a time.
    static func videos(folder: String, jobs: Int) async throws -> [Measurement] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".mov") || $0.hasSuffix(".mp4") }.sorted()
            .map { folder + "/" + $0 }
        try shell("cat '\(folder)'/* > /dev/null")  // warm the page cache for both sides
        var oursBest = Double.infinity
        var referenceBest = Double.infinity
        for _ in 0..<2 {
            let output = try temporaryFolder()
            referenceBest = min(
                referenceBest,
                try time {
                    try shell(
                        "find '\(folder)' -type f -print0 | xargs -0 -P \(jobs) -I{} sh -c "
                            + "'ffmpeg -nostdin -loglevel error -ss 1 -i \"$1\" -frames:v 1 -vf scale=-2:256 -y \"\(output)/$(basename \"$1\").jpg\"' _ {}"
                    )
                })
            try? FileManager.default.removeItem(atPath: output)

            let state = try temporaryFolder()
            let engine = try Engine(configuration: EngineConfiguration(cacheDirectory: state + "/cache", dataDirectory: state + "/data"))
            oursBest = min(oursBest, try await time { try await posterFrames(files, engine: engine, jobs: jobs) })
            try? FileManager.default.removeItem(atPath: state)
        }
        let megabytes = files.reduce(0) { $0 + fileSize($1) } / 1_000_000
        return [
            Measurement(
                name: "video poster frames, \(files.count) camera-like clips (1080p and 4K H.264), \(jobs) jobs",
                ours: String(format: "%.1f videos/s", Double(files.count) / oursBest),
                reference: String(format: "%.1f videos/s", Double(files.count) / referenceBest),
                tool: "ffmpeg -ss 1 -i F -frames:v 1 -vf scale=-2:256", ratio: referenceBest / oursBest, target: "≥ 1.0×",
                note: "\(megabytes) MB")
        ]
    }

    /// Each video's thumbnail through the engine, `jobs` at a time.
    static func posterFrames(_ files: [String], engine: Engine, jobs: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, file) in files.enumerated() {
                if index >= jobs {
                    try await group.next()
                }
                group.addTask { _ = try await engine.thumbnail(ofFileAt: file) }
            }
            try await group.waitForAll()
        }
    }
}
