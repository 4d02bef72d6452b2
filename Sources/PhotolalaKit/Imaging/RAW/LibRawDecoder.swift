import CImaging
import CLibRaw
import CVips

/// Camera RAW through LibRaw: the last resort for a RAW without a usable embedded preview
/// (a half-size decode, never more pixels than the limit allows), and the reader of the
/// containers ``RAWContainer`` does not walk (CRW, MRW, X3F).
///
/// LibRaw 0.20 is older than many cameras (it refuses recent CR3s and JPEG XL DNGs), which is
/// why previews come from ``RAWContainer`` first. Each call opens its own LibRaw handle over
/// the bytes in memory, so calls on different threads share nothing.
enum LibRawDecoder {
    /// What LibRaw tells of a file without decoding it.
    struct Facts {
        /// The visible image's size, before orientation.
        let width: Int
        let height: Int
        /// EXIF orientation 1–8, from LibRaw's flip code.
        let orientation: Int
    }

    /// Why LibRaw could not read or decode a file, in LibRaw's words.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The sizes and orientation LibRaw reads from the file's header.
    /// - Throws: ``Failure`` when LibRaw cannot read the file.
    static func facts(of bytes: [UInt8], name: String) throws -> Facts {
        try withHandle(bytes, name: name) { raw in
            Facts(width: Int(clibraw_width(raw)), height: Int(clibraw_height(raw)), orientation: orientation(flip: clibraw_flip(raw)))
        }
    }

    /// The raw data decoded at half size, upright, as an 8-bit image.
    /// - Throws: ``PhotolalaError/imageTooLarge`` when the sensor has more pixels than
    ///   `maximumPixels`, ``Failure`` when LibRaw cannot decode it.
    static func decodeHalfSize(_ bytes: [UInt8], name: String, maximumPixels: Int) throws -> VipsImage {
        try withHandle(bytes, name: name) { raw in
            let width = Int(clibraw_raw_width(raw)), height = Int(clibraw_raw_height(raw))
            let pixels = width.multipliedReportingOverflow(by: height)
            guard !pixels.overflow, pixels.partialValue <= maximumPixels else {
                throw PhotolalaError.imageTooLarge(name, width: width, height: height, limit: maximumPixels)
            }
            var error: Int32 = 0
            guard let image = clibraw_decode_half_size(raw, &error) else { throw damaged(name, code: error) }
            defer { libraw_dcraw_clear_mem(image) }
            let colors = Int(clibraw_image_colors(image))
            guard clibraw_image_is_jpeg(image) == 0, clibraw_image_bits(image) == 8, colors == 1 || colors == 3 else {
                throw Failure(description: "it decoded to an image of \(colors) colours Photolala cannot use")
            }
            let imageWidth = clibraw_image_width(image), imageHeight = clibraw_image_height(image)
            guard
                let pointer = vips_image_new_from_memory_copy(
                    clibraw_image_data(image), clibraw_image_size(image), imageWidth, imageHeight, Int32(colors), VIPS_FORMAT_UCHAR)
            else { throw Failure(description: VipsRuntime.takeError()) }
            return VipsImage(pointer)
        }
    }

    /// The JPEG thumbnail LibRaw finds in the file, with LibRaw's orientation; `nil` when there
    /// is none or it is a bitmap.
    static func embeddedJPEG(_ bytes: [UInt8], name: String) -> (jpeg: [UInt8], orientation: Int)? {
        try? withHandle(bytes, name: name) { raw in
            var error: Int32 = 0
            guard let image = clibraw_thumbnail(raw, &error) else { return nil }
            defer { libraw_dcraw_clear_mem(image) }
            guard clibraw_image_is_jpeg(image) != 0 else { return nil }
            let jpeg = Array(UnsafeBufferPointer(start: clibraw_image_data(image), count: clibraw_image_size(image)))
            return (jpeg, orientation(flip: clibraw_flip(raw)))
        }
    }

    /// Runs `body` with a LibRaw handle open over `bytes`, closed after it.
    /// - Throws: ``PhotolalaError/imagingUnavailable`` when LibRaw cannot be loaded.
    private static func withHandle<Result>(
        _ bytes: [UInt8], name: String, _ body: (UnsafeMutablePointer<libraw_data_t>) throws -> Result
    ) throws -> Result {
        if let problem = cimaging_open_libraw() { throw PhotolalaError.imagingUnavailable(String(cString: problem)) }
        return try bytes.withUnsafeBytes { buffer in
            var error: Int32 = 0
            guard let raw = clibraw_open(buffer.baseAddress, buffer.count, &error) else { throw damaged(name, code: error) }
            defer { libraw_close(raw) }
            return try body(raw)
        }
    }

    private static func damaged(_ name: String, code: Int32) -> Failure {
        Failure(description: String(cString: libraw_strerror(code)))
    }

    /// EXIF orientation from LibRaw's flip: 3 is 180°, 5 a quarter turn counter-clockwise, 6 clockwise.
    private static func orientation(flip: Int32) -> Int {
        switch flip {
        case 3: 3
        case 5: 8
        case 6: 6
        default: 1
        }
    }
}
