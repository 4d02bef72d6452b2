import PhotolalaSupport

/// What a photo's header says (its format, displayed size, orientation, EXIF, XMP and IPTC),
/// read without libvips from the file's first bytes and the few places its structure points
/// at, never its image data: the facts of a folder read for the first time cost what
/// `exiftool -fast2` reads, not a read of every byte (and no MD5, which waits for the photo's
/// thumbnail or backup).
///
/// Read here: JPEG (its markers up to the frame header), HEIF and AVIF (the `meta` box, the
/// primary item's `ispe`, the Exif and XMP items where `iloc` puts them),
/// TIFF-based RAWs (IFD0, the EXIF, GPS and SubIFD directories and the values of their
/// entries) and CR3 (`moov` and the XMP box). Any other format, or a header this reader would
/// have to guess about (no size found, EXIF only in a preview, more than ``maximumLength``
/// bytes of it), gives `nil`, and the caller reads the whole file as it always did.
enum PhotoHeader {
    /// How much of a file is read first: a camera's JPEG header, HEIF `meta` or RAW directories fit.
    static let prefixLength = 128 * 1024
    /// The most read for one photo, all reads together.
    static let maximumLength = 4 << 20
    /// The content type of a HEIF's XMP item.
    private static let xmpContentType = "application/rdf+xml"

    /// The header of the photo at `path`, or `nil` when the whole file must be read for it.
    /// - Throws: ``PhotolalaError/unreadableFile`` when the file cannot be opened or read.
    static func inspection(ofFileAt path: String) throws -> ImageInspection? {
        var file = try HeadOfFile(path: path, prefixLength: prefixLength, budget: maximumLength)
        guard let sniffed = ImageFormat(sniffing: file.bytes) else { return nil }
        let format = sniffed.refined(byName: path)
        switch format {
        case .jpeg: return try jpeg(&file)
        case .heif, .avif: return try heif(&file, format: format)
        case .cr3: return try cr3(&file)
        default:
            guard format.isTIFFBasedRAW else { return nil }
            return try tiffRAW(&file, format: format)
        }
    }

    /// A JPEG's markers up to its frame header, read further while its segments run past what was read.
    private static func jpeg(_ file: inout HeadOfFile) throws -> ImageInspection? {
        while true {
            if let header = JPEGHeader(file.bytes) { return ImageInspection(jpeg: header, in: file.bytes) }
            guard try file.extend(to: file.bytes.count * 2) else { return nil }
        }
    }

    /// A HEIF's primary item: its size (`ispe`, as libvips and exiftool report it, with an
    /// orientation of 1) and its Exif and XMP items.
    private static func heif(_ file: inout HeadOfFile, format: ImageFormat) throws -> ImageInspection? {
        var scan = HEIFItems.scan(file.bytes)
        if case .needs(let end) = scan, try file.reach(end) {
            scan = HEIFItems.scan(file.bytes)
        }
        guard case .found(let items) = scan, let primary = items.primary else { return nil }
        let properties = items.properties(of: primary)
        guard let ispe = properties.first(where: { $0.type == "ispe" }), let body = items.boxes.fullBoxBody(of: ispe),
            let width = items.boxes.uint(at: body.lowerBound, size: 4, within: body),
            let height = items.boxes.uint(at: body.lowerBound + 4, size: 4, within: body), width > 0, height > 0
        else { return nil }
        func item(_ id: UInt64?) throws -> [UInt8]? {
            guard let id, let ranges = items.ranges(of: id) else { return nil }
            var bytes: [UInt8] = []
            for range in ranges {
                guard let part = try file.fetch(range) else { return nil }
                bytes += part
            }
            return bytes
        }
        let exif = try item(items.first(ofType: "Exif")).flatMap(HeaderDate.exifBlock(inHEIFItem:)).map(ExifReader.init)
        return ImageInspection(
            format: format, width: Int(width), height: Int(height), orientation: 1, exif: exif,
            xmpPacket: try item(items.first(ofType: "mime", contentType: xmpContentType)))
    }

    /// A TIFF-based RAW's directories, read as far as they and their values lie.
    private static func tiffRAW(_ file: inout HeadOfFile, format: ImageFormat) throws -> ImageInspection? {
        // Each read may reach directories that point further; a few rounds reach them all.
        var round = 0
        while let end = tiffMetadataEnd(file.bytes), end > file.bytes.count {
            round += 1
            guard round <= 4, try file.reach(end) else { return nil }
        }
        return container(try? RAWContainer(file.bytes, format: format))
    }

    /// A CR3's boxes up to the end of `moov` (its EXIF and sizes), and its XMP box wherever it lies.
    private static func cr3(_ file: inout HeadOfFile) throws -> ImageInspection? {
        guard let boxes = try file.topLevelBoxes(), let moov = boxes.first(where: { $0.type == "moov" }), try file.reach(moov.end) else {
            return nil
        }
        guard var container = try? RAWContainer(file.bytes, format: .cr3) else { return nil }
        if let xmp = boxes.first(where: { $0.extendedType == RAWContainer.xmpUUID }), let packet = try file.fetch(xmp.body) {
            container.setXMPPacket(packet)
        }
        return Self.container(container)
    }

    /// The inspection of a RAW's container read from its header, `nil` when what a whole read
    /// would give is not all there: its size, and EXIF of its own (not only a preview's).
    private static func container(_ container: RAWContainer?) -> ImageInspection? {
        guard let container, let width = container.width, let height = container.height, let exif = container.exif, !exif.exif.isEmpty else {
            return nil
        }
        let swap = container.orientation >= 5
        return ImageInspection(
            format: container.format, width: swap ? height : width, height: swap ? width : height, orientation: container.orientation,
            exif: exif, xmpPacket: container.xmpPacket ?? exif.xmpPacket, iptcBlock: exif.iptcBlock)
    }

    /// How far from its start a TIFF-based file must be read for its metadata: IFD0 and its
    /// chain, the EXIF, GPS and SubIFD directories, and the values of their entries, but not
    /// the image data or MakerNote they point at; `nil` when it has no TIFF header.
    static func tiffMetadataEnd(_ bytes: [UInt8]) -> Int? {
        guard let tiff = TIFFReader(bytes, base: 0) else { return nil }
        // Values not needed for facts, some of them large.
        let skipped: Set<UInt16> = [
            TIFFTag.makerNote, TIFFTag.dngPrivateData, TIFFTag.stripOffsets, TIFFTag.stripByteCounts, TIFFTag.tileOffsets, TIFFTag.tileByteCounts,
        ]
        var end = 8
        var pending = [tiff.firstDirectory]
        var seen: Set<Int> = []
        while let offset = pending.popLast(), seen.count < RAWContainer.maximumDirectories {
            guard offset > 0, seen.insert(offset).inserted else { continue }
            guard let count = tiff.uint16(at: offset) else {
                end = max(end, offset + 2)
                continue
            }
            end = max(end, offset + 2 + Int(count) * 12 + 4)
            guard let directory = try? tiff.directory(at: offset) else { continue }
            for (tag, entry) in directory.entries where !skipped.contains(tag) {
                if let length = entry.length, entry.position >= 0 { end = max(end, entry.position + length) }
            }
            for pointer in [ExifReader.Tag.exifPointer, ExifReader.Tag.gpsPointer] {
                if let next = tiff.integer(directory[pointer]) { pending.append(next) }
            }
            if let subIFDs = directory[TIFFTag.subIFDs] { pending += tiff.integers(subIFDs, limit: 16) }
            if directory.next > 0 { pending.append(directory.next) }
        }
        return end
    }
}
