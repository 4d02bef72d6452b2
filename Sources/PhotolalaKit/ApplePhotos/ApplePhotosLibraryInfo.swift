/// What `photolala library info` reports: the library's version and how much it holds.
public struct ApplePhotosLibraryInfo: Sendable, Equatable {
    public let path: String
    public let version: ApplePhotosVersion
    /// Photos and videos All Photos shows (not hidden, not deleted, of a burst its key and selected frames).
    public let photos: Int
    public let videos: Int
    public let favorites: Int
    public let hidden: Int
    /// Recently deleted assets.
    public let trashed: Int
    /// Assets whose original is not on this disk (in iCloud, referenced, or absent).
    public let missing: Int
    /// Assets that belong to a burst, every frame counted.
    public let burstFrames: Int
    public let albums: Int
    public let sharedAlbums: Int
    public let smartAlbums: Int
    public let projects: Int
    public let folders: Int
    /// What the reader could not make sense of, with what the user will miss (``ApplePhotosLibrary/problems``).
    public let problems: [String]

    init(path: String, version: ApplePhotosVersion, assets: [ApplePhotosAsset], albums: [ApplePhotosAlbum], problems: [String]) {
        self.path = path
        self.version = version
        self.problems = problems
        let shown = assets.filter(ApplePhotosFilter().accepts)
        photos = shown.count { $0.isPhoto }
        videos = shown.count { $0.isMovie }
        favorites = shown.count { $0.isFavorite }
        hidden = assets.count { $0.isHidden && !$0.isTrashed }
        trashed = assets.count { $0.isTrashed }
        missing = assets.count { $0.isMissing }
        burstFrames = assets.count { $0.isBurst }
        self.albums = albums.count { $0.kind == .album }
        sharedAlbums = albums.count { $0.kind == .sharedAlbum }
        smartAlbums = albums.count { $0.kind == .smartAlbum }
        projects = albums.count { $0.kind == .project }
        folders = albums.count { $0.kind == .folder }
    }
}
