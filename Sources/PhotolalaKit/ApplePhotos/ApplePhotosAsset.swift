public import Foundation

/// One photo or video of an Apple Photos library, as its database describes it.
public struct ApplePhotosAsset: Sendable, Equatable {
    /// Photo or video (`ZKIND`).
    public enum Kind: Int, Sendable {
        case photo = 0
        case video = 1
        case other = -1

        /// The kind `ZKIND` gives; without one (the column missing, or a NULL), a guess from
        /// the type identifier or the file name's extension: a movie type is a video, the rest
        /// photos.
        init(code: Int?, typeIdentifier: String?, filename: String) {
            if let code {
                self = Kind(rawValue: code) ?? .other
                return
            }
            let type = ApplePhotosAsset.originalUTI(resource: nil, originalFilename: filename, assetUTI: typeIdentifier)
            self = type.map(ApplePhotosAsset.movieTypes.contains) == true ? .video : .photo
        }
    }

    /// Burst pick flags (`ZAVALANCHEPICKTYPE`) of the frames All Photos shows: the key frame (16)
    /// and the frames the user selected (8), as osxphotos's `PhotosDB.photos()` keeps them. The
    /// frame Photos picked by default (4) is shown only when it is also the key frame.
    static let burstShownFlags = 0b11000

    /// The asset's identifier; stable across copies of the library, used as the item id.
    public let uuid: String
    /// The name the file had when it was imported, e.g. `IMG_0042.HEIC`.
    public let originalFilename: String
    /// The file's name inside the library (`<uuid>.<ext>`), or a referenced file's own name.
    public let filename: String
    /// `originals/` subfolder (`0`–`F`), or the absolute folder of a referenced file.
    public let directory: String
    public let fileSize: Int64?
    /// When the photo was taken; `nil` when the library holds no plausible date.
    public let creationDate: Date?
    /// Offset from UTC, in seconds, of the place where the photo was taken.
    public let timeZoneOffset: Int?
    /// Time zone name as Photos stores it, e.g. `America/New_York` or `GMT-0400`.
    public let timeZoneName: String?
    /// When the asset was imported into the library.
    public let addedDate: Date?
    /// When Photos last changed the asset (an edit, a favourite, a new date).
    public let modificationDate: Date?
    /// Pixel size as displayed, after orientation.
    public let width: Int?
    public let height: Int?
    /// EXIF orientation of the original, 1 (upright) to 8.
    public let orientation: Int?
    public let kind: Kind
    /// `ZKINDSUBTYPE`: 1 panorama, 2 live photo, 10 screenshot, 101 slow motion, 102 time lapse,
    /// 103 screen recording.
    public let kindSubtype: Int
    /// A video's length in seconds (`ZDURATION`); `nil` for a photo.
    public let duration: Double?
    public let isFavorite: Bool
    /// Hidden in Photos (`ZHIDDEN`): left out of listings unless asked for.
    public let isHidden: Bool
    /// In Recently Deleted (`ZTRASHEDSTATE`): left out of listings unless asked for.
    public let isTrashed: Bool
    /// The burst the asset is a frame of (`ZAVALANCHEUUID`).
    public let burstUUID: String?
    /// `ZAVALANCHEPICKTYPE` bits: 2 not selected, 4 default pick, 8 selected, 16 key frame.
    public let burstPickType: Int
    /// Signed degrees; `nil` when Photos recorded no location (it stores −180).
    public let latitude: Double?
    public let longitude: Double?
    /// Uniform type identifier of the asset as Photos shows it, e.g. `public.heic`: for an
    /// edited photo, the edit's type (10.15 renders every edit as JPEG).
    public let uti: String?
    /// Uniform type identifier of the original file, e.g. `public.heic` for an edited HEIC.
    public let originalUTI: String?
    /// The title given in Photos, if any.
    public let title: String?
    /// Keyword titles, sorted.
    public let keywords: [String]
    /// Edited in Photos: a render in `resources/renders/` shows the edit.
    public let hasAdjustments: Bool
    /// The file stays where it was when imported (`ZSAVEDASSETTYPE` 10); Photolala reports it
    /// as not available, since that path belongs to the Mac it was imported on.
    public let isReference: Bool
    /// Received through a shared album (`ZCLOUDBATCHPUBLISHDATE` is set).
    public let isShared: Bool
    /// Photos records a local copy of the original: a `ZINTERNALRESOURCE` row of the original
    /// (`ZDATASTORESUBTYPE` 1, or 3 for a shared-album photo, as osxphotos reads them) with
    /// `ZLOCALAVAILABILITY` 1.
    public let isOriginalLocal: Bool
    /// Shown by Photos outside the library only, never in All Photos or an album: received in
    /// Messages ("Shared with You", `ZSYNDICATIONIDENTIFIER`) and not saved
    /// (`ZSYNDICATIONHISTORY` 0), or a photo of an iCloud link (`ZMOMENTSHARE`), as osxphotos's
    /// `syndicated`, `saved_to_library` and `shared_moment` tell them.
    public let isOutsideLibrary: Bool
    /// Half of a RAW+JPEG pair: Photos records a RAW resource (`ZINTERNALRESOURCE` with
    /// `ZDATASTORESUBTYPE` 17) beside the JPEG original, whether or not the RAW file is on disk
    /// (osxphotos's `has_raw`).
    public let hasRAW: Bool
    /// The RAW resource's type identifier, e.g. `com.canon.cr2-raw-image`, when the database
    /// tells it: the name a RAW companion is listed under takes its extension from it.
    public let rawTypeIdentifier: String?
    /// The RAW file's size as Photos recorded it (`ZDATALENGTH`), known without the file.
    public let rawFileSize: Int64?
    /// The original is not on this disk: in iCloud only, referenced, or its file is absent.
    public internal(set) var isMissing: Bool
    /// The albums (user and shared) the asset belongs to, by uuid.
    public internal(set) var albumUUIDs: [String]

