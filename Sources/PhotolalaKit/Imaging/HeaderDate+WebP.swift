/// The EXIF of a WebP: the `EXIF` chunk of an extended file (RIFF, the WebP container
/// specification), which follows the image data, so it is found by walking the chunk headers and
/// reading only those and the chunk itself.
extension HeaderDate {
    /// The most chunks walked: an extended WebP has `VP8X`, perhaps `ICCP` and `ANIM` and `ALPH`,
    /// the image, then `EXIF` and `XMP `; an animation has one `ANMF` a frame, and is not read past this.
    private static let webPChunkLimit = 16

    /// The body of a WebP's `EXIF` chunk; `read` gives the bytes of a range of the file, or `nil`
    /// when they cannot be had.
    static func exifBlock(inWebP bytes: [UInt8], reading read: (Range<Int>) -> [UInt8]?) -> [UInt8]? {
        guard bytes.count >= 30, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<16].elementsEqual("WEBPVP8X".utf8),
            bytes[20] & 0x08 != 0  // the VP8X flag saying an EXIF chunk follows
        else { return nil }
        let riffEnd = 8 + littleEndian32(bytes[4..<8])
        var position = 12
        for _ in 0..<webPChunkLimit {
            guard position <= riffEnd - 8, let header = read(position..<position + 8), header.count == 8 else { return nil }
            let size = littleEndian32(header[4..<8])
            let body = position + 8
            guard size <= riffEnd - body else { return nil }
            if header[0..<4].elementsEqual("EXIF".utf8) {
                guard size <= maximumLength - prefixLength else { return nil }
                return read(body..<body + size)
            }
            position = body + size + size % 2  // chunks are padded to an even length
        }
        return nil
    }

    private static func littleEndian32(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
