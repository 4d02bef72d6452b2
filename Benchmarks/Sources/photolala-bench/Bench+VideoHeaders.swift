import Foundation
import PhotolalaKit

extension Bench {
    // MARK: - Video headers

    /// Video headers as a listing reads them (duration, date, size and codec, each file's
    /// container sniffed and its header read: QuickTime's movie atom, Matroska's elements, AVI's
    /// header list), one file after another, against `ffprobe` reading the same, one process per
    /// file, `jobs` at a time. The camera-like clips are remuxed (`-c copy`) to Matroska and AVI
    /// first, so each container is read at camera size.
    static func videoHeaders(folder: String, jobs: Int) throws -> [Measurement] {
        let clips = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".mov") || $0.hasSuffix(".mp4") }.sorted()
        let remuxed = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: remuxed) }
        var files = clips.map { folder + "/" + $0 }
        for clip in clips {
            let stem = (clip as NSString).deletingPathExtension
            for container in ["mkv", "avi"] {
                let output = "\(remuxed)/\(stem).\(container)"
                try shell("ffmpeg -nostdin -loglevel error -i '\(folder)/\(clip)' -c copy -y '\(output)'")
                files.append(output)
            }
        }
        try shell("cat '\(folder)'/* '\(remuxed)'/* > /dev/null")  // warm the page cache for both sides
        var oursBest = Double.infinity
        var referenceBest = Double.infinity
        for _ in 0..<3 {
            referenceBest = min(
                referenceBest,
                try time {
                    try shell(
                        "printf '%s\\0' \(files.map { "'\($0)'" }.joined(separator: " ")) | xargs -0 -P \(jobs) -n 1 "
                            + "ffprobe -v error -show_entries format=duration:format_tags=creation_time:stream=width,height,codec_tag_string -of csv > /dev/null"
                    )
                })
            oursBest = min(
                oursBest,
                try time {
                    for file in files where ImageFormat.videoDuration(ofFileAt: file) == nil {
                        throw CommandFailed(command: "header of \(file)", status: 1)
                    }
                })
        }
        let megabytes = files.reduce(0) { $0 + fileSize($1) } / 1_000_000
        return [
            Measurement(
                name: "video headers, \(files.count) camera-like clips as MOV/MP4, MKV and AVI, 1 thread against \(jobs) jobs",
                ours: String(format: "%.0f videos/s", Double(files.count) / oursBest),
                reference: String(format: "%.0f videos/s", Double(files.count) / referenceBest),
                tool: "ffprobe -show_entries format=duration:stream=width,height,codec_tag_string F", ratio: referenceBest / oursBest,
                target: "≥ 1.0×", note: "\(megabytes) MB")
        ]
    }
}
