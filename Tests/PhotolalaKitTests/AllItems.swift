import PhotolalaKit

extension LocalPhotoSource {
    /// Every photo of the tree, once its scan has ended.
    func allItems() async throws -> [PhotoItem] {
        var items: [PhotoItem] = []
        for try await batch in scan() {
            items += batch.photos.map(\.item)
        }
        return items
    }
}

extension FolderListing {
    /// Every item of the folder, in its order, once the listing has arrived.
    func allItems() async throws -> [PhotoItem] {
        var items: [PhotoItem] = []
        for try await batch in listFolder() {
            items += batch.map(\.item)
        }
        return items
    }
}
