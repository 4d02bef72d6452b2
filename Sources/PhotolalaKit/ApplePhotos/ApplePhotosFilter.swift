/// Which assets a listing shows; by default what Photos's All Photos shows: photos and videos,
/// neither hidden nor recently deleted, and of each burst only its key and selected frames.
/// Photos shown only outside the library ("Shared with You", iCloud links) are never listed.
public struct ApplePhotosFilter: Sendable, Equatable {
    /// Also list hidden assets.
    public var includeHidden = false
    /// Also list recently deleted assets.
    public var includeTrashed = false
    /// Only favourites (the Favorites view).
    public var onlyFavorites = false
    /// Only hidden assets (the Hidden view); implies ``includeHidden``.
    public var onlyHidden = false
    /// Only recently deleted assets, hidden or not (the Recently Deleted view).
    public var onlyTrashed = false
    /// Only assets whose title, original filename or a keyword contains this text, ignoring
    /// case and accents.
    public var search: String?

    /// - Parameters:
    ///   - includeHidden: Also list hidden assets.
    ///   - includeTrashed: Also list recently deleted assets.
    public init(includeHidden: Bool = false, includeTrashed: Bool = false) {
        self.includeHidden = includeHidden
        self.includeTrashed = includeTrashed
    }

    func accepts(_ asset: ApplePhotosAsset) -> Bool {
        // The text search last: it is the one test that costs.
        asset.kind != .other && !asset.isOutsideLibrary && asset.isShownInBurst && isInView(asset) && (search.map(asset.matches) ?? true)
    }

    /// Whether the view (favourites, hidden, recently deleted, or the rest) shows the asset.
    private func isInView(_ asset: ApplePhotosAsset) -> Bool {
        if onlyFavorites && !asset.isFavorite { return false }
        if onlyHidden { return asset.isHidden && (includeTrashed || !asset.isTrashed) }
        if onlyTrashed { return asset.isTrashed }
        return (includeHidden || !asset.isHidden) && (includeTrashed || !asset.isTrashed)
    }
}
