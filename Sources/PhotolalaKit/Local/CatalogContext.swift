/// What a folder source needs to list from catalogs and keep them current.
struct CatalogContext: Sendable {
    let cacheDirectory: String
    let builder: CatalogBuilder
    let identities: IdentityIndex
    let dates: PhotoDateIndex
    let networkListings: NetworkListingCache

    func catalog(of folder: String) -> FolderCatalog {
        FolderCatalog(folder: folder, cacheDirectory: cacheDirectory)
    }
}