    /// Internal row id, for joins.
    let primaryKey: Int64
    let additionalAttributesKey: Int64?

    public var isPhoto: Bool { kind == .photo }
    public var isMovie: Bool { kind == .video }
    public var isLivePhoto: Bool { kindSubtype == 2 }
    public var isPanorama: Bool { kindSubtype == 1 }
    public var isScreenshot: Bool { kindSubtype == 10 }
    public var isBurst: Bool { burstUUID != nil }

    /// Whether All Photos shows the asset: a burst shows its key and selected frames only; a
    /// frame with no pick flags at all (0, which Photos writes for single images) is shown.
    public var isShownInBurst: Bool {
        burstUUID == nil || burstPickType == 0 || burstPickType & Self.burstShownFlags != 0
    }

    /// What a list shows as the asset's name.
    public var displayName: String { originalFilename.isEmpty ? filename : originalFilename }

    /// Whether the title, original filename or a keyword contains `text`, ignoring case and
    /// accents; blank text matches every asset.
    public func matches(_ text: String) -> Bool {
        // In NFC as the names are, so "Frítest" typed decomposed or composed finds either.
        let needle = text.trimmingCharacters(in: .whitespaces).precomposedStringWithCanonicalMapping
        guard !needle.isEmpty else { return true }
        func contains(_ value: String?) -> Bool {
            value?.range(of: needle, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        }
        return contains(title) || contains(originalFilename) || keywords.contains(where: contains)
    }
}

extension ApplePhotosAsset {
    /// The original's type: from its resource row where the database names it (10.15 and 11
    /// join `ZINTERNALRESOURCE.ZUNIFORMTYPEIDENTIFIER` to a table of identifiers), else from the
    /// original filename's extension (12 and later store a compact code with no table), else
    /// the asset's own, as osxphotos's `uti_original`.
    static func originalUTI(resource: String?, originalFilename: String, assetUTI: String?) -> String? {
        if let resource { return resource }
        // Found among the bytes: a library's listing asks it of every asset.
        guard let dot = originalFilename.utf8.lastIndex(of: UInt8(ascii: ".")) else { return assetUTI }
        let suffix = originalFilename[originalFilename.utf8.index(after: dot)...]
        guard suffix.utf8.count <= longestExtension, let uti = utiByExtension[suffix.lowercased()] else { return assetUTI }
        return uti
    }

    /// Extensions Photos imports, with the identifiers osxphotos's table gives them.
    private static let utiByExtension: [String: String] = [
        "jpg": "public.jpeg", "jpeg": "public.jpeg", "heic": "public.heic", "heif": "public.heif", "png": "public.png",
        "tif": "public.tiff", "tiff": "public.tiff", "gif": "com.compuserve.gif", "bmp": "com.microsoft.bmp", "webp": "public.webp",
        "psd": "com.adobe.photoshop-image", "dng": "com.adobe.raw-image", "cr2": "com.canon.cr2-raw-image",
        "cr3": "com.canon.cr3-raw-image", "nef": "com.nikon.raw-image", "arw": "com.sony.arw-raw-image", "raf": "com.fuji.raw-image",
        "orf": "com.olympus.raw-image", "rw2": "com.panasonic.rw2-raw-image", "mov": "com.apple.quicktime-movie",
        "mp4": "public.mpeg-4", "m4v": "com.apple.m4v-video", "3gp": "public.3gpp",
    ]

    /// The longest extension ``utiByExtension`` names, in bytes.
    private static let longestExtension = 4

    /// The movie types ``utiByExtension`` names, and the generic one.
    static let movieTypes: Set<String> = ["com.apple.quicktime-movie", "public.mpeg-4", "com.apple.m4v-video", "public.3gpp", "public.movie"]

    /// Whether `name` can be one component of a path inside the library: not empty, `.` or
    /// `..`, without a slash or NUL, and at most 255 bytes. Database values are untrusted: a
    /// uuid or file name of `../../..` would lead out of the library.
    static func isFileName(_ name: String) -> Bool {
        // Bytes, not Foundation's `contains(_:)` of a string, which bridges to NSString: a
        // library's 100,000 assets check three names each.
        !name.isEmpty && name.utf8.count <= 255 && name != "." && name != ".."
            && !name.utf8.contains { $0 == UInt8(ascii: "/") || $0 == 0 }
    }

    /// The farthest a time zone is from UTC, in seconds (UTC+14 is the farthest there is).
    static let largestTimeZoneOffset = 18 * 3_600

    /// A pixel width or height, or `nil` when it is none a photo can have (zero, negative, or
    /// over a million, where sizes multiplied together would overflow).
    static func dimension(_ value: Int?) -> Int? {
        guard let value, (1...1_000_000).contains(value) else { return nil }
        return value
    }

    /// Core Data stores dates as seconds since 2001-01-01 UTC.
    static let coreDataEpoch: TimeInterval = 978_307_200
    /// Values further than this from 2001 (about 317 years) are damage, not dates.
    static let plausibleDateRange: TimeInterval = 10_000_000_000

    /// A Core Data timestamp as a date, or `nil` when it is absent or absurd.
    static func date(coreDataSeconds seconds: Double?) -> Date? {
        guard let seconds, seconds.isFinite, abs(seconds) < plausibleDateRange else { return nil }
        return Date(timeIntervalSince1970: seconds + coreDataEpoch)
    }

    /// A coordinate, or `nil` for Photos's "no location" marker (−180) and impossible values.
    static func coordinate(_ value: Double?, limit: Double) -> Double? {
        guard let value, value != -180, abs(value) <= limit else { return nil }
        return value
    }
}
