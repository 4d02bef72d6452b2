import PhotolalaKit

extension LocalPhotoSource {
    /// Every item the source lists, once all batches have arrived.
    func allItems() async throws -> [PhotoItem] {
        var items: [PhotoItem] = []
        for try await batch in loadItems() {
            items += batch
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
