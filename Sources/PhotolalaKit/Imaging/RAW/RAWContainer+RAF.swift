extension RAWContainer {
    /// The most records read from a RAF's directory; cameras write about 20.
    static let maximumRAFRecords = 256

    /// Reads a Fujifilm RAF: its header gives the embedded JPEG's offset and length (at bytes
    /// 84 and 88, big-endian) and its directory's (92 and 96), whose RawImageCroppedSize
    /// (0x111, else RawImageFullSize 0x100; height then width) is the size exiftool reports.
    /// The EXIF and orientation are the embedded JPEG's: a RAF keeps no other.
    mutating func readRAF(_ bytes: [UInt8]) throws(Damage) {
        func uint32(at offset: Int) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            return bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        func uint16(at offset: Int) -> Int {
            bytes[offset..<offset + 2].reduce(0) { $0 << 8 | Int($1) }
        }
        guard let jpegOffset = uint32(at: 84), let jpegLength = uint32(at: 88) else {
            throw Damage("its RAF header is cut short at \(bytes.count) bytes")
        }
        addPreview(offset: jpegOffset, length: jpegLength, base: 0, in: bytes)
        guard let directory = uint32(at: 92), let count = uint32(at: directory) else { return }
        var sizes: [Int: (width: Int, height: Int)] = [:]
        var position = directory + 4
        for _ in 0..<min(count, Self.maximumRAFRecords) {
            guard position + 4 <= bytes.count else { break }
            let tag = uint16(at: position), length = uint16(at: position + 2)
            let value = position + 4
            guard length <= bytes.count - value else { break }
            if (tag == 0x100 || tag == 0x111) && length == 4 {
                sizes[tag] = (uint16(at: value + 2), uint16(at: value))
            }
            position = value + length
        }
        if let size = sizes[0x111] ?? sizes[0x100] {
            setSize(width: size.width, height: size.height)
        }
    }
}
