extension RAWContainer {
    /// Walks a TIFF-based RAW: IFD0 and its chain, SubIFDs, the EXIF directory and its
    /// MakerNote, collecting JPEG and JPEG XL previews, the orientation, the EXIF and the raw image's size.
    mutating func readTIFF(_ bytes: [UInt8]) throws(Damage) {
        guard let tiff = TIFFReader(bytes, base: 0) else { throw Damage("it has no TIFF header") }
        let ifd0 = try tiff.directory(at: tiff.firstDirectory)
        var walk = Walk()
        walk.visited.insert(tiff.firstDirectory)
        setOrientation(tiff.integer(ifd0[TIFFTag.orientation]))
        setExif(ExifReader(bytes))

        var directory: TIFFReader.Directory? = ifd0
        var isFirst = true
        while let current = directory, walk.count < Self.maximumDirectories {
            walk.count += 1
            visit(current, in: tiff, isFirst: isFirst, depth: 0, walk: &walk)
            isFirst = false
            guard current.next > 0, walk.visited.insert(current.next).inserted else { break }
            directory = try? tiff.directory(at: current.next)
        }
        if let exifOffset = tiff.integer(ifd0[TIFFTag.exifIFD]), walk.visited.insert(exifOffset).inserted,
            let exifDirectory = try? tiff.directory(at: exifOffset)
        {
            if format == .cr2 {
                // exiftool sizes a CR2 by its EXIF image size: its raw IFD has no usual size tags.
                setSize(
                    width: tiff.integer(exifDirectory[TIFFTag.exifImageWidth]), height: tiff.integer(exifDirectory[TIFFTag.exifImageHeight]))
            }
            if let note = exifDirectory[TIFFTag.makerNote], let range = tiff.range(of: note) {
                readMakerNote(range, in: tiff, walk: &walk)
            }
        }
        if let privateData = ifd0[TIFFTag.dngPrivateData], let data = tiff.range(of: privateData),
            let note = Self.convertedNikonMakerNote(in: data, of: bytes)
        {
            readMakerNote(note, in: tiff, walk: &walk)
        }
        if format == .rw2 {
            // exiftool's RW2 ImageWidth/Height are the sensor's borders apart.
            let top = tiff.integer(ifd0[TIFFTag.panasonicSensorTopBorder]) ?? 0
            let left = tiff.integer(ifd0[TIFFTag.panasonicSensorLeftBorder]) ?? 0
            if let bottom = tiff.integer(ifd0[TIFFTag.panasonicSensorBottomBorder]),
                let right = tiff.integer(ifd0[TIFFTag.panasonicSensorRightBorder])
            {
                setSize(width: right - left, height: bottom - top)
            }
        }
    }

    /// The Nikon MakerNote a DNG converter kept from the NEF in DNGPrivateData: `Adobe\0`,
    /// `MakN`, the big-endian length of what follows, the note's byte order and its offset in
    /// the original file, then the note (DNG Specification, DNGPrivateData; exiftool's MakN),
    /// whose PreviewIFD holds the camera's 640 × 424 preview (a Z 9's high-efficiency raw data,
    /// JPEG XL in the DNG, has no other one LibRaw or libvips reads). Only Nikon's: its offsets
    /// are its own TIFF header's, where other makers' count from the original file's start.
    private static func convertedNikonMakerNote(in data: Range<Int>, of bytes: [UInt8]) -> Range<Int>? {
        let signature = Array("Adobe\0MakN".utf8)
        let header = signature.count + 4 + 2 + 4
        guard data.count > header, bytes[data].starts(with: signature) else { return nil }
        let lengthAt = data.lowerBound + signature.count
        let length = bytes[lengthAt..<lengthAt + 4].reduce(0) { $0 << 8 | Int($1) }
        let note = data.lowerBound + header..<min(data.upperBound, lengthAt + 4 + length)
        guard note.count > 10, bytes[note].starts(with: Array("Nikon\0".utf8)) else { return nil }
        return note
    }

    /// What a walk has seen: directory offsets (so a loop ends) and how many were read.
    struct Walk {
        var visited: Set<Int> = []
        var count = 0
        /// The largest full-resolution image met: a directory with NewSubfileType 0.
        var mainPixels = 0
    }

