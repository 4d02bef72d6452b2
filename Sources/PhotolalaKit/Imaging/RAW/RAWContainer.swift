/// What a camera RAW file holds that Photolala reads without touching the raw data: its
/// embedded JPEG previews, EXIF, orientation and image size, found by walking its container.
///
/// Cameras keep full-size or screen-size JPEGs beside the sensor data (JpgFromRaw,
/// PreviewImage, CR3's PRVW, RAF's embedded JPEG), so a thumbnail or preview comes from
/// decoding one JPEG with shrink-on-load rather than demosaicing millions of pixels. The reader
/// knows the containers, not the camera models: TIFF directories and SubIFDs (DNG, CR2, NEF,
/// ARW, PEF, SRW, ORF, RW2, 3FR, IIQ, ERF), the MakerNote preview pointers of Nikon, Olympus,
/// Pentax and Sony, CR3's ISO-BMFF boxes and RAF's header. Every offset is checked and every
/// walk bounded (``maximumDirectories``, ``maximumDepth``), so a hostile file ends in
/// ``Damage``, never a crash or a large allocation.
struct RAWContainer {
    /// Why a container could not be read, in words for an error message.
    struct Damage: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// One embedded preview: where its bytes are in the file, how they are coded and its stored size.
    struct Preview: Equatable {
        /// How a preview's bytes are coded: JPEG, or JPEG XL (DNG 1.7's previews may be either).
        enum Codec: Equatable {
            case jpeg
            case jpegXL
        }

        let range: Range<Int>
        let codec: Codec
        let width: Int
        let height: Int
        /// The preview's own EXIF orientation (often absent; the RAW's is the one that counts).
        let orientation: Int

        var pixels: Int { width * height }
    }

    /// The smallest short edge of a preview good enough for a thumbnail.
    static let minimumPreviewShortEdge = 240
    /// The most TIFF directories read from one file, MakerNotes included.
    static let maximumDirectories = 64
    /// How deep SubIFDs (and ISO-BMFF boxes) are followed.
    static let maximumDepth = 4

    let format: ImageFormat
    /// Every preview found that libvips can decode: JPEGs (baseline or progressive) and JPEG XL.
    private(set) var previews: [Preview] = []
    private(set) var exif: ExifReader?
    /// An XMP packet the container keeps outside its EXIF (a CR3's XMP box); `nil` where the
    /// EXIF's own (TIFF tag 700) is the one.
    private(set) var xmpPacket: [UInt8]?
    /// The RAW's own EXIF orientation, 1–8.
    private(set) var orientation = 1
    /// The image's stored size (before orientation), as exiftool's ImageSize gives it: the
    /// full-resolution raw image's, else the largest preview's.
    private(set) var width: Int?
    private(set) var height: Int?

    /// Reads the container of `bytes`, a file of `format` (a camera RAW format).
    /// - Throws: ``Damage`` when the container's structure cannot be read at all.
    init(_ bytes: [UInt8], format: ImageFormat) throws(Damage) {
        self.format = format
        switch format {
        case .cr3: try readCR3(bytes)
        case .raf: try readRAF(bytes)
        case .crw, .mrw, .x3f: break
        default: try readTIFF(bytes)
        }
        if exif?.exif.isEmpty ?? true, let preview = previews.max(by: { $0.pixels < $1.pixels }), preview.codec == .jpeg,
            let header = JPEGHeader(Self.headerPrefix(of: preview.range, in: bytes)), let previewExif = header.exif
        {
            // RAF and some RW2 keep their EXIF only in the embedded JPEG.
            exif = previewExif
            if format == .raf { orientation = header.orientation }
        }
        if width == nil, let largest = previews.max(by: { $0.pixels < $1.pixels }) {
            (width, height) = (largest.width, largest.height)
        }
    }

    /// The preview a thumbnail comes from: the largest whose short edge is at least
    /// ``minimumPreviewShortEdge`` and whose pixels are within `maximumPixels`.
    func thumbnailPreview(maximumPixels: Int) -> Preview? {
        previews.filter { min($0.width, $0.height) >= Self.minimumPreviewShortEdge && $0.pixels <= maximumPixels }
            .max { $0.pixels < $1.pixels }
    }

    // MARK: - Previews

    /// Adds the JPEG at `range` when it is one libvips decodes and not already known.
    mutating func addPreview(_ range: Range<Int>, in bytes: [UInt8]) {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count, range.count > 4, !previews.contains(where: { $0.range == range }),
            let header = JPEGHeader(Self.headerPrefix(of: range, in: bytes)), (0xC0...0xC2).contains(header.frameMarker)
        else { return }
        previews.append(Preview(range: range, codec: .jpeg, width: header.width, height: header.height, orientation: header.orientation))
    }

    /// Adds the JPEG XL codestream (or ISO-BMFF-wrapped JPEG XL) at `range`, of the size its
    /// directory gives, when its signature is right. DNG 1.7 leaves a preview's orientation to
    /// the RAW's, so it has none of its own.
    mutating func addJPEGXLPreview(_ range: Range<Int>, width: Int, height: Int, in bytes: [UInt8]) {
        let codestream: [UInt8] = [0xFF, 0x0A]
        let container: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
        guard range.lowerBound >= 0, range.upperBound <= bytes.count, range.count > container.count, width > 0, height > 0,
            !previews.contains(where: { $0.range == range }),
            bytes[range].starts(with: codestream) || bytes[range].starts(with: container)
        else { return }
        previews.append(Preview(range: range, codec: .jpegXL, width: width, height: height, orientation: 1))
    }

    /// Adds the JPEG at `offset` (from `base`) of `length` bytes, when both lie in the file.
    mutating func addPreview(offset: Int, length: Int, base: Int, in bytes: [UInt8]) {
        let start = base + offset
        guard offset > 0, length > 0, start >= 0, start <= bytes.count - length else { return }
        addPreview(start..<start + length, in: bytes)
    }

    /// The first bytes of an embedded JPEG, enough for its markers up to the frame header.
    private static func headerPrefix(of range: Range<Int>, in bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes[range.lowerBound..<min(range.upperBound, range.lowerBound + (256 << 10))]
    }

    mutating func setOrientation(_ value: Int?) {
        if let value, (1...8).contains(value) { orientation = value }
    }

    mutating func setSize(width: Int?, height: Int?) {
        guard let width, let height, width > 0, height > 0 else { return }
        (self.width, self.height) = (width, height)
    }

    mutating func setExif(_ reader: ExifReader) {
        exif = reader
    }

    mutating func setXMPPacket(_ packet: [UInt8]) {
        xmpPacket = packet
    }
}
