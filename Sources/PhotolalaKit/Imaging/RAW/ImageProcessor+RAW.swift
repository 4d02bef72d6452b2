import CVips

/// Camera RAW: header facts, thumbnails and full views from the largest embedded preview
/// (``RAWContainer``), turned upright by the RAW's own orientation; only a RAW without a usable
/// preview is decoded, at half size, by LibRaw (``LibRawDecoder``).
extension ImageProcessor {
    /// The RAW's format, displayed size (the raw image's, as exiftool reports it), orientation and EXIF.
    /// - Throws: ``PhotolalaError/damagedImage`` when neither its container nor LibRaw can be read.
    func inspectRAW(_ bytes: [UInt8], format: ImageFormat, name: String) throws -> ImageInspection {
        var container: RAWContainer?
        var damage: RAWContainer.Damage?
        do {
            container = try RAWContainer(bytes, format: format)
        } catch {
            damage = error
        }
        var width = container?.width, height = container?.height
        var orientation = container?.orientation ?? 1
        if width == nil || height == nil {
            let facts = try librawFacts(bytes, format: format, name: name, damage: damage)
            (width, height, orientation) = (facts.width, facts.height, facts.orientation)
        }
        let swap = orientation >= 5
        let (stored, other) = (width ?? 0, height ?? 0)
        return ImageInspection(
            format: format, width: swap ? other : stored, height: swap ? stored : other, orientation: orientation, exif: container?.exif,
            xmpPacket: container?.xmpPacket ?? container?.exif?.xmpPacket, iptcBlock: container?.exif?.iptcBlock)
    }

    /// The thumbnail of a RAW: from its largest embedded preview (JPEG, or a DNG's JPEG XL)
    /// with a short edge of at least 240 pixels, else from LibRaw's half-size decode.
    /// - Throws: ``PhotolalaError`` when it has no usable preview and LibRaw cannot decode it.
    func thumbnailOfRAW(_ bytes: [UInt8], format: ImageFormat, name: String) throws -> [UInt8] {
        if let preview = try shownPreview(of: bytes, format: format, name: name) {
            return try thumbnail(
                ofPreviewAt: preview.range, in: preview.bytes, width: preview.width, height: preview.height,
                orientation: preview.rawOrientation, name: name)
        }
        let decoded = try decodeHalfSize(bytes, format: format, name: name)
        let (width, height) = thumbnailSize(width: decoded.width, height: decoded.height)
        var output: UnsafeMutablePointer<CVips.VipsImage>?
        guard cvips_thumbnail_image(decoded.pointer, &output, Int32(width), Int32(height)) == 0, let output else {
            throw PhotolalaError.damagedImage(name, reason: VipsRuntime.takeError())
        }
        return try encodeJPEG(prepareForJPEG(VipsImage(output), name: name), name: name)
    }

    /// The full view of a RAW: its largest embedded preview (a JPEG as it is when its own
    /// orientation is the RAW's; else, and a JPEG XL always, encoded upright as JPEG), else
    /// LibRaw's half-size decode.
    /// - Throws: ``PhotolalaError`` when it has no usable preview and LibRaw cannot decode it.
    func renderRAW(_ bytes: [UInt8], format: ImageFormat, name: String) throws -> [UInt8] {
        guard let preview = try shownPreview(of: bytes, format: format, name: name) else {
            let decoded = try decodeHalfSize(bytes, format: format, name: name)
            return try encodeJPEG(prepareForJPEG(decoded, name: name), name: name)
        }
        if preview.codec == .jpeg, preview.ownOrientation == preview.rawOrientation {
            return Array(preview.bytes[preview.range])
        }
        return try preview.bytes.withUnsafeBytes { buffer in
            var data: UnsafeMutableRawPointer?
            var length = 0
            let start = buffer.baseAddress.map { $0 + preview.range.lowerBound }
            guard
                cvips_render_jpeg_oriented(start, preview.range.count, &data, &length, 90, Int32(preview.rawOrientation)) == 0, let data
            else { throw PhotolalaError.damagedImage(name, reason: VipsRuntime.takeError()) }
            defer { g_free(data) }
            return Array(UnsafeRawBufferPointer(start: data, count: length))
        }
    }

