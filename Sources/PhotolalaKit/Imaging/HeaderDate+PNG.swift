/// The EXIF of a PNG: its `eXIf` chunk (PNG Extensions 1.5.0), which holds the TIFF-structured
/// block as is. exiftool and libpng write it before the image data; one after `IDAT` is not looked
/// for, as finding it would mean walking the whole image.
///
/// Older tools wrote EXIF as hexadecimal text in a compressed `zTXt` "Raw profile type exif"
/// chunk; those PNGs are listed by their file time.
extension HeaderDate {
    /// What walking a PNG's chunks found in `bytes`.
    enum PNGScan: Equatable {
        /// The body of the `eXIf` chunk.
        case found(Range<Int>)
        /// The walk ran past `bytes`: this many are needed to go on.
        case needs(Int)
        /// No `eXIf` chunk before the image data, or no PNG.
        case absent
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func scanPNG(_ bytes: [UInt8]) -> PNGScan {
        guard bytes.starts(with: pngSignature) else { return .absent }
        var index = pngSignature.count
        while index + 8 <= bytes.count {
            let length = bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[index + 4..<index + 8], as: UTF8.self)
            // A chunk's length is at most 2³¹ − 1; the walk ends at the image data.
            guard length < 1 << 31, type != "IDAT", type != "IEND" else { return .absent }
            let body = index + 8
            let end = body + length + 4
            if type == "eXIf" {
                return body + length <= bytes.count ? .found(body..<body + length) : .needs(body + length)
            }
            index = end
        }
        return .needs(index + 8)
    }
}
