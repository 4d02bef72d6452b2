/// The one tag Photolala reads from an iPhone's Apple maker note (EXIF MakerNote starting
/// `Apple iOS\0`): tag 17, the content identifier a Live Photo's still shares with its movie's
/// `com.apple.quicktime.content.identifier`. exiftool reads it as `MakerNotes:MediaGroupUUID`
/// (named `ContentIdentifier` before 12.19).
///
/// The note is a TIFF directory at byte 14, after the signature, a version and its byte order
/// (`MM` or `II`); its offsets count from the note's first byte, so it reads the same wherever
/// the EXIF block was moved. It is a camera's bytes (hostile input): one directory, no
/// sub-directories followed, at most ``maximumEntries`` entries, a value only when it lies
/// wholly inside the note, and an identifier only when it is short printable ASCII.
enum AppleMakerNote {
    /// The signature the note starts with.
    static let signature: [UInt8] = Array("Apple iOS\0".utf8)
    /// An iPhone writes about 60 entries; more is a damaged or hostile note.
    static let maximumEntries = 256
    /// The longest identifier taken: a UUID is 36 characters.
    static let maximumIdentifierLength = 64
    private static let contentIdentifierTag: UInt16 = 0x0011
    private static let directoryOffset = 14

    /// The Live Photo content identifier in `note`, the bytes of an EXIF MakerNote; `nil` when
    /// the note is not Apple's, records none, or is damaged.
    static func contentIdentifier(in note: ArraySlice<UInt8>) -> String? {
        let bytes = note.startIndex
        guard note.count >= directoryOffset + 2, note.starts(with: signature) else { return nil }
        let order = (note[bytes + 12], note[bytes + 13])
        let bigEndian: Bool
        switch order {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func uint16(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 2 <= note.count else { return nil }
            let first = Int(note[bytes + offset]), second = Int(note[bytes + offset + 1])
            return bigEndian ? first << 8 | second : second << 8 | first
        }
        func uint32(_ offset: Int) -> Int? {
            guard let high = uint16(bigEndian ? offset : offset + 2), let low = uint16(bigEndian ? offset + 2 : offset) else { return nil }
            return high << 16 | low
        }
        guard let count = uint16(directoryOffset), count <= maximumEntries else { return nil }
        for index in 0..<count {
            let entry = directoryOffset + 2 + index * 12
            guard let tag = uint16(entry), let type = uint16(entry + 2), let length = uint32(entry + 4) else { return nil }
            // Type 2 is ASCII; the identifier is never short enough to be kept in the entry.
            guard tag == contentIdentifierTag else { continue }
            guard type == 2, length > 4, length <= maximumIdentifierLength + 1, let offset = uint32(entry + 8),
                offset + length <= note.count
            else { return nil }
            let text = note[(bytes + offset)..<(bytes + offset + length)].prefix { $0 != 0 }
            guard !text.isEmpty, text.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
            return String(decoding: text, as: UTF8.self)
        }
        return nil
    }
}
