import CVips
public import Logging

/// Decodes photos with libvips: thumbnails through shrink-on-load, and header facts.
///
/// Every method takes a whole encoded file in memory, so a caller that also hashes the file
/// reads it from disk once. The format is recognised from the bytes, never from the name.
///
/// ```swift
/// let processor = ImageProcessor()
/// let jpeg = try processor.thumbnail(of: bytes, name: "IMG_0042.HEIC")
/// ```
public struct ImageProcessor: Sendable {
    /// Limits and output settings; the defaults are Photolala's thumbnail specification.
    public struct Configuration: Sendable {
        /// Images with more pixels than this are refused before decoding (decompression bombs).
        public var maximumPixels: Int = 268_402_689
        /// The thumbnail's short edge; smaller images are not enlarged.
        public var thumbnailShortEdge: Int = 256
        /// The thumbnail's longest edge: a panorama beyond 2:1 is scaled to it whole, not cropped,
        /// so Fit shows all of it.
        public var thumbnailLongEdge: Int = 512
        /// The shortest short edge of a preview the file carries (a HEIF's thumbnail item) that is
        /// used for the thumbnail instead of decoding the image: such a preview is shrunk to the
        /// short edge of 256, or kept at its own size when its short edge is 240–255.
        public var embeddedPreviewShortEdge: Int = 240
        public var jpegQuality: Int = 85

        public init() {}
    }

    public let configuration: Configuration
    /// Where failures worked around (a damaged thumbnail item) are logged.
    let logger: Logger

    /// libvips starts with the first image handed to a processor, not here: it costs a process
    /// 9 MB and its start-up, which a scan or a listing, that never decodes, should not pay.
    /// - Parameters:
    ///   - configuration: Limits and output settings.
    ///   - logger: Where failures worked around are logged.
    public init(configuration: Configuration = Configuration(), logger: Logger = Logger(label: "photolala.imaging")) {
        self.configuration = configuration
        self.logger = logger
    }

    /// Reads the format, displayed dimensions, orientation and EXIF without decoding pixels.
    /// - Throws: ``PhotolalaError`` when the bytes are no image or the image cannot be read.
    func inspect(_ bytes: [UInt8], name: String) throws -> ImageInspection {
        let format = try recogniseFormat(bytes, name: name)
        if format.isCameraRAW { return try inspectRAW(bytes, format: format, name: name) }
        if format == .jpeg, let header = JPEGHeader(bytes) { return ImageInspection(jpeg: header, in: bytes) }
        return try bytes.withUnsafeBytes { buffer in
            let image = try header(buffer, format: format, name: name)
            let exif = format == .tiff ? ExifReader(bytes) : image.exifBlock.map(ExifReader.init)
            let swap = image.orientationSwapsAxes
            return ImageInspection(
                format: format,
                width: swap ? image.height : image.width,
                height: swap ? image.width : image.height,
                orientation: image.orientation,
                exif: exif,
                xmpPacket: exif?.xmpPacket ?? image.xmpPacket,
                iptcBlock: exif?.iptcBlock ?? image.iptcBlock
            )
        }
    }

    /// Renders Photolala's thumbnail: upright and whole, short edge 256 with the long edge at most
    /// 512 (beyond 2:1, long edge 512 and the short edge what the ratio gives), JPEG at quality 85
    /// with all metadata stripped. A HEIF or AVIF thumbnail comes from the file's thumbnail item
    /// when that is good enough, with a short edge of 240–255 when the item's is; a camera
    /// JPEG's from the Large Thumbnail it carries, a camera RAW's from its largest preview.
    /// - Throws: ``PhotolalaError`` when the bytes are no image, too large, or damaged.
    public func thumbnail(of bytes: [UInt8], name: String) throws -> [UInt8] {
        let format = try recogniseFormat(bytes, name: name)
        if format.isCameraRAW { return try thumbnailOfRAW(bytes, format: format, name: name) }
        if format == .jpeg, let thumbnail = multiPictureThumbnail(of: bytes, name: name) { return thumbnail }
        return try bytes.withUnsafeBytes { buffer in
            let source = try header(buffer, format: format, name: name)
            let shrunk =
                switch format {
                case .heif, .avif: try heifThumbnail(of: buffer, primary: source, name: name)
                default: try shrinkOnLoad(buffer, source: source, name: name)
                }
            return try encodeJPEG(prepareForJPEG(shrunk, name: name), name: name)
        }
    }

    /// The whole image as an upright JPEG, for formats browsers cannot show (a camera RAW's largest preview).
    /// - Throws: ``PhotolalaError`` when the bytes are no image, too large, or damaged.
    func renderJPEG(of bytes: [UInt8], name: String) throws -> [UInt8] {
        let format = try recogniseFormat(bytes, name: name)
        if format.isCameraRAW { return try renderRAW(bytes, format: format, name: name) }
        return try bytes.withUnsafeBytes { buffer in
            _ = try header(buffer, format: format, name: name)
            if format == .heif || format == .avif, let hdr = try renderHDR(buffer, name: name) {
                return hdr
            }
            var data: UnsafeMutableRawPointer?
            var length = 0
            guard cvips_render_jpeg(buffer.baseAddress, buffer.count, &data, &length, 90) == 0, let data else {
                throw PhotolalaError.damagedImage(name, reason: VipsRuntime.takeError())
            }
            defer { g_free(data) }
            return Array(UnsafeRawBufferPointer(start: data, count: length))
        }
    }

