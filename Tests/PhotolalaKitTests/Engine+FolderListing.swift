import PhotolalaKit

extension Engine {
    /// The listing of `folder` as a browser window opening it gets: the root folder of a tree
    /// rooted at `folder`.
    func folderListing(_ folder: String) throws -> LocalFolderListing {
        try localSource(root: folder).folderListing(id: LocalPhotoSource.rootFolderID)
    }
}