    // MARK: - Steps

    /// The embedded preview a RAW is shown from, in the file's bytes or LibRaw's copy.
    private struct ShownPreview {
        let bytes: [UInt8]
        let range: Range<Int>
        let codec: RAWContainer.Preview.Codec
        let width: Int
        let height: Int
        /// The JPEG's own EXIF orientation (1 when it has none).
        let ownOrientation: Int
        /// The RAW's orientation, the one the preview is shown at.
        let rawOrientation: Int
    }

    /// The container's largest preview with a short edge of 240 pixels within the pixel limit,
    /// else LibRaw's own (for the containers Photolala does not walk); `nil` when there is none.
    /// - Throws: ``PhotolalaError/damagedImage`` when the container cannot be walked and LibRaw
    ///   cannot read the file either; ``PhotolalaError/imageTooLarge`` when a JPEG XL preview's
    ///   codestream is larger than the pixel limit.
    private func shownPreview(of bytes: [UInt8], format: ImageFormat, name: String) throws -> ShownPreview? {
        var container: RAWContainer?
        do {
            container = try RAWContainer(bytes, format: format)
        } catch {
            // A container too damaged to walk is LibRaw's to try; its error is the one told.
            _ = try librawFacts(bytes, format: format, name: name, damage: error)
        }
        if let container, let preview = container.thumbnailPreview(maximumPixels: configuration.maximumPixels) {
            if preview.codec == .jpegXL {
                // A JPEG XL's size is its directory's word; the limit holds the codestream's own.
                _ = try bytes.withUnsafeBytes { try header(UnsafeRawBufferPointer(rebasing: $0[preview.range]), format: format, name: name) }
            }
            return ShownPreview(
                bytes: bytes, range: preview.range, codec: preview.codec, width: preview.width, height: preview.height,
                ownOrientation: preview.orientation, rawOrientation: container.orientation)
        }
        guard let embedded = LibRawDecoder.embeddedJPEG(bytes, name: name), let header = JPEGHeader(embedded.jpeg),
            min(header.width, header.height) >= RAWContainer.minimumPreviewShortEdge, header.width * header.height <= configuration.maximumPixels
        else { return nil }
        return ShownPreview(
            bytes: embedded.jpeg, range: embedded.jpeg.indices, codec: .jpeg, width: header.width, height: header.height,
            ownOrientation: header.orientation, rawOrientation: embedded.orientation)
    }

    /// LibRaw's facts, or an error naming what was wrong with the container and LibRaw's answer.
    private func librawFacts(
        _ bytes: [UInt8], format: ImageFormat, name: String, damage: RAWContainer.Damage? = nil
    ) throws
        -> LibRawDecoder.Facts
    {
        do {
            return try LibRawDecoder.facts(of: bytes, name: name)
        } catch let error as LibRawDecoder.Failure {
            throw Self.undecodable(name, format: format, damage: damage, libraw: error)
        }
    }

    /// LibRaw's half-size decode, its failure told as the RAW's damage.
    private func decodeHalfSize(_ bytes: [UInt8], format: ImageFormat, name: String) throws -> VipsImage {
        do {
            return try LibRawDecoder.decodeHalfSize(bytes, name: name, maximumPixels: configuration.maximumPixels)
        } catch let error as LibRawDecoder.Failure {
            throw Self.undecodable(name, format: format, damage: nil, libraw: error)
        }
    }

    private static func undecodable(
        _ name: String, format: ImageFormat, damage: RAWContainer.Damage?, libraw: LibRawDecoder.Failure
    )
        -> PhotolalaError
    {
        let container = damage.map { "its \(format.rawValue) structure is damaged: \($0); " } ?? ""
        return .damagedImage(name, reason: "\(container)it has no embedded preview Photolala can read, and LibRaw cannot decode it: \(libraw)")
    }
}
