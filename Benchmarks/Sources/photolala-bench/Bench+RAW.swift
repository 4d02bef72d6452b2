import Foundation
import PhotolalaKit

extension Bench {
    /// Thumbnails of camera RAW files from their embedded previews, `jobs` at a time: against
    /// `vipsthumbnail` over the same previews already extracted to JPEG files (what finding the
    /// preview in the container costs), and against LibRaw's half-size decode (`dcraw_emu -h`)
    /// of the DNGs, the files whose raw data LibRaw can decode (lossless JPEG, as cameras write it).
    ///
    /// - Parameters:
    ///   - raws: A folder of camera-sized RAW files (`make-raw-fixtures.py --camera-sized`).
    ///   - previews: Their largest previews, extracted by exiftool, one JPEG file each.
    static func rawThumbnails(raws: String, previews: String, jobs: Int) async throws -> [Measurement] {
        let folder = URL(fileURLWithPath: raws).standardizedFileURL.path
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { folder + "/" + $0 }
        let dngs = files.filter { $0.hasSuffix(".dng") }
        try shell("cat '\(raws)'/* '\(previews)'/*.jpg > /dev/null")  // warm the page cache for every side
        let processor = ImageProcessor()
        var oursBest = Double.infinity
        var oursDNGBest = Double.infinity
        var vipsBest = Double.infinity
        var librawBest = Double.infinity
        for _ in 0..<2 {
            vipsBest = min(vipsBest, try vipsthumbnailSeconds(folder: previews, matching: "*.jpg", jobs: jobs))
            let output = try temporaryFolder()
            oursBest = min(oursBest, try await time { try await renderRAW(files, with: processor, jobs: jobs) })
            oursDNGBest = min(oursDNGBest, try await time { try await renderRAW(dngs, with: processor, jobs: jobs) })
            librawBest = min(
                librawBest,
                try time {
                    try shell(
                        "cd '\(output)' && printf '%s\\0' \(dngs.map { "'\($0)'" }.joined(separator: " ")) | xargs -0 -P \(jobs) -n 1 dcraw_emu -h -Z - > /dev/null"
                    )
                })
            try? FileManager.default.removeItem(atPath: output)
        }
        let kinds = Set(files.map { ($0 as NSString).pathExtension.uppercased() }).sorted().joined(separator: ", ")
        return [
            Measurement(
                name: "RAW thumbnails from embedded previews, \(files.count) camera-sized \(kinds), \(jobs) jobs",
                ours: String(format: "%.1f img/s", Double(files.count) / oursBest),
                reference: String(format: "%.1f img/s", Double(files.count) / vipsBest),
                tool: "xargs -P\(jobs) -n20 vipsthumbnail -s x256 (previews extracted)", ratio: vipsBest / oursBest, target: "≥ 0.9×"),
            Measurement(
                name: "the same for the \(dngs.count) DNGs (6000 × 4000 lossless-JPEG raw data), against LibRaw's half-size decode",
                ours: String(format: "%.1f img/s", Double(dngs.count) / oursDNGBest),
                reference: String(format: "%.2f img/s", Double(dngs.count) / librawBest),
                tool: "xargs -P\(jobs) dcraw_emu -h", ratio: librawBest / oursDNGBest, target: "≥ 20×"),
        ]
    }

    /// Reads each RAW file whole with one `read(2)` into its buffer (as the engine's reader
    /// does, where `Data(contentsOf:)` would copy tens of megabytes twice) and renders its
    /// thumbnail, `jobs` at a time.
    static func renderRAW(_ files: [String], with processor: ImageProcessor, jobs: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, file) in files.enumerated() {
                if index >= jobs {
                    try await group.next()
                }
                group.addTask {
                    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                        DispatchQueue.global().async {
                            continuation.resume(with: Result { _ = try processor.thumbnail(of: try readWhole(file), name: file) })
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    static func readWhole(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw CommandFailed(command: "open \(path)", status: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw CommandFailed(command: "stat \(path)", status: errno) }
        let size = Int(info.st_size)
        return try [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            while count < size {
                let got = read(descriptor, base + count, size - count)
                guard got > 0 else { throw CommandFailed(command: "read \(path)", status: errno) }
                count += got
            }
        }
    }
}
