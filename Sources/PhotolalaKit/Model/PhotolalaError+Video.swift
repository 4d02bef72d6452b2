extension PhotolalaError {
    /// A video whose container or first frame cannot be read; the code is an image's, so every
    /// caller that goes on past a damaged photo goes on past it too.
    static func damagedVideo(_ path: String, reason: String) -> Self {
        let detail = reason.isEmpty ? "" : " (\(reason))"
        return .init(.damagedImage, "'\(path)' could not be read as a video: the file is truncated or damaged\(detail).")
    }

    /// `ffmpeg`, which makes videos' poster frames, could not be run.
    static func videoToolUnavailable(_ reason: String) -> Self {
        .init(
            .imagingUnavailable,
            "ffmpeg could not be run: \(reason). Install ffmpeg (apt install ffmpeg, brew install ffmpeg) to see videos' poster frames.")
    }
}
