/// A photo in a folder listing with the facts a browser sorts and groups by, known without
/// decoding the file: from the folder's catalog, or from `stat` and the EXIF in the file's first
/// bytes when there is none.
///
/// A server holds one of these for every photo of every open folder, so the optional facts are
/// packed (104 bytes a photo instead of 176): a listing of 100,000 photos stays near 10 MB.
public struct ListedPhoto: Sendable, Equatable {
    public let item: PhotoItem
    private let packedDate: Int64
    private let packedSize: Int64
    private let packedModified: Int64
    private let packedWidth: UInt32
    private let packedHeight: UInt32
    private let packedOffset: Int32
    private let packedDateSource: UInt8
    private let packedKind: UInt8
    /// Milliseconds; `UInt32.max` when unknown.
    private let packedDuration: UInt32
    /// The files shown as part of this item, each with its own facts: the RAW of a RAW+JPEG
    /// pair, a Live Photo's movie (see ``FilePairing``); empty for most photos.
    public internal(set) var companions: [ListedPhoto] = []
    /// The content identifier of a Live Photo's still or movie, when a read of the file recorded
    /// it: ``FilePairing`` pairs a still and a movie that share one whatever their names.
    public let liveIdentifier: String?

    /// Unix seconds: when the photo was taken, or when the file was last modified (see
    /// ``dateSource``); a floating clock time (``offset`` `nil`) as if it were UTC.
    public var date: Int64? { packedDate == .min ? nil : packedDate }
    /// Seconds east of UTC of the photo's clock, when the photo records it.
    public var offset: Int? { packedOffset == .min ? nil : Int(packedOffset) }
    /// Where ``date`` comes from.
    public var dateSource: PhotoDateSource? {
        Self.dateSources.indices.contains(Int(packedDateSource)) ? Self.dateSources[Int(packedDateSource)] : nil
    }
    public var size: Int64? { packedSize < 0 ? nil : packedSize }
    /// Unix seconds: when the file (or the library's asset) last changed.
    public var modified: Int64? { packedModified == .min ? nil : packedModified }
    public var width: Int? { packedWidth == 0 ? nil : Int(packedWidth) }
    public var height: Int? { packedHeight == 0 ? nil : Int(packedHeight) }
    /// A photo or a video.
    public var kind: PhotoKind { packedKind == 1 ? .video : .photo }
    /// A video's length in seconds, when its container was read.
    public var duration: Double? { packedDuration == .max ? nil : Double(packedDuration) / 1000 }
    /// What this row is to the item it is a companion of: a movie is a Live Photo's motion, a
    /// still a RAW beside the photo shown.
    public var companionRole: FilePairing.Role { kind == .video ? .live : .raw }
    /// This row without its companions: the file shown.
    public var alone: ListedPhoto {
        var file = self
        file.companions = []
        return file
    }

    /// The files the item stands for: its own, then its companions'.
    public var files: [ListedPhoto] { [alone] + companions }

    /// - Parameters:
    ///   - item: The photo.
    ///   - date: Unix seconds; when it was taken if known, else when the file was last changed.
    ///   - size: File size in bytes.
    ///   - modified: Unix seconds; when the file last changed, which makes its ``version``.
    ///   - width: Pixels, when known without opening the file.
    ///   - height: Pixels, when known without opening the file.
    ///   - offset: Seconds east of UTC of the photo's clock, when recorded.
    ///   - dateSource: Where `date` comes from.
    ///   - kind: Photo or video; by default what the name's extension says.
    ///   - duration: A video's length in seconds.
    ///   - companions: The files shown as part of this item (see ``FilePairing``).
    ///   - liveIdentifier: A Live Photo's content identifier, when a read of the file found one.
    public init(
        item: PhotoItem, date: Int64?, size: Int64?, modified: Int64? = nil, width: Int? = nil, height: Int? = nil, offset: Int? = nil,
        dateSource: PhotoDateSource? = nil, kind: PhotoKind? = nil, duration: Double? = nil, companions: [ListedPhoto] = [],
        liveIdentifier: String? = nil
    ) {
        self.item = item
        self.liveIdentifier = liveIdentifier
        packedDate = date ?? .min
        packedOffset = offset.flatMap { Int32(exactly: $0) } ?? .min
        packedDateSource = dateSource.flatMap { source in Self.dateSources.firstIndex(of: source).map(UInt8.init) } ?? UInt8.max
        packedSize = size.map { max(0, $0) } ?? -1
        packedModified = modified ?? .min
        packedWidth = Self.pack(width)
        packedHeight = Self.pack(height)
        packedKind = (kind ?? ImageFormat(name: item.displayName)?.kind) == .video ? 1 : 0
        self.companions = companions
        packedDuration = duration.flatMap { $0 >= 0 && $0 < Double(UInt32.max - 1) / 1000 ? UInt32(($0 * 1000).rounded()) : nil } ?? .max
    }

    /// A scanned photo dated by its file time, or by `taken` (read from its EXIF or a video's
    /// container) when given; a video with its `duration` when its container was read.
    init(_ photo: ScannedPhoto, taken: HeaderDate? = nil, duration: Double? = nil, liveIdentifier: String? = nil) {
        self.init(item: photo.item, status: photo.status, taken: taken, duration: duration, liveIdentifier: liveIdentifier)
    }

    /// A file dated by `taken` when given, else by its modification time, with what else its
    /// header said (``LocalPhotoSource/headerFacts(of:)``).
    init(item: PhotoItem, status: FileStatus?, taken: HeaderDate?, duration: Double?, liveIdentifier: String?) {
        let modified = status.map { $0.modifiedNanoseconds / 1_000_000_000 }
        if let taken {
            self.init(
                item: item, date: taken.seconds, size: status?.size, modified: modified, offset: taken.offset, dateSource: .exif,
                duration: duration, liveIdentifier: liveIdentifier)
        } else {
            self.init(
                item: item, date: modified, size: status?.size, modified: modified, dateSource: modified == nil ? nil : .file,
                duration: duration, liveIdentifier: liveIdentifier)
        }
    }

    /// A short token that changes when the file does (its modification time or its size) or the
    /// rule that makes thumbnails does, so a browser can put it in the thumbnail's address and
    /// cache that address for good; `nil` when
    /// neither is known (photos addressed by content, whose thumbnails never change).
    public var version: String? {
        guard modified != nil || size != nil else { return nil }
        // FNV-1a over both numbers, folded to 32 bits: at most 7 characters in base 36.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        // The thumbnail rule's version too: the page's cached thumbnails of an older rule are not used.
        for value in [packedModified, packedSize, Int64(Thumbnail.ruleVersion)] {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ UInt64(truncatingIfNeeded: value >> Int64(shift)) & 0xFF) &* 0x100_0000_01b3
            }
        }
        return String(UInt32(truncatingIfNeeded: hash ^ hash >> 32), radix: 36)
    }

    private static let dateSources = PhotoDateSource.allCases

    /// A dimension as stored: 0 for unknown, which no image has.
    private static func pack(_ dimension: Int?) -> UInt32 {
        guard let dimension, dimension > 0 else { return 0 }
        return UInt32(clamping: dimension)
    }
}
