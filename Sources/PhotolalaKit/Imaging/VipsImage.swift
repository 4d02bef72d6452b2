import CVips

/// Owns one `VipsImage` reference and releases it when dropped.
///
/// A class so that ownership is single and the reference is released exactly once.
final class VipsImage {
    let pointer: UnsafeMutablePointer<CVips.VipsImage>

    init(_ pointer: UnsafeMutablePointer<CVips.VipsImage>) {
        self.pointer = pointer
    }

    deinit {
        cvips_unref(pointer)
    }

    var width: Int { Int(vips_image_get_width(pointer)) }
    var height: Int { Int(vips_image_get_height(pointer)) }
    var bands: Int { Int(vips_image_get_bands(pointer)) }
    var format: VipsBandFormat { vips_image_get_format(pointer) }
    var interpretation: VipsInterpretation { vips_image_get_interpretation(pointer) }
    var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }

    /// EXIF orientation 1–8 as libvips applies it, 1 when the loader already rotated the pixels.
    var orientation: Int { Int(vips_image_get_orientation(pointer)) }

    /// Whether the orientation turns the image by 90° or 270°, swapping width and height.
    var orientationSwapsAxes: Bool { vips_image_get_orientation_swap(pointer) != 0 }

    /// The raw EXIF block libvips found, if any.
    var exifBlock: [UInt8]? { blob(named: "exif-data") }
    /// The XMP packet libvips found (a PNG's iTXt, a WebP's `XMP ` chunk, a HEIF's XMP item), if any.
    /// libvips before 8.15 hands a HEIF's XMP item as `heif-mime-N`, with any other MIME item.
    var xmpPacket: [UInt8]? {
        if let xmp = blob(named: "xmp-data") { return xmp }
        return (1...4).lazy.compactMap { self.blob(named: "heif-mime-\($0)") }.first { Self.looksLikeXMP($0) }
    }

    private static func looksLikeXMP(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(4_096)
        return ["<x:xmpmeta", "<rdf:RDF", "<?xpacket"].contains { marker in
            let pattern = Array(marker.utf8)
            return head.indices.contains { head[$0...].starts(with: pattern) }
        }
    }
    /// The IPTC block libvips found, if any.
    var iptcBlock: [UInt8]? { blob(named: "iptc-data") }

    private func blob(named name: String) -> [UInt8]? {
        var data: UnsafeRawPointer?
        var length = 0
        guard vips_image_get_typeof(pointer, name) != 0,
            vips_image_get_blob(pointer, name, &data, &length) == 0,
            let data, length > 0
        else { return nil }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }
}
