/// What a folder or album tile shows before it is opened: how many photos and subfolders it
/// holds and the photo that stands for it.
public struct FolderSummary: Sendable, Equatable {
    /// The photos directly inside (an album's members that its listing shows).
    public let photoCount: Int
    /// The folders (or, in a Photos folder, the albums and folders) directly inside.
    public let folderCount: Int
    /// The first photo in name order (a folder) or in the album's own order, whose thumbnail the
    /// tile shows; `nil` when there is no photo.
    public let cover: ListedPhoto?
    /// The part of the cover the tile frames: a person's face in the People view.
    public let coverRegion: FaceRegion?
    /// The folder the cover is in when it lies beneath the folder rather than in it (a year
    /// whose photos are in its months); `nil` for the folder's own photo.
    public let coverFolder: String?

    /// - Parameters:
    ///   - photoCount: The photos directly inside.
    ///   - folderCount: The folders or albums directly inside.
    ///   - cover: The photo standing for the folder.
    ///   - coverRegion: The part of the cover the tile frames; `nil` for all of it.
    ///   - coverFolder: The folder the cover is in, when not the folder itself.
    public init(photoCount: Int, folderCount: Int, cover: ListedPhoto?, coverRegion: FaceRegion? = nil, coverFolder: String? = nil) {
        self.photoCount = photoCount
        self.folderCount = folderCount
        self.cover = cover
        self.coverRegion = coverRegion
        self.coverFolder = coverFolder
    }
}
