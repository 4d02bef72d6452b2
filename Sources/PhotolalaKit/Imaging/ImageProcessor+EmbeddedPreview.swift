import CVips
import Logging

/// Thumbnails from the previews files carry: a camera JPEG's Large Thumbnail
/// (``MultiPictureIndex``) and a camera RAW's largest embedded JPEG.
///
/// A 12-megapixel JPEG costs libjpeg its whole entropy-coded data even when shrunk on load by
/// eight; the 1,616 × 1,080 preview a Sony writes beside it costs a twentieth of that, for the
/// same 256-pixel thumbnail. A preview is shown as the primary image is, by the primary's
/// orientation: cameras store both the same way round and tag the primary only.
extension ImageProcessor {
    /// The thumbnail of a camera JPEG made from its Large Thumbnail, or `nil` when it has none
    /// that can stand for the primary image (or the one it has cannot be decoded: logged, and
    /// the primary is decoded instead).
    func multiPictureThumbnail(of bytes: [UInt8], name: String) -> [UInt8]? {
        guard let primary = JPEGHeader(bytes), let preview = multiPicturePreview(of: bytes, primary: primary) else { return nil }
        do {
            return try thumbnail(
                ofPreviewAt: preview.range, in: bytes, width: preview.width, height: preview.height, orientation: primary.orientation,
                name: name)
        } catch {
            logger.notice(
                "A JPEG's embedded preview cannot be decoded; its primary image is decoded instead.",
                metadata: ["path": "\(name)", "error": .error(error)])
            return nil
        }
    }

    /// The Large Thumbnail a JPEG's thumbnail is made from: one of the primary image's aspect
    /// (within 2 %, as for a HEIF's thumbnail item), with a short edge of at least
    /// ``Configuration/embeddedPreviewShortEdge`` and fewer pixels than the primary; the
    /// smallest that holds the thumbnail's whole size, else the largest.
    func multiPicturePreview(of bytes: [UInt8], primary: JPEGHeader) -> MultiPictureIndex.Preview? {
        let primaryPixels = primary.width * primary.height
        guard let header = primary.multiPictureHeader, primaryPixels <= configuration.maximumPixels,
            let index = MultiPictureIndex(bytes, header: header)
        else { return nil }
        let primaryRatio = Double(primary.width) / Double(primary.height)
        let usable = index.previews.filter { preview in
            min(preview.width, preview.height) >= configuration.embeddedPreviewShortEdge && preview.width * preview.height < primaryPixels
                && abs(Double(preview.width) / Double(preview.height) / primaryRatio - 1) <= 0.02
        }
        let wanted = thumbnailSize(width: primary.width, height: primary.height)
        let covering = usable.filter { $0.width >= wanted.width && $0.height >= wanted.height }
        return covering.min { $0.width < $1.width } ?? usable.max { $0.width < $1.width }
    }

    /// The thumbnail of the JPEG at `range` of `bytes`, `width` × `height` as stored, turned
    /// upright by `orientation` (its own EXIF orientation is ignored).
    /// - Throws: ``PhotolalaError/damagedImage`` when it cannot be decoded.
    func thumbnail(
        ofPreviewAt range: Range<Int>, in bytes: [UInt8], width: Int, height: Int, orientation: Int, name: String
    ) throws -> [UInt8] {
        let swap = orientation >= 5
        let upright = thumbnailSize(width: swap ? height : width, height: swap ? width : height)
        let (boxWidth, boxHeight) = swap ? (upright.height, upright.width) : (upright.width, upright.height)
        return try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { throw PhotolalaError.emptyFile(name) }
            var output: UnsafeMutablePointer<CVips.VipsImage>?
            let start = UnsafeMutableRawPointer(mutating: base + range.lowerBound)
            guard
                cvips_thumbnail_buffer_oriented(start, range.count, &output, Int32(boxWidth), Int32(boxHeight), Int32(orientation)) == 0,
                let output
            else { throw PhotolalaError.damagedImage(name, reason: VipsRuntime.takeError()) }
            return try encodeJPEG(prepareForJPEG(VipsImage(output), name: name), name: name)
        }
    }
}
