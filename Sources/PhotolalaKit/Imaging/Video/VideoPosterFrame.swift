/// A video's thumbnail: its poster frame, one frame near 1 s (the first for shorter clips),
/// decoded by the `ffmpeg` process, turned as the container says, scaled to the thumbnail
/// specification and made a JPEG by the same ``ImageProcessor`` rule as photos'. ffmpeg turns
/// QuickTime's frames by their matrix itself; a Matroska or WebM file's turn (``MatroskaReader``)
/// Debian's ffmpeg 5.1 leaves alone and a later one reads from the projection, so there the
/// header's turn is applied and ffmpeg's own switched off, once whatever its version.
///
/// ffmpeg seeks to the key frame at or before 1 s and takes the first frame it decodes there
/// (`-noaccurate_seek`), rather than decoding on to exactly 1 s; it decodes on one thread
/// (thumbnails are made two at a time), refuses frames of more pixels than the imaging limit
/// (`-max_pixels`) and is killed past ``timeout``. Measured here, starting the process costs
/// 0.12 s of the 0.15–0.2 s a 1080p or 4K poster takes (docs/ARCHITECTURE.md).
struct VideoPosterFrame: Sendable {
    /// The `ffmpeg` to run; `nil` when none was found, which each poster then reports.
    let ffmpeg: String?
    let imaging: ImageProcessor
    static let timeout: Duration = .seconds(30)
    /// Where the poster frame is taken when the clip is long enough.
    static let posterTime = 1.0
    /// ffmpeg's filters that turn frames clockwise by 90, 180 and 270 degrees.
    static let turns = [90: "transpose=clock", 180: "hflip,vflip", 270: "transpose=cclock"]

    init(imaging: ImageProcessor, ffmpeg: String? = ExternalProcess.locate("ffmpeg")) {
        self.imaging = imaging
        self.ffmpeg = ffmpeg
    }

    /// The JPEG thumbnail of the video at `path`, whose header says its duration and size.
    /// - Throws: ``PhotolalaError`` when ffmpeg is missing, the video is too large, or no frame
    ///   could be decoded (a damaged file).
    func thumbnail(ofVideoAt path: String, header: VideoHeader) throws -> [UInt8] {
        guard let ffmpeg else { throw PhotolalaError.videoToolUnavailable("no 'ffmpeg' on PATH") }
        let limit = imaging.configuration.maximumPixels
        if let width = header.width, let height = header.height, width.multipliedReportingOverflow(by: height).partialValue > limit {
            throw PhotolalaError.imageTooLarge(path, width: width, height: height, limit: limit)
        }
        let spec = imaging.configuration
        // Short edge to the spec's, long edge at most its limit, never enlarged (``ImageProcessor/thumbnailSize``).
        let scale = "min(1,min(\(spec.thumbnailShortEdge)/min(iw,ih),\(spec.thumbnailLongEdge)/max(iw,ih)))"
        let scaling = "scale=w='max(1,round(iw*\(scale)))':h='max(1,round(ih*\(scale)))'"
        let turnedHere = header.format == .matroska || header.format == .webm
        let filter = ((turnedHere ? Self.turns[header.rotation] : nil).map { [$0] } ?? []) + [scaling]
        let process = ExternalProcess(executable: ffmpeg)
        // A clip of unknown length is tried at 1 s, then from its start.
        let long = (header.duration ?? Self.posterTime * 2) >= Self.posterTime * 1.5
        var last: ExternalProcess.Outcome?
        for seek in long ? [Self.posterTime, 0] : [0] {
            let arguments =
                ["-hide_banner", "-nostdin", "-loglevel", "error", "-threads", "1", "-max_pixels", String(limit)]
                + (seek > 0 ? ["-noaccurate_seek", "-ss", String(seek)] : []) + (turnedHere ? ["-noautorotate"] : [])
                + ["-i", path, "-map", "0:v:0", "-frames:v", "1", "-vf", filter.joined(separator: ","), "-f", "image2pipe", "-c:v", "png", "-"]
            let outcome = try process.run(arguments, timeout: Self.timeout, outputLimit: 16 << 20)
            if outcome.timedOut {
                throw PhotolalaError.damagedVideo(path, reason: "ffmpeg found no frame within \(Self.timeout)")
            }
            if outcome.status == 0, !outcome.output.isEmpty {
                return try imaging.thumbnail(of: outcome.output, name: path)
            }
            last = outcome
        }
        let reason = last.map { $0.errorText.split(whereSeparator: \.isNewline).suffix(2).joined(separator: "; ") } ?? ""
        throw PhotolalaError.damagedVideo(path, reason: reason.isEmpty ? "ffmpeg decoded no frame" : "ffmpeg: " + reason)
    }
}
