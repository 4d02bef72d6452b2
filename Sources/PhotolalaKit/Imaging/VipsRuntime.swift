import CImaging
import CVips
import Foundation
import Synchronization

/// Opens and starts libvips once per process, on first use, and reads its error buffer.
///
/// libvips keeps process-wide state (its type system, thread pool and operation cache), so it
/// can only be started once; every ``ImageProcessor`` shares that start.
enum VipsRuntime {
    private static let startResult: Result<Void, PhotolalaError> = {
        if let problem = cimaging_open_vips() {
            return .failure(.imagingUnavailable(String(cString: problem)))
        }
        guard cvips_init("photolala") == 0 else {
            return .failure(.imagingUnavailable(takeError()))
        }
        // Photolala decodes each image on one thread and runs images in parallel instead,
        // and never revisits an image, so libvips's own thread pool and cache only cost time.
        cvips_silence_warnings()
        vips_concurrency_set(1)
        vips_cache_set_max(0)
        // Only formats Photolala recognised by their bytes reach libvips; refuse the rest.
        vips_block_untrusted_set(1)
        vips_operation_block_set("VipsForeignLoadMagick", 0)
        // DNG 1.7's JPEG XL previews, handed over from memory once the RAW reader has found
        // a JPEG XL signature where the preview's directory points (libvips calls it untrusted).
        vips_operation_block_set("VipsForeignLoadJxlBuffer", 0)
        return .success(())
    }()

    /// - Throws: ``PhotolalaError/imagingUnavailable`` when libvips cannot start.
    static func start() throws {
        try startResult.get()
    }

    /// Whether this build of libvips has a loader for `format`, so that a file of that format it
    /// does not recognise is damaged rather than unsupported.
    static func canDecode(_ format: ImageFormat) -> Bool {
        let loader: String? =
            switch format {
            case .jpeg: "jpegload_buffer"
            case .png: "pngload_buffer"
            case .heif, .avif: "heifload_buffer"
            case .tiff: "tiffload_buffer"
            case .gif: "gifload_buffer"
            case .webp: "webpload_buffer"
            case .bmp: "magickload_buffer"
            // Videos go through ffmpeg; libvips 8.14 has no RAW loader: camera RAW goes through
            // RAWContainer and LibRaw.
            default: nil
            }
        return loader.map { vips_type_find("VipsOperation", $0) != 0 } ?? false
    }

    /// The accumulated libvips error text, cleared, on one line.
    static func takeError() -> String {
        guard let buffer = vips_error_buffer() else { return "" }
        let text = String(cString: buffer)
        vips_error_clear()
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "; ")
    }
}