    /// Reads one directory's previews and size, then its SubIFDs.
    private mutating func visit(_ directory: TIFFReader.Directory, in tiff: TIFFReader, isFirst: Bool, depth: Int, walk: inout Walk) {
        let bytes = tiff.bytes
        if let offset = tiff.integer(directory[TIFFTag.jpegInterchangeFormat]),
            let length = tiff.integer(directory[TIFFTag.jpegInterchangeFormatLength])
        {
            addPreview(offset: offset, length: length, base: tiff.base, in: bytes)
        }
        let compression = tiff.integer(directory[TIFFTag.compression])
        if compression == 6 || compression == 7, let range = Self.wholeImageSegment(of: directory, in: tiff) {
            addPreview(range, in: bytes)
        }
        if let jpeg = directory[TIFFTag.panasonicJpgFromRaw], let range = tiff.range(of: jpeg) {
            addPreview(range, in: bytes)
        }
        let subfileType = tiff.integer(directory[TIFFTag.newSubfileType])
        if compression == TIFFTag.jpegXLCompression, subfileType == 1, let range = Self.wholeImageSegment(of: directory, in: tiff),
            let width = tiff.integer(directory[TIFFTag.imageWidth]), let height = tiff.integer(directory[TIFFTag.imageLength])
        {
            addJPEGXLPreview(range, width: width, height: height, in: bytes)
        }
        if subfileType == 0 || (isFirst && subfileType == nil),
            let width = tiff.integer(directory[TIFFTag.imageWidth]), let height = tiff.integer(directory[TIFFTag.imageLength]),
            case let pixels = width.multipliedReportingOverflow(by: height), !pixels.overflow, pixels.partialValue > walk.mainPixels
        {
            walk.mainPixels = pixels.partialValue
            setSize(width: width, height: height)
        }
        guard depth < Self.maximumDepth, let subIFDs = directory[TIFFTag.subIFDs] else { return }
        for offset in tiff.integers(subIFDs, limit: 16) where walk.count < Self.maximumDirectories {
            guard walk.visited.insert(offset).inserted, let sub = try? tiff.directory(at: offset) else { continue }
            walk.count += 1
            visit(sub, in: tiff, isFirst: false, depth: depth + 1, walk: &walk)
        }
    }

    /// The bytes of a directory's image when they are one piece: a single strip, or a single
    /// tile the size of the image (a JPEG XL preview made of several tiles is not put together).
    private static func wholeImageSegment(of directory: TIFFReader.Directory, in tiff: TIFFReader) -> Range<Int>? {
        let (offsets, counts): (UInt16, UInt16)
        if directory[TIFFTag.tileOffsets] != nil {
            guard tiff.integer(directory[TIFFTag.tileWidth]) == tiff.integer(directory[TIFFTag.imageWidth]),
                tiff.integer(directory[TIFFTag.tileLength]) == tiff.integer(directory[TIFFTag.imageLength])
            else { return nil }
            (offsets, counts) = (TIFFTag.tileOffsets, TIFFTag.tileByteCounts)
        } else {
            (offsets, counts) = (TIFFTag.stripOffsets, TIFFTag.stripByteCounts)
        }
        guard let offsetEntry = directory[offsets], offsetEntry.count == 1, let offset = tiff.integer(offsetEntry),
            let length = tiff.integer(directory[counts]), offset > 0, length > 0
        else { return nil }
        let start = tiff.base + offset
        guard start >= 0, start <= tiff.bytes.count - length else { return nil }
        return start..<start + length
    }

    // MARK: - MakerNotes

