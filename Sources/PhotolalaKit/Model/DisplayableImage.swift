/// A full-size image in a form browsers show, with its media type.
public struct DisplayableImage: Sendable {
    public let bytes: [UInt8]
    /// `image/jpeg`, `image/png`, …
    public let mediaType: String
}

extension ImageFormat {
    /// The media type when browsers show the format as it is; `nil` for HEIF and TIFF.
    var browserMediaType: String? {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .bmp: "image/bmp"
        case .avif: "image/avif"
        case .heif, .tiff: nil
        }
    }
}
