/// A full-size image in a form browsers show, with its media type.
public struct DisplayableImage: Sendable {
    public let bytes: [UInt8]
    /// `image/jpeg`, `image/png`, …
    public let mediaType: String

    init(bytes: [UInt8], mediaType: String) {
        self.bytes = bytes
        self.mediaType = mediaType
    }

    /// An original as browsers can show it: its own bytes, or for HEIC and TIFF, which
    /// browsers do not show, a JPEG rendering.
    /// - Parameters:
    ///   - original: The image file's bytes.
    ///   - name: For error messages.
    ///   - imaging: Renders the JPEG when one is needed.
    /// - Throws: ``PhotolalaError`` when the bytes are no image Photolala reads.
    public init(original: [UInt8], name: String, imaging: ImageProcessor) throws {
        guard let format = ImageFormat(sniffing: original) else { throw PhotolalaError.notAnImage(name) }
        if let mediaType = format.browserMediaType {
            self.init(bytes: original, mediaType: mediaType)
        } else {
            self.init(bytes: try imaging.renderJPEG(of: original, name: name), mediaType: "image/jpeg")
        }
    }
}

extension ImageFormat {
    /// The media type when browsers show the format as it is (videos included); `nil` for HEIF, TIFF and camera RAW.
    var browserMediaType: String? {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        case .gif: "image/gif"
        case .webp: "image/webp"
        case .bmp: "image/bmp"
        case .avif: "image/avif"
        // Served as they are, with Range requests; whether the browser has the codec is its own
        // to say (the page shows the poster and a download link when it has not).
        case .mov: "video/quicktime"
        case .mp4: "video/mp4"
        case .m4v: "video/x-m4v"
        case .threeGPP: "video/3gpp"
        case .avi: "video/x-msvideo"
        case .matroska: "video/x-matroska"
        case .webm: "video/webm"
        // HEIF, TIFF and camera RAW are rendered as JPEG.
        default: nil
        }
    }
}
