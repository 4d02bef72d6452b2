/// What a response sends: a file on this machine, streamed from disk without being read into
/// memory, or bytes already in memory (a rendering, a download from the cloud).
enum ServedBody: Sendable {
    case file(path: String)
    case bytes([UInt8])
}

/// A photo's full image as the browser receives it.
struct FullImage: Sendable {
    let body: ServedBody
    /// `image/jpeg`, `image/png`, …
    let mediaType: String
}

/// A photo's original file, downloaded under its own name.
struct OriginalFile: Sendable {
    let body: ServedBody
    let filename: String
}
