/// A file Photos keeps with an asset and Photolala shows as part of its item, as a folder's
/// ``FilePairing`` does: the RAW of a RAW+JPEG pair (``ApplePhotosAsset/hasRAW``) and a Live
/// Photo's movie (``ApplePhotosAsset/isLivePhoto``). The database records both, so a companion is
/// listed whether or not its file is on this disk; asking for a file that is not gives
/// ``PhotolalaError/notAvailableLocally``.
///
/// Its item id is the asset's uuid, `~` and the role (`<uuid>~raw`, `<uuid>~live`): stable
/// across listings and copies of the library, and never an asset's own id, since an asset whose
/// uuid reads as one is not listed (Photos's uuids have no `~`).
public struct ApplePhotosCompanion: Sendable, Equatable {
    public let assetUUID: String
    public let role: FilePairing.Role

    init(assetUUID: String, role: FilePairing.Role) {
        self.assetUUID = assetUUID
        self.role = role
    }

    /// The companion an item id names, or `nil` for an id that is not a companion's. Looks at
    /// bytes: every asset of a listing is checked.
    public init?(id: String) {
        guard let separator = id.utf8.lastIndex(of: UInt8(ascii: "~")), separator > id.utf8.startIndex,
            let role = FilePairing.Role(rawValue: String(id[id.utf8.index(after: separator)...]))
        else { return nil }
        self.init(assetUUID: String(id[..<separator]), role: role)
    }

    public var id: String { assetUUID + "~" + role.rawValue }

    /// The files the database records with `asset`, in the order the item lists them: the RAW,
    /// then the movie. Only a photo has them.
    public static func companions(of asset: ApplePhotosAsset) -> [ApplePhotosCompanion] {
        // Most assets have neither: nothing is allocated for them.
        guard asset.isPhoto, asset.hasRAW || asset.isLivePhoto else { return [] }
        let roles: [FilePairing.Role?] = [asset.hasRAW ? .raw : nil, asset.isLivePhoto ? .live : nil]
        return roles.compactMap { $0.map { ApplePhotosCompanion(assetUUID: asset.uuid, role: $0) } }
    }

    /// The name Photos exports the file under: the original filename's base name with the RAW's
    /// extension (from its type; `RAW` when the database does not tell it) or `.MOV`, so
    /// `IMG_1994.JPG` has `IMG_1994.CR2` and `IMG_0042.HEIC` has `IMG_0042.MOV`.
    public func name(of asset: ApplePhotosAsset) -> String {
        let base = String(FilePairing.baseName(of: asset.displayName))
        switch role {
        case .raw: return base + "." + (asset.rawTypeIdentifier.flatMap { Self.rawExtensions[$0] } ?? "RAW")
        case .live: return base + ".MOV"
        }
    }

    /// The companion as a row of its item's listing: a RAW is a photo with the size Photos
    /// recorded, the movie a video of `movieSize` (its file's: the database's resource rows
    /// for the movie are not read); both dated and versioned as their asset.
    func listedPhoto(of asset: ApplePhotosAsset, date: Int64?, modified: Int64?, movieSize: Int64?) -> ListedPhoto {
        ListedPhoto(
            item: PhotoItem(id: id, displayName: name(of: asset)), date: date, size: role == .raw ? asset.rawFileSize : movieSize, modified: modified,
            offset: asset.timeZoneOffset, dateSource: asset.creationDate == nil ? nil : .photos, kind: role == .live ? .video : .photo)
    }

    /// Extensions of the camera RAW types Photos imports, by type identifier, as cameras write
    /// them (upper case).
    static let rawExtensions: [String: String] = [
        "com.adobe.raw-image": "DNG", "com.canon.crw-raw-image": "CRW", "com.canon.cr2-raw-image": "CR2", "com.canon.cr3-raw-image": "CR3",
        "com.nikon.raw-image": "NEF", "com.nikon.nrw-raw-image": "NRW", "com.sony.arw-raw-image": "ARW", "com.sony.sr2-raw-image": "SR2",
        "com.fuji.raw-image": "RAF", "com.olympus.raw-image": "ORF", "com.olympus.or-raw-image": "ORF", "com.panasonic.rw2-raw-image": "RW2",
        "com.pentax.raw-image": "PEF", "com.samsung.raw-image": "SRW", "com.leica.rwl-raw-image": "RWL",
    ]

    /// Photos 12 and later record a resource's type as a compact code (`ZCOMPACTUTI`, as text) with no
    /// table to read it by. The codes of RAW types seen in real libraries: 9 for DNG and 11 for
    /// Canon's CR2 (the same resources that macOS 10.15's library names `com.adobe.raw-image`
    /// and `com.canon.cr2-raw-image`); another code lists the RAW as `.RAW`.
    static let rawTypeIdentifiers: [Int: String] = [9: "com.adobe.raw-image", 11: "com.canon.cr2-raw-image"]
}
