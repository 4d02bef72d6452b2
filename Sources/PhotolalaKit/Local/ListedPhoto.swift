/// A photo in a folder listing with the facts a browser sorts and groups by, known without
/// decoding the file: from the folder's catalog, or from `stat` and the EXIF in the file's first
/// bytes when there is none.
///
/// A server holds one of these for every photo of every open folder, so a row is packed into
/// 48 bytes (176 unpacked): the name is not stored when it is the id's tail (a camera file's
/// local id is its name behind a marker), each fact takes the width most photos need, and what
/// few rows have (companions, a Live Photo identifier, a name of its own, a fact too wide for
/// its field) sits in one optional box. A listing of a million camera photos takes 48 MB.
public struct ListedPhoto: Sendable, Equatable {
    private let id: PhotoItem.ID
    /// From the high bits: the date in Unix seconds (40 bits, signed: ±17,000 years;
    /// ``dateUnknown`` or ``dateWide``), the offset in whole minutes east of UTC (16 bits, what
    /// EXIF and QuickTime record; `Int16.min` when unknown, `Int16.max` when in ``extras``, an
    /// offset in seconds as some libraries keep), the kind (1 bit: video), the index of the date
    /// source (3 bits; 7 when unknown), and where the name starts in the id's UTF-8 (4 bits; 15
    /// when the name is in ``extras``).
    private let packedFacts: UInt64
    /// Seconds after the date (after 1970 when there is none); `Int32.min` when unknown,
    /// `Int32.max` when in ``extras``.
    private let packedModified: Int32
    /// Bytes; `UInt32.max` when unknown, ``sizeWide`` when in ``extras``.
    private let packedSize: UInt32
    /// Pixels; 0 when unknown, `UInt16.max` when in ``extras``.
    private let packedWidth: UInt16
    private let packedHeight: UInt16
    /// Milliseconds; `UInt32.max` when unknown.
    private let packedDuration: UInt32
    private var extras: Extras?

    /// The photo: its id, and its name for display.
    public var item: PhotoItem {
        let nameStart = Int(packedFacts & 0xF)
        guard nameStart != Self.nameKept else { return PhotoItem(id: id, displayName: extras?.name ?? "") }
        return PhotoItem(id: id, displayName: nameStart == 0 ? id : String(decoding: id.utf8.dropFirst(nameStart), as: UTF8.self))
    }

    /// The files shown as part of this item, each with its own facts: the RAW of a RAW+JPEG
    /// pair, a Live Photo's movie (see ``FilePairing``); empty for most photos.
    public internal(set) var companions: [ListedPhoto] {
        get { extras?.companions ?? [] }
        set { extras = Extras.make(name: extras?.name, liveIdentifier: extras?.liveIdentifier, companions: newValue, wide: extras?.wide) }
    }
    /// The content identifier of a Live Photo's still or movie, when a read of the file recorded
    /// it: ``FilePairing`` pairs a still and a movie that share one whatever their names.
    public var liveIdentifier: String? { extras?.liveIdentifier }