    /// The thumbnail's pixel size for an upright image of `width` × `height`: scaled so the short
    /// edge is 256 and the long edge at most 512, whichever is smaller, and never enlarged.
    func thumbnailSize(width: Int, height: Int) -> (width: Int, height: Int) {
        let (width, height) = (max(1, width), max(1, height))
        let scale = min(
            1, Double(configuration.thumbnailShortEdge) / Double(min(width, height)),
            Double(configuration.thumbnailLongEdge) / Double(max(width, height)))
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    // MARK: - Steps

    /// The image shrunk to the thumbnail's size while it is decoded, as far as its format allows
    /// (JPEG's DCT scaling, WebP's scaled decode, a TIFF's pyramid), and turned upright by its EXIF.
    private func shrinkOnLoad(_ buffer: UnsafeRawBufferPointer, source: VipsImage, name: String) throws -> VipsImage {
        let swap = source.orientationSwapsAxes
        let (width, height) = thumbnailSize(
            width: swap ? source.height : source.width,
            height: swap ? source.width : source.height
        )
        var output: UnsafeMutablePointer<CVips.VipsImage>?
        let base = UnsafeMutableRawPointer(mutating: buffer.baseAddress)
        guard cvips_thumbnail_buffer(base, buffer.count, &output, Int32(width), Int32(height), 0) == 0, let output else {
            throw PhotolalaError.damagedImage(name, reason: VipsRuntime.takeError())
        }
        return VipsImage(output)
    }

    /// The format of `bytes`, the first step of every image handed over, which starts libvips.
    /// - Throws: ``PhotolalaError/imagingUnavailable`` when libvips cannot start.
    private func recogniseFormat(_ bytes: [UInt8], name: String) throws -> ImageFormat {
        try VipsRuntime.start()
        guard !bytes.isEmpty else { throw PhotolalaError.emptyFile(name) }
        guard let format = ImageFormat(sniffing: bytes) else { throw PhotolalaError.notAnImage(name) }
        return format.refined(byName: name)
    }

    func header(_ buffer: UnsafeRawBufferPointer, format: ImageFormat, name: String) throws -> VipsImage {
        guard let pointer = cvips_header_from_buffer(buffer.baseAddress, buffer.count) else {
            let reason = VipsRuntime.takeError()
            // libvips says "not in a known format" both when it has no loader for the format and
            // when the loader it has rejects the header: an 8-byte TIFF is damaged, not unsupported.
            if reason.contains("not in a known format") || reason.contains("not a known") {
                guard VipsRuntime.canDecode(format) else { throw PhotolalaError.unsupportedFormat(name, format: format) }
                throw PhotolalaError.damagedImage(name, reason: "libvips found no complete \(format.rawValue) header in its \(buffer.count) bytes")
            }
            throw PhotolalaError.damagedImage(name, reason: reason)
        }
        let image = VipsImage(pointer)
        let pixels = image.width.multipliedReportingOverflow(by: image.height)
        guard !pixels.overflow, pixels.partialValue <= configuration.maximumPixels else {
            throw PhotolalaError.imageTooLarge(name, width: image.width, height: image.height, limit: configuration.maximumPixels)
        }
        return image
    }

    /// Brings any decoded image to 8-bit sRGB or grey without alpha, as baseline JPEG requires.
    func prepareForJPEG(_ image: VipsImage, name: String) throws -> VipsImage {
        var current = image
        let interpretation = current.interpretation
        let target: VipsInterpretation? =
            switch interpretation {
            case VIPS_INTERPRETATION_sRGB, VIPS_INTERPRETATION_B_W: nil
            case VIPS_INTERPRETATION_GREY16: VIPS_INTERPRETATION_B_W
            default: VIPS_INTERPRETATION_sRGB
            }
        if let target {
            var converted: UnsafeMutablePointer<CVips.VipsImage>?
            guard cvips_colourspace(current.pointer, &converted, target) == 0, let converted else {
                throw PhotolalaError.damagedImage(name, reason: VipsRuntime.takeError())
            }
            current = VipsImage(converted)
        }
        if current.hasAlpha {
            var flattened: UnsafeMutablePointer<CVips.VipsImage>?
            guard cvips_flatten_white(current.pointer, &flattened) == 0, let flattened else {
                throw PhotolalaError.damagedImage(name, reason: VipsRuntime.takeError())
            }
            current = VipsImage(flattened)
        }
        return current
    }

    /// `image` as a JPEG without metadata, at `quality` (the thumbnail's by default).
    func encodeJPEG(_ image: VipsImage, name: String, quality: Int? = nil) throws -> [UInt8] {
        var data: UnsafeMutableRawPointer?
        var length = 0
        guard cvips_jpegsave_buffer(image.pointer, &data, &length, Int32(quality ?? configuration.jpegQuality)) == 0, let data else {
            throw PhotolalaError.damagedImage(name, reason: VipsRuntime.takeError())
        }
        defer { g_free(data) }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }
}
