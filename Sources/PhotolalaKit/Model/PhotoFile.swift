/// What a photo's image is sent from: a file on this machine, streamed from disk without being
/// read into memory, or bytes already in memory (a rendering, a download from the cloud).
public enum PhotoBody: Sendable {
    case file(path: String)
    case bytes([UInt8])
}

/// A photo's full image as a browser receives it.
public struct FullImage: Sendable {
    public let body: PhotoBody
    /// `image/jpeg`, `image/png`, …
    public let mediaType: String

    public init(body: PhotoBody, mediaType: String) {
        self.body = body
        self.mediaType = mediaType
    }
}

/// A photo's original file, downloaded under its own name.
public struct OriginalFile: Sendable {
    public let body: PhotoBody
    public let filename: String

    public init(body: PhotoBody, filename: String) {
        self.body = body
        self.filename = filename
    }
}