    /// Unix seconds: when the photo was taken, or when the file was last modified (see
    /// ``dateSource``); a floating clock time (``offset`` `nil`) as if it were UTC.
    public var date: Int64? {
        switch Int64(bitPattern: packedFacts) >> 24 {
        case Self.dateUnknown: nil
        case Self.dateWide: extras?.wide?.date
        case let date: date
        }
    }
    /// Seconds east of UTC of the photo's clock, when the photo records it.
    public var offset: Int? {
        switch Int16(truncatingIfNeeded: packedFacts >> 8) {
        case .min: nil
        case .max: extras?.wide?.offset
        case let minutes: Int(minutes) * 60
        }
    }
    /// Where ``date`` comes from.
    public var dateSource: PhotoDateSource? {
        let index = Int(packedFacts >> 4 & 0x7)
        return Self.dateSources.indices.contains(index) ? Self.dateSources[index] : nil
    }
    public var size: Int64? {
        switch packedSize {
        case .max: nil
        case Self.sizeWide: extras?.wide?.size
        default: Int64(packedSize)
        }
    }
    /// Unix seconds: when the file (or the library's asset) last changed.
    public var modified: Int64? {
        switch packedModified {
        case .min: nil
        case .max: extras?.wide?.modified
        case let seconds: (date ?? 0) + Int64(seconds)
        }
    }
    public var width: Int? { Self.unpack(packedWidth, wide: extras?.wide?.width) }
    public var height: Int? { Self.unpack(packedHeight, wide: extras?.wide?.height) }
    /// A photo or a video.
    public var kind: PhotoKind { packedFacts & 0x80 == 0 ? .photo : .video }
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
        id = item.id
        let packedDate = date.map { $0 > Self.dateWide && $0 <= Self.dateLimit ? $0 : Self.dateWide } ?? Self.dateUnknown
        let packedOffset = offset.map { $0 % 60 == 0 && abs($0 / 60) < Int(Int16.max) ? Int16($0 / 60) : .max } ?? .min
        let video = (kind ?? ImageFormat(name: item.displayName)?.kind) == .video
        let source = dateSource.flatMap { source in Self.dateSources.firstIndex(of: source).map(UInt64.init) } ?? 7
        let nameStart = Self.nameStart(of: item)
        packedFacts =
            UInt64(bitPattern: packedDate << 24) | UInt64(UInt16(bitPattern: packedOffset)) << 8 | (video ? 0x80 : 0) | source << 4
            | UInt64(nameStart ?? Self.nameKept)
        let sinceDate = modified.map { $0.subtractingReportingOverflow(date ?? 0) }
        packedModified =
            sinceDate.map { !$0.overflow && $0.partialValue > Int64(Int32.min) && $0.partialValue < Int64(Int32.max) ? Int32($0.partialValue) : .max }
            ?? .min
        let size = size.map { max(0, $0) }
        packedSize = size.map { $0 < Self.sizeWide ? UInt32($0) : Self.sizeWide } ?? .max
        packedWidth = Self.pack(width)
        packedHeight = Self.pack(height)
        packedDuration = duration.flatMap { $0 >= 0 && $0 < Double(UInt32.max - 1) / 1000 ? UInt32(($0 * 1000).rounded()) : nil } ?? .max
        let wide = Extras.Wide.make(
            date: packedDate == Self.dateWide ? date : nil, modified: packedModified == .max ? modified : nil,
            size: packedSize == Self.sizeWide ? size : nil, width: packedWidth == .max ? width : nil,
            height: packedHeight == .max ? height : nil, offset: packedOffset == .max ? offset : nil)
        extras = Extras.make(name: nameStart == nil ? item.displayName : nil, liveIdentifier: liveIdentifier, companions: companions, wide: wide)
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
        for value in [modified ?? .min, size ?? -1, Int64(Thumbnail.ruleVersion)] {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ UInt64(truncatingIfNeeded: value >> Int64(shift)) & 0xFF) &* 0x100_0000_01b3
            }
        }
        return String(UInt32(truncatingIfNeeded: hash ^ hash >> 32), radix: 36)
    }

    private static let dateSources = PhotoDateSource.allCases
    /// The dates ``packedFacts`` holds: 40 bits, the lowest two saying unknown and in ``extras``.
    private static let dateUnknown: Int64 = -1 << 39
    private static let dateWide = dateUnknown + 1
    private static let dateLimit: Int64 = 1 << 39 - 1
    /// A ``packedSize`` that says the size is in ``extras``: 4 GiB or more (a long video).
    private static let sizeWide = UInt32.max - 1
    /// The name start that says the name is in ``extras``.
    private static let nameKept: UInt8 = 15

    /// A dimension as stored: 0 for unknown, which no image has; `UInt16.max` for one kept in
    /// ``extras`` (a panorama 65,535 pixels or more across).
    private static func pack(_ dimension: Int?) -> UInt16 {
        guard let dimension, dimension > 0 else { return 0 }
        return dimension < Int(UInt16.max) ? UInt16(dimension) : .max
    }

    private static func unpack(_ dimension: UInt16, wide: Int?) -> Int? {
        switch dimension {
        case 0: nil
        case .max: wide
        default: Int(dimension)
        }
    }

    /// Where the item's name starts in its id's UTF-8 (at most 14 bytes in), when the name is
    /// the id's tail and short enough to be made again without allocating (15 bytes, a Swift
    /// string's inline storage); `nil` when the name must be kept.
    private static func nameStart(of item: PhotoItem) -> UInt8? {
        var id = item.id
        var name = item.displayName
        return id.withUTF8 { id in
            name.withUTF8 { name in
                guard name.count <= 15, id.count >= name.count, id.count - name.count < Int(nameKept) else { return nil }
                return UnsafeBufferPointer(rebasing: id[(id.count - name.count)...]).elementsEqual(name) ? UInt8(id.count - name.count) : nil
            }
        }
    }
}

extension ListedPhoto {
    /// What few rows carry beside their packed facts, boxed so the others spend 8 bytes on it.
    fileprivate final class Extras: Sendable, Equatable {
        /// Facts too wide for their packed fields, boxed again: rows with a name of their own (an
        /// Apple Photos asset's, a cloud photo's) or a Live Photo identifier seldom have one.
        final class Wide: Sendable, Equatable {
            let date: Int64?
            let modified: Int64?
            let size: Int64?
            let width: Int?
            let height: Int?
            let offset: Int?

            /// A box, or `nil` when every fact fitted.
            static func make(date: Int64?, modified: Int64?, size: Int64?, width: Int?, height: Int?, offset: Int?) -> Wide? {
                guard date != nil || modified != nil || size != nil || width != nil || height != nil || offset != nil else { return nil }
                return Wide(date: date, modified: modified, size: size, width: width, height: height, offset: offset)
            }

            private init(date: Int64?, modified: Int64?, size: Int64?, width: Int?, height: Int?, offset: Int?) {
                self.date = date
                self.modified = modified
                self.size = size
                self.width = width
                self.height = height
                self.offset = offset
            }

            static func == (left: Wide, right: Wide) -> Bool {
                left.date == right.date && left.modified == right.modified && left.size == right.size && left.width == right.width
                    && left.height == right.height && left.offset == right.offset
            }
        }

        /// The item's name, when it is not the id's tail.
        let name: String?
        let liveIdentifier: String?
        let companions: [ListedPhoto]
        let wide: Wide?

        private init(name: String?, liveIdentifier: String?, companions: [ListedPhoto], wide: Wide?) {
            self.name = name
            self.liveIdentifier = liveIdentifier
            self.companions = companions
            self.wide = wide
        }

        /// A box, or `nil` when there is nothing to keep: rows equal in their facts are equal.
        static func make(name: String?, liveIdentifier: String?, companions: [ListedPhoto], wide: Wide?) -> Extras? {
            guard name != nil || liveIdentifier != nil || !companions.isEmpty || wide != nil else { return nil }
            return Extras(name: name, liveIdentifier: liveIdentifier, companions: companions, wide: wide)
        }

        static func == (left: Extras, right: Extras) -> Bool {
            left === right
                || (left.name == right.name && left.liveIdentifier == right.liveIdentifier && left.companions == right.companions
                    && left.wide == right.wide)
        }
    }
}
