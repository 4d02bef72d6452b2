/// An image format Photolala reads, recognised by the file's first bytes rather than its name.
///
/// The raw value is the name used in catalogs and in the backup's `Format` tag.
public enum ImageFormat: String, Sendable, Codable {
    case jpeg = "JPEG"
    case png = "PNG"
    case heif = "HEIF"
    case avif = "AVIF"
    case tiff = "TIFF"
    case gif = "GIF"
    case webp = "WEBP"
    case bmp = "BMP"
    // Videos (ImageFormat+Video.swift): listed, catalogued and backed up as photos are.
    case mov = "MOV"
    case mp4 = "MP4"
    case m4v = "M4V"
    case threeGPP = "3GP"
    case avi = "AVI"
    case matroska = "MKV"
    case webm = "WEBM"
    // Camera RAW (ImageFormat+RAW.swift): thumbnails from their embedded JPEG previews.
    case cr2 = "CR2"
    case cr3 = "CR3"
    case crw = "CRW"
    case nef = "NEF"
    case nrw = "NRW"
    case arw = "ARW"
    case sr2 = "SR2"
    case srf = "SRF"
    case dng = "DNG"
    case raf = "RAF"
    case orf = "ORF"
    case rw2 = "RW2"
    case pef = "PEF"
    case srw = "SRW"
    case threeFR = "3FR"
    case iiq = "IIQ"
    case erf = "ERF"
    case mrw = "MRW"
    case x3f = "X3F"

    /// File name extensions, lowercase, that the scanner treats as photos.
    static let photoExtensions: Set<String> = Set([
        "jpg", "jpeg", "jpe", "png", "heic", "heif", "hif", "avif", "tif", "tiff", "gif", "webp", "bmp",
    ]).union(videoExtensions).union(cameraRAWExtensions)

    /// The format a file's name says it has, for bytes too damaged to say it themselves;
    /// `nil` when the extension is no photo's.
    init?(fileExtension: String) {
        let fileExtension = fileExtension.lowercased()
        switch fileExtension {
        case "jpg", "jpeg", "jpe": self = .jpeg
        case "png": self = .png
        case "heic", "heif", "hif": self = .heif
        case "avif": self = .avif
        case "tif", "tiff": self = .tiff
        case "gif": self = .gif
        case "webp": self = .webp
        case "bmp": self = .bmp
        default:
            if let video = Self(videoExtension: fileExtension) {
                self = video
            } else if let raw = Self.cameraRAW(fileExtension: fileExtension) {
                self = raw
            } else {
                return nil
            }
        }
    }

    /// The format of a file to back up: what its first bytes say, else what its name says;
    /// `nil` when neither is a photo's (a README, notes).
    init?(sniffing head: some Collection<UInt8>, orName name: String) {
        guard let format = ImageFormat(sniffing: head) ?? ImageFormat(name: name) else { return nil }
        self = format.refined(byName: name)
    }

    /// The format a file's name (or path) says it has; `nil` when its extension is no photo's.
    /// A name that says a photo is enough to back the file up, so this spares reading it.
    public init?(name: String) {
        // Among the bytes, allocating nothing: a catalogued listing asks this of each of its
        // rows, 100,000 for a big folder.
        var name = name
        let format = name.withUTF8 { bytes -> ImageFormat? in
            guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), let key = Self.extensionKey(bytes[(dot + 1)...]) else { return nil }
            return Self.formatsByExtensionKey[key]
        }
        guard let format else { return nil }
        self = format
    }

    /// No extension Photolala reads is longer (`jpeg`, `webm`); longer ones are no photo's.
    private static let longestExtension = 4

    /// A file name extension's bytes in lowercase, packed into an integer byte by byte: the key
    /// of ``formatsByExtensionKey``; `nil` when it is empty or longer than any photo's.
    static func extensionKey(_ fileExtension: some Collection<UInt8>) -> UInt32? {
        guard !fileExtension.isEmpty, fileExtension.count <= longestExtension else { return nil }
        return fileExtension.reduce(UInt32(0)) { key, byte in key << 8 | UInt32(byte >= 65 && byte <= 90 ? byte + 32 : byte) }
    }

    /// The format of each of ``photoExtensions``, by ``extensionKey(_:)``.
    static let formatsByExtensionKey: [UInt32: ImageFormat] = Dictionary(
        uniqueKeysWithValues: photoExtensions.compactMap { name in
            extensionKey(name.utf8).flatMap { key in ImageFormat(fileExtension: name).map { (key, $0) } }
        })

    /// How many leading bytes ``init(sniffing:)`` needs to decide.
    static let sniffLength = 64

    /// Recognises a format from the first bytes of a file; `nil` when they are no image Photolala reads.
    init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(Self.sniffLength))
        func starts(with prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        if starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if let raw = Self.cameraRAW(sniffingHead: head) {
            self = raw
        } else if starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(with: Array("GIF87a".utf8)) || starts(with: Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(with: Array("RIFF".utf8)) && starts(with: Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(with: [0x49, 0x49, 0x2A, 0x00]) || starts(with: [0x4D, 0x4D, 0x00, 0x2A])
            || starts(with: [0x49, 0x49, 0x2B, 0x00]) || starts(with: [0x4D, 0x4D, 0x00, 0x2B])
        {
            // A whole file in memory is read where its IFD0 lies; a head, as far as it goes.
            self = Self.tiffBasedRAW((bytes as? [UInt8]) ?? Array(bytes.prefix(Self.rawSniffLength))) ?? .tiff
        } else if starts(with: Array("BM".utf8)) && head.count >= 18 {
            self = .bmp
        } else if starts(with: Array("ftyp".utf8), at: 4), let brand = Self.isobmffImageBrand(head) {
            self = brand
        } else if let video = Self.videoFormat(sniffing: head) {
            self = video
        } else {
            return nil
        }
    }

    /// Reads the major and compatible brands of an ISO-BMFF `ftyp` box.
    private static func isobmffImageBrand(_ head: [UInt8]) -> ImageFormat? {
        let boxSize = head.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let end = min(head.count, max(boxSize, 16))
        var brands: [String] = []
        for offset in stride(from: 8, to: end - 3, by: 4) where offset != 12 {
            brands.append(String(decoding: head[offset..<offset + 4], as: UTF8.self))
        }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return .avif }
        let heifBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]
        return brands.contains(where: heifBrands.contains) ? .heif : nil
    }
}
