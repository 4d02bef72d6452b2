/// The size and EXIF of a JPEG, read from its markers without libvips.
///
/// Cataloguing reads the header of every photo; walking a JPEG's markers takes microseconds,
/// where opening it through libvips (which also formats every EXIF tag as text) costs far more.
/// Anything unusual returns `nil`, and the caller asks libvips instead.
struct JPEGHeader {
    let width: Int
    let height: Int
    let exif: ExifReader?
    /// The frame's SOF marker: 0xC0–0xC2 for the baseline, extended and progressive JPEGs
    /// libvips decodes, 0xC3 for the lossless JPEG of raw sensor data.
    let frameMarker: UInt8
    /// Where its APP2 "MPF" segment's MP header begins (``MultiPictureIndex``), when it has one.
    let multiPictureHeader: Int?
    /// Where its XMP packet (APP1 `http://ns.adobe.com/xap/1.0/`) and its Photoshop image
    /// resources (APP13 `Photoshop 3.0`, which hold its IPTC) lie, when it has them.
    let xmpPacket: Range<Int>?
    let photoshopResources: Range<Int>?

    private static let xmpSignature = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    private static let photoshopSignature = Array("Photoshop 3.0\0".utf8)

    init?(_ bytes: [UInt8]) {
        self.init(bytes[...])
    }

    /// Reads the header of a JPEG embedded in a larger file (a RAW's preview) without copying it.
    init?(_ bytes: ArraySlice<UInt8>) {
        guard bytes.count > 4, bytes[bytes.startIndex] == 0xFF, bytes[bytes.startIndex + 1] == 0xD8 else { return nil }
        var exif: ExifReader?
        var multiPictureHeader: Int?
        var xmpPacket: Range<Int>?
        var photoshopResources: Range<Int>?
        var index = bytes.startIndex + 2
        while index + 4 <= bytes.endIndex {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2
                continue
            }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let body = index + 4
            guard length >= 2, index + 2 + length <= bytes.endIndex else { return nil }
            switch marker {
            case 0xE1 where exif == nil && length >= 8 && Array(bytes[body..<body + 6]) == Array("Exif\0\0".utf8):
                exif = ExifReader(Array(bytes[body + 6..<index + 2 + length]))
            case 0xE1 where xmpPacket == nil && bytes[body..<index + 2 + length].starts(with: Self.xmpSignature):
                xmpPacket = body + Self.xmpSignature.count..<index + 2 + length
            case 0xED where photoshopResources == nil && bytes[body..<index + 2 + length].starts(with: Self.photoshopSignature):
                photoshopResources = body..<index + 2 + length
            case 0xE2 where multiPictureHeader == nil && length >= 14 && bytes[body..<body + 4].elementsEqual("MPF\0".utf8):
                multiPictureHeader = body + 4
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF:
                guard length >= 7 else { return nil }
                let height = Int(bytes[body + 1]) << 8 | Int(bytes[body + 2])
                let width = Int(bytes[body + 3]) << 8 | Int(bytes[body + 4])
                guard width > 0, height > 0 else { return nil }
                self.width = width
                self.height = height
                self.exif = exif
                self.multiPictureHeader = multiPictureHeader
                self.xmpPacket = xmpPacket
                self.photoshopResources = photoshopResources
                frameMarker = marker
                return
            case 0xDA, 0xD9:
                return nil
            default:
                break
            }
            index += 2 + length
        }
        return nil
    }

    /// EXIF orientation 1–8, 1 when absent or out of range.
    var orientation: Int {
        guard let value = exif?.primary[ExifReader.Tag.orientation]?.number, (1...8).contains(value) else { return 1 }
        return Int(value)
    }
}
