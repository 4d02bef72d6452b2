import CVips
import Logging

/// HEIF and AVIF thumbnails at preview speed.
///
/// A phone's HEIC carries a thumbnail item beside its 12-megapixel primary image (an iPhone's is
/// 320 × 240), and HEVC and AV1 have no shrink-on-load: decoding the primary costs 0.4–0.7 s, the
/// thumbnail item a few milliseconds. So the thumbnail item is used whenever it is good enough
/// for a grid (its short edge at least ``Configuration/embeddedPreviewShortEdge``, the primary's
/// shape), at its own size when its short edge is under 256 rather than enlarged; otherwise the
/// primary is decoded. `vips_thumbnail` alone would not do this: it takes the item only when it
/// is larger than the target, never for an iPhone's 320 × 240 and a short edge of 256.
///
/// Orientation: libheif turns each item upright by its own `irot` and `imir` boxes, and libvips
/// drops the EXIF orientation of a HEIF (which ISO/IEC 23008-12 makes informative only), so
/// nothing is turned twice, and the thumbnail item and the primary come out the same way up.
/// Images of 10 or 12 bits load as 16-bit RGB scaled to the full range, which
/// ``ImageProcessor`` brings to 8-bit sRGB as for any 16-bit image; HDR ones (PQ, HLG) are
/// tone-mapped first (``HDRToneMapping``), in the thumbnail and the preview alike.
extension ImageProcessor {
    /// A HEIF's or AVIF's thumbnail before it is encoded: its thumbnail item when that is good
    /// enough, else its primary image, tone-mapped when HDR and shrunk to the thumbnail's size.
    /// - Parameter primary: The primary image's header, as ``header(_:format:name:)`` opened it.
    /// - Throws: ``PhotolalaError/damagedImage`` when the primary image cannot be decoded.
    func heifThumbnail(of buffer: UnsafeRawBufferPointer, primary: VipsImage, name: String) throws -> VipsImage {
        let description = HEIFDescription(buffer)
        let image = try thumbnailItem(of: buffer, described: description, primary: primary, name: name) ?? heifPrimary(of: buffer, name: name)
        // Tone-mapped before anything turns it into 8 bits.
        let mapped = try description?.toneMapping?.apply(to: image, name: name) ?? image
        return try shrink(mapped, name: name)
    }

    /// The whole primary image of an HDR HEIF or AVIF, tone-mapped, as a JPEG; `nil` for one
    /// that is not HDR, which libvips renders as it is.
    func renderHDR(_ buffer: UnsafeRawBufferPointer, name: String) throws -> [UInt8]? {
        guard let mapping = HEIFDescription(buffer)?.toneMapping else { return nil }
        let image = try mapping.apply(to: heifPrimary(of: buffer, name: name), name: name)
        return try encodeJPEG(prepareForJPEG(image, name: name), name: name, quality: 90)
    }

    /// The primary image, upright and not yet decoded.
    private func heifPrimary(of buffer: UnsafeRawBufferPointer, name: String) throws -> VipsImage {
        guard let pointer = cvips_heifload_buffer(buffer.baseAddress, buffer.count, 0) else {
            throw PhotolalaError.damagedImage(name, reason: VipsRuntime.takeError())
        }
        return VipsImage(pointer)
    }

    /// The file's thumbnail item, upright and not yet decoded, when it can stand for the primary
    /// in a grid: a short edge of at least 240 pixels, fewer pixels than the primary, and the
    /// primary's aspect ratio within 2 % (an item turned or cropped otherwise than the primary
    /// would show another picture; libvips itself only refuses items 0.1 off).
    private func thumbnailItem(
        of buffer: UnsafeRawBufferPointer, described description: HEIFDescription?, primary: VipsImage, name: String
    ) -> VipsImage? {
        guard let stored = description?.thumbnailItem,
            stored.width * stored.height < primary.width * primary.height,
            min(stored.width, stored.height) >= configuration.embeddedPreviewShortEdge
        else { return nil }
        // libvips decodes the item once to check it while opening it, so a damaged one fails here.
        guard let pointer = cvips_heifload_buffer(buffer.baseAddress, buffer.count, 1) else {
            logger.notice(
                "A HEIF's thumbnail item cannot be decoded; its primary image is decoded instead.",
                metadata: ["path": "\(name)", "reason": "\(VipsRuntime.takeError())"])
            return nil
        }
        let item = VipsImage(pointer)
        let itemRatio = Double(item.width) / Double(item.height)
        let primaryRatio = Double(primary.width) / Double(primary.height)
        // An item libvips refused opens as the primary image.
        guard item.width * item.height < primary.width * primary.height, abs(itemRatio / primaryRatio - 1) <= 0.02 else { return nil }
        return item
    }

    /// `image` scaled to the thumbnail's size (never enlarged).
    private func shrink(_ image: VipsImage, name: String) throws -> VipsImage {
        let (width, height) = thumbnailSize(width: image.width, height: image.height)
        var output: UnsafeMutablePointer<CVips.VipsImage>?
        guard cvips_thumbnail_image(image.pointer, &output, Int32(width), Int32(height)) == 0, let output else {
            throw PhotolalaError.damagedImage(name, reason: VipsRuntime.takeError())
        }
        return VipsImage(output)
    }
}
