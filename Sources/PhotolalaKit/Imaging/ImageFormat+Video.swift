extension PhotoKind {
    /// What a file's name says it is: a video's extension, else a photo.
    public init(fileName: String) {
        self = ImageFormat(name: fileName)?.kind ?? .photo
    }
}

/// The video containers phones and cameras write, recognised by their bytes as photos are: the
/// QuickTime family (ISO-BMFF `ftyp` brands, or an old QuickTime file's first atom), RIFF AVI and
/// EBML (Matroska, WebM).
extension ImageFormat {
    /// Whether the format is a video's.
    public var kind: PhotoKind {
        switch self {
        case .mov, .mp4, .m4v, .threeGPP, .avi, .matroska, .webm: .video
        default: .photo
        }
    }

    /// The length in seconds of the video at `path`, named by its extension, from its
    /// container; `nil` when it has none this reads.
    public static func videoDuration(ofFileAt path: String) -> Double? {
        ImageFormat(name: path).flatMap { VideoHeader.read(listedAt: path, named: $0) }?.duration
    }

    /// Whether the container is ISO-BMFF (QuickTime, MP4 and their kin), which
    /// ``QuickTimeMovieReader`` reads.
    var isQuickTimeFamily: Bool {
        switch self {
        case .mov, .mp4, .m4v, .threeGPP: true
        default: false
        }
    }

    /// File name extensions, lowercase, of videos.
    static let videoExtensions: Set<String> = ["mov", "qt", "mp4", "m4v", "3gp", "3g2", "avi", "mkv", "webm"]

    /// The video format a lowercase extension names.
    init?(videoExtension: String) {
        switch videoExtension {
        case "mov", "qt": self = .mov
        case "mp4": self = .mp4
        case "m4v": self = .m4v
        case "3gp", "3g2": self = .threeGPP
        case "avi": self = .avi
        case "mkv": self = .matroska
        case "webm": self = .webm
        default: return nil
        }
    }

    /// The video container a file's first bytes name; `nil` for anything else. An `ftyp` whose
    /// brands are an image's (HEIF, AVIF) or a camera RAW's (Canon's `crx `) is no video.
    static func videoFormat(sniffing head: [UInt8]) -> ImageFormat? {
        func text(_ range: Range<Int>) -> String? {
            head.count >= range.upperBound ? String(decoding: head[range], as: UTF8.self) : nil
        }
        if text(0..<4) == "RIFF", text(8..<12) == "AVI " { return .avi }
        if head.starts(with: [0x1A, 0x45, 0xDF, 0xA3]) { return matroskaFormat(head) }
        guard let atom = text(4..<8) else { return nil }
        switch atom {
        case "ftyp": return isobmffVideoBrand(head)
        // A QuickTime file from before `ftyp` starts with its movie, its media data or padding.
        case "moov", "mdat", "wide", "pnot": return .mov
        default: return nil
        }
    }

    /// The video an `ftyp` box's major brand (else its compatible brands) names.
    private static func isobmffVideoBrand(_ head: [UInt8]) -> ImageFormat? {
        guard head.count >= 12 else { return nil }
        let boxSize = head.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        let end = min(head.count, max(boxSize, 12))
        let major = String(decoding: head[8..<12], as: UTF8.self)
        var compatible: [String] = []
        for offset in stride(from: 16, to: end - 3, by: 4) {
            compatible.append(String(decoding: head[offset..<offset + 4], as: UTF8.self))
        }
        // Audio-only and still-image brands, and camera RAW in an ISO-BMFF box, are not videos.
        let notVideo: Set<String> = ["M4A ", "M4B ", "M4P ", "crx ", "mif1", "msf1", "heic", "heix", "avif", "avis", "jp2 ", "jpx "]
        if notVideo.contains(major) { return nil }
        if let format = videoBrand(major) { return format }
        return compatible.lazy.compactMap(videoBrand).first
    }

    private static func videoBrand(_ brand: String) -> ImageFormat? {
        if brand == "qt  " { return .mov }
        if brand.hasPrefix("M4V") { return .m4v }
        if brand.hasPrefix("3gp") || brand.hasPrefix("3g2") || brand.hasPrefix("3ge") || brand.hasPrefix("3gg") { return .threeGPP }
        let mp4: Set<String> = ["isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "dash", "MSNV", "XAVC", "mmp4", "f4v "]
        return mp4.contains(brand) ? .mp4 : nil
    }

    /// Matroska or WebM, from the EBML header's `DocType` element (ID 0x4282) when the first
    /// bytes hold it, else Matroska.
    private static func matroskaFormat(_ head: [UInt8]) -> ImageFormat {
        let docType: [UInt8] = [0x42, 0x82]
        guard let start = head.indices.dropLast().first(where: { head[$0] == docType[0] && head[$0 + 1] == docType[1] }),
            start + 3 < head.count
        else { return .matroska }
        let length = Int(head[start + 2] & 0x7F)
        let valueStart = start + 3
        guard head[start + 2] & 0x80 != 0, valueStart + length <= head.count else { return .matroska }
        return String(decoding: head[valueStart..<valueStart + length], as: UTF8.self) == "webm" ? .webm : .matroska
    }
}
