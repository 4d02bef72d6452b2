/// The images a JPEG's Multi-Picture Format index lists (CIPA DC-007), read for the previews
/// cameras append after the primary image.
///
/// Sony, Nikon, Fujifilm, Pentax, Panasonic and other cameras write an APP2 "MPF" segment whose
/// index lists, beside the primary image, a "Large Thumbnail" (VGA or full-HD sized) stored
/// after it in the same file. A grid's thumbnail made from that preview decodes a twentieth of
/// the primary's bytes (exiftool shows it as `PreviewImage`).
///
/// Nothing the file claims is trusted: the index is read by ``TIFFReader`` (the MP header is a
/// TIFF header), at most ``maximumImages`` entries are read, and an image is listed only when its
/// bytes lie inside the file and begin as a JPEG does. Only images typed Large Thumbnail are
/// kept: an image of undefined type can be a depth map or an HDR gain map, of the primary's
/// shape but no picture of the scene.
struct MultiPictureIndex {
    /// A Large Thumbnail: where its JPEG lies in the file, and its stored size.
    struct Preview: Equatable {
        let range: Range<Int>
        let width: Int
        let height: Int
    }

    /// The most index entries read; cameras write two to four.
    static let maximumImages = 32

    let previews: [Preview]

    /// The index whose MP header (its byte-order mark, where the entries' offsets count from)
    /// is at `header` in `bytes`; `nil` when it cannot be read.
    init?(_ bytes: [UInt8], header: Int) {
        guard let reader = TIFFReader(bytes, base: header),
            let index = try? reader.directory(at: reader.firstDirectory),
            let entries = index[MultiPictureTag.entries], let range = reader.range(of: entries)
        else { return nil }
        var previews: [Preview] = []
        for start in stride(from: range.lowerBound, to: range.upperBound - 15, by: 16).prefix(Self.maximumImages) {
            guard let attribute = reader.uint32(at: start), let size = reader.uint32(at: start + 4),
                let offset = reader.uint32(at: start + 8),
                Self.largeThumbnailTypes.contains(attribute & 0x00FF_FFFF), attribute & 0x0700_0000 == 0, offset > 0
            else { continue }
            let first = header + Int(offset)
            guard first < bytes.count, Int(size) <= bytes.count - first else { continue }
            let image = first..<first + Int(size)
            guard let jpeg = JPEGHeader(bytes[image]) else { continue }
            previews.append(Preview(range: image, width: jpeg.width, height: jpeg.height))
        }
        self.previews = previews
    }

    /// The image types of the Large Thumbnail class: VGA and full-HD equivalents.
    private static let largeThumbnailTypes: Set<UInt32> = [0x01_0001, 0x01_0002]
}

/// The tags of the MP Index IFD that Photolala reads (CIPA DC-007, 5.2.3).
enum MultiPictureTag {
    /// The MP entries: 16 bytes an image (attribute, size, offset, two dependent entries).
    static let entries: UInt16 = 0xB002
}