    /// Follows the preview pointers of the MakerNotes that keep one: Nikon's PreviewIFD,
    /// Olympus's CameraSettings, Pentax's PreviewImageStart and Sony's PreviewImage.
    private mutating func readMakerNote(_ range: Range<Int>, in tiff: TIFFReader, walk: inout Walk) {
        let bytes = tiff.bytes
        func starts(with text: String) -> Bool {
            let prefix = Array(text.utf8)
            return range.count >= prefix.count + 8 && bytes[range.lowerBound..<range.lowerBound + prefix.count].elementsEqual(prefix)
        }
        func littleEndian(at offset: Int) -> Bool? {
            guard offset + 1 < range.upperBound else { return nil }
            switch (bytes[offset], bytes[offset + 1]) {
            case (0x49, 0x49): return true
            case (0x4D, 0x4D): return false
            default: return nil
            }
        }
        let start = range.lowerBound
        if starts(with: "Nikon\0"), let note = TIFFReader(bytes, base: start + 10) {
            // PreviewIFD (0x0011) points at a directory with JPEGInterchangeFormat, from the note's own header.
            readMakerDirectory(note, at: note.firstDirectory, walk: &walk) { container, directory, walk in
                guard let offset = note.integer(directory[0x0011]), walk.visited.insert(note.base + offset).inserted,
                    let preview = try? note.directory(at: offset)
                else { return }
                walk.count += 1
                container.visit(preview, in: note, isFirst: false, depth: Self.maximumDepth, walk: &walk)
            }
        } else if starts(with: "OLYMPUS\0") || starts(with: "OM SYSTEM\0"), let order = littleEndian(at: start + (starts(with: "OLYMPUS\0") ? 8 : 12))
        {
            let note = TIFFReader(bytes, base: start, littleEndian: order, firstDirectory: starts(with: "OLYMPUS\0") ? 12 : 16)
            readOlympusCameraSettings(note, walk: &walk)
        } else if starts(with: "OLYMP\0") {
            let note = TIFFReader(bytes, base: tiff.base, littleEndian: tiff.littleEndian, firstDirectory: start + 8 - tiff.base)
            readOlympusCameraSettings(note, walk: &walk)
        } else if starts(with: "AOC\0"), let order = littleEndian(at: start + 4) {
            // Pentax: offsets from the file's TIFF header.
            let note = TIFFReader(bytes, base: tiff.base, littleEndian: order, firstDirectory: start + 6 - tiff.base)
            readPentaxPreview(note, walk: &walk)
        } else if starts(with: "PENTAX \0"), let order = littleEndian(at: start + 8) {
            let note = TIFFReader(bytes, base: start, littleEndian: order, firstDirectory: 10)
            readPentaxPreview(note, walk: &walk)
        } else if starts(with: "SONY DSC \0\0\0") {
            let note = TIFFReader(bytes, base: tiff.base, littleEndian: tiff.littleEndian, firstDirectory: start + 12 - tiff.base)
            readMakerDirectory(note, at: note.firstDirectory, walk: &walk) { container, directory, walk in
                if let preview = directory[0x2001], let range = note.range(of: preview) {
                    container.addPreview(range, in: bytes)
                }
            }
        }
    }

    /// Olympus CameraSettings (0x2020, a sub-directory): PreviewImageStart (0x0101) and Length (0x0102).
    private mutating func readOlympusCameraSettings(_ note: TIFFReader, walk: inout Walk) {
        readMakerDirectory(note, at: note.firstDirectory, walk: &walk) { container, directory, walk in
            guard let offset = note.integer(directory[0x2020]), walk.visited.insert(note.base + offset).inserted,
                walk.count < Self.maximumDirectories, let settings = try? note.directory(at: offset)
            else { return }
            walk.count += 1
            if let start = note.integer(settings[0x0101]), let length = note.integer(settings[0x0102]) {
                container.addPreview(offset: start, length: length, base: note.base, in: note.bytes)
            }
        }
    }

    /// Pentax PreviewImageStart (0x0005) and PreviewImageLength (0x0004).
    private mutating func readPentaxPreview(_ note: TIFFReader, walk: inout Walk) {
        readMakerDirectory(note, at: note.firstDirectory, walk: &walk) { container, directory, walk in
            if let start = note.integer(directory[0x0005]), let length = note.integer(directory[0x0004]) {
                container.addPreview(offset: start, length: length, base: note.base, in: note.bytes)
            }
        }
    }

    /// Reads a MakerNote's first directory, within the walk's budget, and hands it to `read`.
    private mutating func readMakerDirectory(
        _ note: TIFFReader, at offset: Int, walk: inout Walk, read: (inout RAWContainer, TIFFReader.Directory, inout Walk) -> Void
    ) {
        guard walk.count < Self.maximumDirectories, walk.visited.insert(note.base + offset).inserted,
            let directory = try? note.directory(at: offset)
        else { return }
        walk.count += 1
        read(&self, directory, &walk)
    }
}
