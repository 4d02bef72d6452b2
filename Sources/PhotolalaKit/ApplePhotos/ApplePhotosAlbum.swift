/// An album or folder of an Apple Photos library, keyed by uuid because titles repeat.
public struct ApplePhotosAlbum: Sendable, Equatable, Identifiable {
    /// What the entry is (`ZGENERICALBUM.ZKIND`).
    public enum Kind: String, Sendable {
        /// A user album (kind 2).
        case album
        /// A user smart album (1507); its members are those Photos last stored.
        case smartAlbum
        /// An iCloud shared album (1505).
        case sharedAlbum
        /// A book, card, calendar or slideshow (1508).
        case project
        /// A folder of albums and folders (4000).
        case folder

        init?(code: Int) {
            switch code {
            case 2: self = .album
            case 1505: self = .sharedAlbum
            case 1507: self = .smartAlbum
            case 1508: self = .project
            case 4000: self = .folder
            default: return nil
            }
        }
    }

    /// How Photos orders an album's members (`ZCUSTOMSORTKEY`, `ZCUSTOMSORTASCENDING`).
    public enum SortOrder: String, Sendable {
        /// The order the user arranged (key 0).
        case manual
        case newestFirst
        case oldestFirst
        /// By title (key 5).
        case title

        init(key: Int?, ascending: Int?) {
            switch key {
            case 1: self = ascending == 0 ? .newestFirst : .oldestFirst
            case 5: self = .title
            default: self = .manual
            }
        }
    }

    public let uuid: String
    public let title: String
    public let kind: Kind
    /// The folder holding the entry; `nil` at the top level (the root folder, kind 3999).
    public let parentUUID: String?
    public let sortOrder: SortOrder
    /// Members as Photos stores them, whether or not a listing shows them; 0 for folders.
    public let assetCount: Int

    public var id: String { uuid }
}
