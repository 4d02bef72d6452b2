import Foundation

/// When a photo was taken, read from the first bytes of its file without libvips: a listing of
/// a folder without a catalog reads it for every photo, so it costs one read of at most
/// ``prefixLength`` bytes (more only for a file whose EXIF, or the structure before it, says it
/// lies further), never more than ``maximumLength`` in all.
///
/// JPEG (the EXIF segment), TIFF (the file is the EXIF block), HEIF and AVIF (the Exif item), PNG
/// (the `eXIf` chunk) and WebP (the `EXIF` chunk) are read; other formats, and files whose EXIF is
/// damaged or records no date, have none, and their listing keeps the file time. Catalogues read
/// the same tags through libvips, with the same precedence. The same read gives a Live Photo
/// still's content identifier (``exif(atPath:)``, ``ExifReader/liveIdentifier``).
struct HeaderDate: Equatable {
    /// Unix seconds; a floating clock time (no offset recorded) as if it were UTC.
    let seconds: Int64
    /// Seconds east of UTC, when the photo records its offset.
    let offset: Int?

    /// How much of a file is read first.
    static let prefixLength = 64 * 1024
    /// The most read for one photo: an EXIF segment is at most 64 KiB, after other segments.
    static let maximumLength = 256 * 1024

    /// The date of the file at `path`, or `nil` when it records none (or cannot be read).
    static func read(atPath path: String) -> HeaderDate? {
        exif(atPath: path).flatMap(date(of:))
    }

    /// The EXIF of the file at `path`, from the same reads as ``read(atPath:)``; `nil` when it
    /// has none (or cannot be read).
    static func exif(atPath path: String) -> ExifReader? {
        guard var head = try? HeadOfFile(path: path, prefixLength: prefixLength, budget: maximumLength) else { return nil }
        // A file whose EXIF (or the structure before it) ends past what was read is read further,
        // up to where it ends, never past ``maximumLength``.
        while head.bytes.count >= prefixLength, let end = neededLength(head.bytes), end > head.bytes.count,
            (try? head.extend(to: min(end, maximumLength))) == true
        {}
        // The Exif item of a HEIF, and a WebP's EXIF chunk, often follow the image data: they (and
        // the WebP's chunk headers) are read where they lie, within the same ``maximumLength``.
        func fetch(_ range: Range<Int>) -> [UInt8]? { (try? head.fetch(range)) ?? nil }
        let bytes = head.bytes
        if case .elsewhere(let ranges) = scanHEIF(bytes) {
            var item: [UInt8] = []
            for range in ranges {
                guard let data = fetch(range) else { return nil }
                item += data
            }
            return exifBlock(inHEIFItem: item).map(ExifReader.init)
        }
        return exif(in: bytes) ?? exifBlock(inWebP: bytes, reading: fetch).map(ExifReader.init)
    }

    /// The date recorded in a file's first bytes.
    static func date(in bytes: [UInt8]) -> HeaderDate? {
        exif(in: bytes).flatMap(date(of:))
    }

    /// The EXIF in a file's first bytes.
    private static func exif(in bytes: [UInt8]) -> ExifReader? {
        if let block = exifBlock(inJPEG: bytes) {
            return ExifReader(block)
        }
        if bytes.starts(with: [0x49, 0x49, 0x2A, 0x00]) || bytes.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) {
            return ExifReader(bytes)
        }
        if case .found(let block) = scanHEIF(bytes) {
            return ExifReader(block)
        }
        if case .found(let chunk) = scanPNG(bytes) {
            return ExifReader(Array(bytes[chunk]))
        }
        let webP = exifBlock(inWebP: bytes) { $0.upperBound <= bytes.count ? Array(bytes[$0]) : nil }
        return webP.map(ExifReader.init)
    }

    /// The date an EXIF block records, with its offset.
    static func date(of exif: ExifReader) -> HeaderDate? {
        PhotoMetadata.photoDate(in: exif).map { HeaderDate(seconds: $0.seconds, offset: $0.offset) }
    }

    /// How many bytes from the start a JPEG, HEIF or PNG needs to be read to reach its EXIF, when
    /// more than `bytes` holds.
    private static func neededLength(_ bytes: [UInt8]) -> Int? {
        if case .needs(let end) = scanJPEG(bytes) { return end }
        if case .needs(let end) = scanHEIF(bytes) { return end }
        if case .needs(let end) = scanPNG(bytes) { return end }
        return nil
    }

    private static func exifBlock(inJPEG bytes: [UInt8]) -> [UInt8]? {
        guard case .found(let segment) = scanJPEG(bytes) else { return nil }
        return Array(bytes[segment.lowerBound + 6..<segment.upperBound])
    }

    /// What walking a JPEG's markers found in `bytes`.
    private enum JPEGScan {
        /// The body of the `Exif\0\0` APP1 segment.
        case found(Range<Int>)
        /// The walk ran past `bytes`: this many bytes are needed to go on.
        case needs(Int)
        /// No EXIF segment before the image data, or no JPEG.
        case absent
    }

    private static func scanJPEG(_ bytes: [UInt8]) -> JPEGScan {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .absent }
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return .absent }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD8).contains(marker) {
                index += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return .absent }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2 else { return .absent }
            let body = index + 4
            let end = index + 2 + length
            if marker == 0xE1, length >= 8 {
                guard body + 6 <= bytes.count else { return .needs(end) }
                if Array(bytes[body..<body + 6]) == Array("Exif\0\0".utf8) {
                    return end <= bytes.count ? .found(body..<end) : .needs(end)
                }
            }
            index = end
        }
        return .needs(index + 4)
    }
}
