/// A photo's full image in a form browsers show, without reading the file whole when they show
/// its format as it is.
public enum DisplayableFile: Sendable {
    /// The photo's own file, for formats browsers show (JPEG, PNG, GIF, WebP, BMP, AVIF): send
    /// it from disk as `mediaType`.
    case original(path: String, mediaType: String)
    /// A JPEG rendering, for formats browsers do not show (HEIC, TIFF).
    case rendering(jpeg: [UInt8])
}
