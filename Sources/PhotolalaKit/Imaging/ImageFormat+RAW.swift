extension ImageFormat {
    /// Whether the format is a camera's RAW file, whose thumbnail and preview come from its
    /// embedded JPEG previews (``RAWContainer``), else from LibRaw (``LibRawDecoder``).
    public var isCameraRAW: Bool {
        Self.cameraRAWFormats.contains(self)
    }

    /// The RAW formats Photolala lists, each named by its usual extension.
    static let cameraRAWFormats: [ImageFormat] = [
        .cr2, .cr3, .crw, .nef, .nrw, .arw, .sr2, .srf, .dng, .raf, .orf, .rw2, .pef, .srw, .threeFR, .iiq, .erf, .mrw, .x3f,
    ]

    /// The file name extensions of camera RAW files, lowercase.
    static let cameraRAWExtensions = Set(cameraRAWFormats.map { $0.rawValue.lowercased() })

    /// Whether the format keeps its image in TIFF directories (so that a file whose bytes only
    /// say "TIFF" may be this format, as its name says).
    var isTIFFBasedRAW: Bool {
        switch self {
        case .cr2, .nef, .nrw, .arw, .sr2, .srf, .dng, .orf, .rw2, .pef, .srw, .threeFR, .iiq, .erf: true
        default: false
        }
    }

    /// How many leading bytes the TIFF-based RAW sniffing reads: IFD0 and the camera's make,
    /// which cameras write near the start.
    static let rawSniffLength = 64 << 10

    static func cameraRAW(fileExtension: String) -> ImageFormat? {
        cameraRAWExtensions.contains(fileExtension) ? ImageFormat(rawValue: fileExtension.uppercased()) : nil
    }

    /// The same format, or the TIFF-based RAW the name's extension says when the bytes only
    /// tell a TIFF family (NRW and NEF, SR2 and ARW, damaged first directories): the extension
    /// is a hint, never a verdict against the bytes.
    func refined(byName name: String) -> ImageFormat {
        guard self == .tiff || isTIFFBasedRAW, let named = ImageFormat(name: name), named.isTIFFBasedRAW else { return self }
        return named
    }

    /// RAW formats told by their first bytes alone: RAF's and CRW's headers, Olympus's and
    /// Panasonic's TIFF magic numbers, CR2's "CR" after the TIFF header, CR3's `crx ` brand,
    /// Minolta's MRW and Sigma's X3F.
    static func cameraRAW(sniffingHead head: [UInt8]) -> ImageFormat? {
        func starts(with prefix: String, at offset: Int = 0) -> Bool {
            let bytes = Array(prefix.utf8)
            return head.count >= offset + bytes.count && Array(head[offset..<offset + bytes.count]) == bytes
        }
        if starts(with: "FUJIFILMCCD-RAW") { return .raf }
        if starts(with: "IIRO") || starts(with: "IIRS") || starts(with: "MMOR") { return .orf }
        if starts(with: "IIU\0") { return .rw2 }
        if starts(with: "II*\0"), starts(with: "CR", at: 8) { return .cr2 }
        if starts(with: "II\u{1A}\0\0\0HEAPCCDR") { return .crw }
        if starts(with: "\0MRM") { return .mrw }
        if starts(with: "FOVb") { return .x3f }
        if starts(with: "ftyp", at: 4), starts(with: "crx ", at: 8) { return .cr3 }
        return nil
    }

    /// The RAW format of a TIFF whose IFD0 says it is one: a DNGVersion tag, or a camera
    /// maker's name in Make with a RAW's layout (SubIFDs, a reduced-resolution IFD0, CFA data
    /// or a maker's compression), so that a TIFF a maker's software exported stays a TIFF;
    /// `nil` for a plain TIFF or a directory beyond `head`.
    static func tiffBasedRAW(_ head: [UInt8]) -> ImageFormat? {
        guard let tiff = TIFFReader(head, base: 0), let directory = try? tiff.directory(at: tiff.firstDirectory) else { return nil }
        if directory[TIFFTag.dngVersion] != nil { return .dng }
        let rawCompressions: Set<Int> = [32767, 32769, 32770, 32867, 34316, 34713, 65000, 65535]
        let rawLayout =
            directory[TIFFTag.subIFDs] != nil || tiff.integer(directory[TIFFTag.newSubfileType]) == 1
            || tiff.integer(directory[TIFFTag.photometric]) == 32803
            || tiff.integer(directory[TIFFTag.compression]).map(rawCompressions.contains) == true
        guard rawLayout, let make = directory[TIFFTag.make].flatMap({ tiff.text($0) })?.uppercased() else { return nil }
        let makers: [(String, ImageFormat)] = [
            ("NIKON", .nef), ("SONY", .arw), ("PENTAX", .pef), ("RICOH", .pef), ("SAMSUNG", .srw), ("HASSELBLAD", .threeFR),
            ("PHASE ONE", .iiq), ("SEIKO EPSON", .erf), ("OLYMPUS", .orf), ("OM DIGITAL", .orf), ("PANASONIC", .rw2),
        ]
        return makers.first { make.hasPrefix($0.0) }?.1
    }
}
